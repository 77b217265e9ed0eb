import type { JsonSchema, ToolAnnotations, ToolDefinition } from './tool-definition';

/**
 * Reads the entries of `tools/list` pages into bounded tool definitions. The server's answer is untrusted:
 * an entry that is not a tool (no string name) is dropped and counted, a field of the wrong type is left
 * out and said so, and sizes are capped so that one bloated definition cannot crowd out the others or swell
 * the audit that travels through Temporal and is stored. Pure; the fingerprint is added by the caller.
 */
export const TOOL_LIST_BOUNDS = {
  /** Tools kept per server (the count beyond is still reported). */
  maxTools: 100,
  /** A description longer than this is cut (hiding text far down a description is a tactic: it is a finding). */
  maxDescriptionChars: 16_000,
  maxTitleChars: 200,
  maxNameChars: 128,
  /** An input or output schema whose JSON is larger is left out. */
  maxSchemaBytes: 64 * 1024,
  /** Kept definitions in all, as JSON. */
  maxTotalBytes: 512 * 1024,
} as const;

export type ReadTool = Omit<ToolDefinition, 'fingerprint'>;

export interface ReadToolList {
  tools: ReadTool[];
  /** Entries `tools/list` returned, tools or not. */
  listed: number;
  /** What was wrong with the list as a whole (malformed entries, tools beyond the bounds), one line each. */
  problems: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const ANNOTATION_FLAGS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

export function readToolList(entries: unknown[]): ReadToolList {
  const tools: ReadTool[] = [];
  const problems: string[] = [];
  let malformed = 0;
  let overCount = 0;
  let overBudget = 0;
  let duplicates = 0;
  let total = 0;
  const names = new Set<string>();
  for (const entry of entries) {
    const tool = readTool(entry);
    if (!tool) {
      malformed++;
      continue;
    }
    if (names.has(tool.name)) {
      duplicates++;
      continue;
    }
    names.add(tool.name); // a name is taken by its first entry, kept or not
    if (tools.length >= TOOL_LIST_BOUNDS.maxTools) {
      overCount++;
      continue;
    }
    const size = utf8Bytes(JSON.stringify(tool));
    if (total + size > TOOL_LIST_BOUNDS.maxTotalBytes) {
      overBudget++;
      continue;
    }
    total += size;
    tools.push(tool);
  }
  if (malformed) problems.push(`${malformed} ${plural(malformed, 'entry', 'entries')} of tools/list not a tool (no string name): left out`);
  if (duplicates) problems.push(`${duplicates} ${plural(duplicates, 'tool', 'tools')} listed twice under one name: the first kept`);
  if (overCount) problems.push(`${overCount} ${plural(overCount, 'tool', 'tools')} beyond the first ${TOOL_LIST_BOUNDS.maxTools}: not kept`);
  if (overBudget)
    problems.push(`${overBudget} ${plural(overBudget, 'tool', 'tools')} beyond ${TOOL_LIST_BOUNDS.maxTotalBytes / 1024} KB of definitions: not kept`);
  return { tools, listed: entries.length, problems };
}

function readTool(entry: unknown): ReadTool | undefined {
  if (!isObject(entry) || typeof entry.name !== 'string' || !entry.name.trim()) return undefined;
  const bounded: string[] = [];
  const name = cut(entry.name, TOOL_LIST_BOUNDS.maxNameChars, 'name', bounded);
  const tool: ReadTool = { name, inputSchema: {} };
  if (typeof entry.title === 'string') tool.title = cut(entry.title, TOOL_LIST_BOUNDS.maxTitleChars, 'title', bounded);
  else if (entry.title !== undefined) bounded.push('title is not a string: left out');
  if (typeof entry.description === 'string') tool.description = cut(entry.description, TOOL_LIST_BOUNDS.maxDescriptionChars, 'description', bounded);
  else if (entry.description !== undefined) bounded.push('description is not a string: left out');
  const input = schema(entry.inputSchema, 'inputSchema', bounded);
  if (input) tool.inputSchema = input;
  else if (entry.inputSchema === undefined) bounded.push('no inputSchema');
  const output = schema(entry.outputSchema, 'outputSchema', bounded);
  if (output) tool.outputSchema = output;
  const annotations = readAnnotations(entry.annotations, bounded);
  if (annotations) tool.annotations = annotations;
  if (bounded.length) tool.bounded = bounded;
  return tool;
}

function schema(v: unknown, field: string, bounded: string[]): JsonSchema | undefined {
  if (v === undefined) return undefined;
  if (!isObject(v)) {
    bounded.push(`${field} is not an object: left out`);
    return undefined;
  }
  const bytes = utf8Bytes(JSON.stringify(v));
  if (bytes > TOOL_LIST_BOUNDS.maxSchemaBytes) {
    bounded.push(`${field} of ${Math.round(bytes / 1024)} KB is over ${TOOL_LIST_BOUNDS.maxSchemaBytes / 1024} KB: left out`);
    return undefined;
  }
  return v;
}

function readAnnotations(v: unknown, bounded: string[]): ToolAnnotations | undefined {
  if (v === undefined) return undefined;
  if (!isObject(v)) {
    bounded.push('annotations is not an object: left out');
    return undefined;
  }
  const out: ToolAnnotations = {};
  for (const flag of ANNOTATION_FLAGS) {
    if (typeof v[flag] === 'boolean') out[flag] = v[flag] as boolean;
    else if (v[flag] !== undefined) bounded.push(`annotations.${flag} is not a boolean: left out`);
  }
  if (typeof v.title === 'string') out.title = cut(v.title, TOOL_LIST_BOUNDS.maxTitleChars, 'annotations.title', bounded);
  else if (v.title !== undefined) bounded.push('annotations.title is not a string: left out');
  return out;
}

function cut(text: string, max: number, field: string, bounded: string[]): string {
  if (text.length <= max) return text;
  bounded.push(`${field} cut from ${text.length} to ${max} characters`);
  return text.slice(0, max);
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
const encoder = new TextEncoder();
/** Sizes are bytes as stored and sent (UTF-8), not characters: 60,000 CJK characters are some 180 KB. */
const utf8Bytes = (text: string) => encoder.encode(text).length;

/**
 * The definition as fingerprinted: its fields in a fixed order with object keys sorted, so the same
 * definition always hashes the same whatever order the server wrote its JSON in.
 */
export function canonicalDefinition(t: ReadTool): string {
  return canonicalJson({
    name: t.name,
    title: t.title ?? null,
    description: t.description ?? null,
    inputSchema: t.inputSchema,
    outputSchema: t.outputSchema ?? null,
    annotations: t.annotations ?? null,
  });
}

export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (isObject(v))
    return `{${Object.keys(v)
      .sort()
      .filter((k) => v[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}
