import { z, type ZodObject } from 'zod';
import type { CommandBinding, Operation } from '../operations';

/** One input field as the command line takes it. */
export interface CliField {
  field: string;
  kind: 'string' | 'number' | 'boolean' | 'array';
  nullable: boolean;
  required: boolean;
  description?: string;
  /** `--min-score`, or the binding's own name for it. */
  flag: string;
}

interface JsonSchemaProperty {
  type?: string | string[];
  anyOf?: JsonSchemaProperty[];
  description?: string;
}

/** Every type a property may take, nullable ones (`anyOf` with a null branch) included. */
const typesOf = (p: JsonSchemaProperty): string[] => [...([] as string[]).concat(p.type ?? []), ...(p.anyOf ?? []).flatMap(typesOf)];

/** The shape the command line fills in: the flat input (tool arguments) when the operation has one. */
export const commandSchema = (op: Operation): ZodObject => op.flat?.schema ?? op.input;

const kebab = (name: string) =>
  name
    .replace(/_/g, '-')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();

const fieldCache = new WeakMap<Operation, CliField[]>();

/** The operation's input fields, typed from its zod schema (as JSON Schema, the input side of any transform). */
export function cliFields(op: Operation): CliField[] {
  const cached = fieldCache.get(op);
  if (cached) return cached;
  const fields = readFields(op);
  fieldCache.set(op, fields);
  return fields;
}

function readFields(op: Operation): CliField[] {
  const json = z.toJSONSchema(commandSchema(op), { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, JsonSchemaProperty>;
    required?: string[];
  };
  const aliases = Object.fromEntries(Object.entries(op.cli?.flags ?? {}).map(([flag, field]) => [field, flag]));
  return Object.entries(json.properties ?? {}).map(([field, p]) => {
    const types = typesOf(p).length ? typesOf(p) : ['string'];
    const kind = types.includes('array')
      ? 'array'
      : types.includes('boolean')
        ? 'boolean'
        : types.some((t) => t === 'number' || t === 'integer')
          ? 'number'
          : 'string';
    return {
      field,
      kind,
      nullable: types.includes('null'),
      required: json.required?.includes(field) ?? false,
      description: p.description,
      flag: aliases[field] ?? kebab(field),
    };
  });
}

/**
 * A flag's value as the field's type: numbers parsed, `none` clearing a nullable field, a list given
 * space- or comma-separated (`--events a,b` or `--events a b`).
 */
export function coerceValue(f: CliField, raw: unknown): unknown {
  if (f.kind === 'array' && Array.isArray(raw)) return raw.flatMap((v) => String(v).split(',')).filter((v) => v !== '');
  if (raw === undefined || f.kind === 'boolean' || f.kind === 'array') return raw;
  const text = String(raw);
  if (f.nullable && /^(none|null)$/i.test(text)) return null;
  if (f.kind === 'number') {
    const n = Number(text);
    return text.trim() !== '' && Number.isFinite(n) ? n : text; // left as text, validation names the flag
  }
  return text;
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * The operation's input from what the command line gave, validated by the same schema the server uses,
 * so a bad value is a usage error (exit 2) before anything is sent. Returns the input to send.
 */
export function buildInput(op: Operation, values: Record<string, unknown>): Record<string, unknown> {
  const fields = cliFields(op);
  const raw: Record<string, unknown> = {};
  for (const f of fields) {
    const value = coerceValue(f, values[f.field]);
    if (value !== undefined) raw[f.field] = value;
  }
  const checked = commandSchema(op).safeParse(raw);
  if (!checked.success) throw new UsageError(describeIssues(checked.error, fields, op.cli));
  const input = (op.flat ? op.flat.toInput(raw as never) : raw) as Record<string, unknown>;
  // The flat shape mapped onto the operation's own input must validate too (the server checks it again).
  const full = op.input.safeParse(input);
  if (!full.success) throw new UsageError(describeIssues(full.error, fields, op.cli));
  return input;
}

function describeIssues(error: z.ZodError, fields: CliField[], cli: CommandBinding | undefined): string {
  return error.issues
    .map((issue) => {
      const field = String(issue.path[0] ?? '');
      const f = fields.find((x) => x.field === field);
      const name = !f ? field || 'input' : cli?.args?.includes(field) ? `<${field}>` : `--${f.flag}`;
      const message = issue.code === 'invalid_type' && /received undefined/.test(issue.message) ? 'is required' : issue.message;
      return `${name}: ${message}`;
    })
    .join('; ');
}
