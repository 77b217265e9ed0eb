import { type Command, Option } from 'commander';
import { operationList, type Operation } from '../operations';
import { type CliField, cliFields, UsageError } from './inputs';

/** Several operations may share one command (`categories [slug]`, `limits [--budget n]`): the arguments pick one. */
export interface CommandGroup {
  words: string[];
  ops: Operation[];
}

/** The declared commands, grouped by their words, in declaration order. */
export function commandGroups(): CommandGroup[] {
  const groups = new Map<string, CommandGroup>();
  for (const op of operationList) {
    if (!op.cli) continue;
    const key = op.cli.command;
    const group = groups.get(key) ?? { words: key.split(' '), ops: [] };
    group.ops.push(op);
    groups.set(key, group);
  }
  return [...groups.values()];
}

export type RunOperation = (op: Operation, values: Record<string, unknown>, view?: string) => Promise<void>;

/**
 * Adds one group's command under `parent`: positional arguments and flags from the operations' input
 * fields, help with each operation's summary and example, and an action that picks the operation the
 * given arguments belong to.
 */
export function addCommand(parent: Command, group: CommandGroup, run: RunOperation): void {
  const name = group.words[group.words.length - 1];
  const cmd = parent.command(name).description(group.ops.map((op) => op.summary).join('; or, with arguments: '));
  const args = positionals(group);
  for (const a of args) cmd.argument(a.required ? `<${a.name}${a.variadic ? '...' : ''}>` : `[${a.name}${a.variadic ? '...' : ''}]`, a.description ?? '');
  const seen = new Set<string>();
  for (const op of group.ops) {
    for (const f of cliFields(op)) {
      if (op.cli?.args?.includes(f.field) || seen.has(f.flag)) continue;
      seen.add(f.flag);
      cmd.addOption(flagOption(f));
      if (f.kind === 'boolean' && op.cli?.negatable?.includes(f.field)) cmd.addOption(new Option(`--no-${f.flag}`, `set ${f.flag} off`));
    }
  }
  for (const [flag, description] of Object.entries(group.ops.find((op) => op.cli?.views)?.cli?.views ?? {})) {
    if (!seen.has(flag)) cmd.addOption(new Option(`--${flag}`, description));
  }
  cmd.addHelpText('after', `\nExample${group.ops.length > 1 ? 's' : ''}:\n${group.ops.map((op) => `  $ ${op.cli!.example}`).join('\n')}\n`);
  cmd.action(async (...received: unknown[]) => {
    const opts = (received[args.length] ?? {}) as Record<string, unknown>;
    const positional = Object.fromEntries(
      args.map((a, i) => [a.name, received[i]]).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)),
    );
    const op = pickOperation(group, positional, opts);
    const view = Object.keys(op.cli?.views ?? {}).find((flag) => opts[optionKey(flag)] === true);
    await run(op, valuesFor(op, positional, opts), view);
  });
}

interface Positional {
  name: string;
  required: boolean;
  variadic: boolean;
  description?: string;
}

/** A group's positional arguments: required only when every operation of the group requires it. */
function positionals(group: CommandGroup): Positional[] {
  const list: Positional[] = [];
  for (const op of group.ops) {
    const fields = cliFields(op);
    (op.cli?.args ?? []).forEach((name, i) => {
      const f = fields.find((x) => x.field === name);
      if (!f) throw new Error(`${op.name}: CLI argument ${name} is not an input field`);
      if (list[i] && list[i].name !== name) throw new Error(`${op.cli!.command}: operations disagree on argument ${i + 1}`);
      list[i] ??= { name, required: true, variadic: f.kind === 'array', description: f.description };
    });
  }
  for (const p of list) p.required = group.ops.every((op) => op.cli?.args?.includes(p.name) && cliFields(op).find((f) => f.field === p.name)?.required);
  return list;
}

function flagOption(f: CliField): Option {
  const description = [f.description, f.nullable ? '(`none` clears it)' : ''].filter(Boolean).join(' ');
  if (f.kind === 'boolean') return new Option(`--${f.flag}`, description);
  const placeholder = f.kind === 'number' ? 'n' : f.kind === 'array' ? 'values...' : 'value';
  return new Option(`--${f.flag} <${placeholder}>`, description);
}

/** Commander's option key for a flag: camel-cased, as it stores them. */
const optionKey = (flag: string) => flag.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

function given(op: Operation, positional: Record<string, unknown>, opts: Record<string, unknown>): Set<string> {
  const fields = cliFields(op);
  const names = new Set<string>();
  for (const f of fields) if (positional[f.field] !== undefined || opts[optionKey(f.flag)] !== undefined) names.add(f.field);
  return names;
}

/** The operation whose fields cover everything given and whose required fields are all there; the plainest wins. */
function pickOperation(group: CommandGroup, positional: Record<string, unknown>, opts: Record<string, unknown>): Operation {
  if (group.ops.length === 1) return group.ops[0];
  const provided = new Set([...Object.keys(positional), ...group.ops.flatMap((op) => [...given(op, positional, opts)])]);
  const fits = group.ops.filter((op) => {
    const fields = cliFields(op);
    const names = new Set(fields.map((f) => f.field));
    return [...provided].every((p) => names.has(p)) && fields.filter((f) => f.required).every((f) => provided.has(f.field));
  });
  fits.sort((a, b) => cliFields(a).length - cliFields(b).length);
  if (!fits.length) throw new UsageError(`these arguments do not go together: ${[...provided].join(', ')}`);
  return provided.size ? fits[fits.length - 1] : fits[0];
}

function valuesFor(op: Operation, positional: Record<string, unknown>, opts: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of cliFields(op)) {
    const value = positional[f.field] ?? opts[optionKey(f.flag)];
    if (value !== undefined) values[f.field] = value;
  }
  return values;
}
