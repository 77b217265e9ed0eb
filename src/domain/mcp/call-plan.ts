import type { JsonSchema, ToolDefinition } from './tool-definition';

/**
 * Which tool the audit may call to verify a server, and the input it starts from. Only a tool annotated
 * `readOnlyHint: true` and not `destructiveHint: true` is ever a candidate: an agent's trust in a server
 * must not cost the vendor a side effect. Of those, the one whose required input can be built best: every
 * required value known from the schema itself (a default, an example, a const or an enum) beats one that
 * must be generated, and fewer required values beat more. Pure.
 */
export interface CallPlan {
  tool: string;
  /** Required values the schema itself gives (default, example, const, first enum value). */
  known: Record<string, unknown>;
  /** Required properties it gives no value for: the caller generates them from their schemas. */
  unknown: string[];
}

export type NoCall = { reason: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const isCallable = (t: ToolDefinition) => t.annotations?.readOnlyHint === true && t.annotations.destructiveHint !== true;

export function planCall(tools: ToolDefinition[]): CallPlan | NoCall {
  if (!tools.length) return { reason: 'the server lists no tools' };
  const callable = tools.filter(isCallable);
  if (!callable.length) {
    const readOnlyButDestructive = tools.some((t) => t.annotations?.readOnlyHint === true);
    return {
      reason: readOnlyButDestructive
        ? 'its read-only tools are also annotated destructive: none is called'
        : 'no tool is annotated readOnlyHint: true, and only such a tool is ever called',
    };
  }
  const plans = callable.map(planFor);
  plans.sort((a, b) => a.unknown.length - b.unknown.length || size(a) - size(b) || (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0));
  return plans[0];
}

const size = (p: CallPlan) => p.unknown.length + Object.keys(p.known).length;

function planFor(t: ToolDefinition): CallPlan {
  const properties = isObject(t.inputSchema.properties) ? t.inputSchema.properties : {};
  const required = Array.isArray(t.inputSchema.required) ? t.inputSchema.required.filter((r): r is string => typeof r === 'string') : [];
  const known: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const name of [...new Set(required)]) {
    const value = valueFromSchema(properties[name]);
    if (value.found) known[name] = value.value;
    else unknown.push(name);
  }
  return { tool: t.name, known, unknown };
}

/** A value the schema states: its default, its first example, its const, or its first enum value. */
export function valueFromSchema(s: unknown): { found: true; value: unknown } | { found: false } {
  if (!isObject(s)) return { found: false };
  if ('default' in s && s.default !== undefined) return { found: true, value: s.default };
  if (Array.isArray(s.examples) && s.examples.length) return { found: true, value: s.examples[0] };
  if ('example' in s && s.example !== undefined) return { found: true, value: s.example };
  if ('const' in s) return { found: true, value: s.const };
  if (Array.isArray(s.enum) && s.enum.length) return { found: true, value: s.enum[0] };
  return { found: false };
}

/**
 * A copy of a schema fit to generate and validate with: `pattern` and `patternProperties` left out, since
 * a server's regular expression run on this worker could take unbounded time (catastrophic backtracking),
 * and `$ref`s to anything but this document dropped (nothing is fetched on a schema's say).
 */
export function safeSchema(s: unknown, depth = 0): unknown {
  if (depth > 16) return {};
  if (Array.isArray(s)) return s.map((x) => safeSchema(x, depth + 1));
  if (!isObject(s)) return s;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'pattern' || k === 'patternProperties') continue;
    if (k === '$ref' && (typeof v !== 'string' || !v.startsWith('#'))) continue;
    // A map of names to schemas: its keys are a parameter's names (a `pattern` parameter), not keywords.
    out[k] = SCHEMA_MAPS.has(k) && isObject(v) ? mapOfSchemas(v, depth + 1) : safeSchema(v, depth + 1);
  }
  return out;
}

const SCHEMA_MAPS = new Set(['properties', '$defs', 'definitions', 'dependentSchemas']);

function mapOfSchemas(m: Record<string, unknown>, depth: number): Record<string, unknown> {
  return Object.fromEntries(Object.entries(m).map(([name, schema]) => [name, safeSchema(schema, depth)]));
}

export function requiredSchema(t: ToolDefinition, name: string): JsonSchema {
  const properties = isObject(t.inputSchema.properties) ? t.inputSchema.properties : {};
  const p = properties[name];
  return isObject(p) ? p : {};
}
