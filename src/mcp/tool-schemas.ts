import { z, ZodArray, type ZodType } from 'zod';
import type { Operation } from '../operations';

type JsonSchema = Record<string, unknown>;

// zod writes int() as the safe-integer range: noise to a model reading the schema.
const SAFE_INT = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/** JSON Schema (draft-07, as MCP clients widely accept) of one side of a zod schema. */
function jsonSchema(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, {
    target: 'draft-7',
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema: s }) => {
      for (const bound of ['minimum', 'maximum'] as const) if (SAFE_INT.has(s[bound] as number)) delete s[bound];
      // zod leaves out the default of a field read through a preprocess (the query integers): what the
      // field becomes when absent is its default, so a model reads it as before.
      if (io === 'input' && s.default === undefined && s.type !== 'object') {
        const absent = z.safeParse(zodSchema, undefined);
        if (absent.success && absent.data !== undefined) s.default = absent.data;
      }
      // Outputs may gain fields in later versions: a client validating against the schema must not break.
      if (io === 'output' && s.additionalProperties === false) delete s.additionalProperties;
    },
  }) as JsonSchema;
}

/**
 * `type: [a, b]` (zod's nullable) is legal, but clients that map tool schemas onto a single-type dialect
 * (Gemini's OpenAPI subset) reject it: anyOf with one type per branch is the portable spelling.
 */
function singleTypes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(singleTypes);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === 'type' && Array.isArray(v) ? undefined : singleTypes(v);
  const type = (node as JsonSchema).type;
  if (Array.isArray(type)) {
    delete out.type;
    out.anyOf = type.map((t) => ({ type: t }));
  }
  return out;
}

/**
 * A tool's inputSchema and outputSchema, from the operation's zod schemas: the flat input when it has
 * one, and the output wrapped as `{results}` when it is a list (MCP's structuredContent is an object).
 */
export function toolSchemas(op: Operation): { input: JsonSchema; output: JsonSchema } {
  const output = op.output instanceof ZodArray ? z.object({ results: op.output }) : op.output;
  return {
    input: singleTypes(jsonSchema(op.flat?.schema ?? op.input, 'input')) as JsonSchema,
    output: singleTypes(jsonSchema(output, 'output')) as JsonSchema,
  };
}
