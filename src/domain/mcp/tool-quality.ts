/**
 * Tool-definition quality (issue 38): deterministic scores for the tools an MCP server's `tools/list` returned,
 * in the spirit of Glama's tool-definition quality score (purpose, parameters, behaviour, conciseness, a
 * worst-tool penalty) but with explained rules instead of a language model. Every check yields a score in 0..1
 * with a detail and, below 1, a fix; weights are data; the formulas are in docs/scoring.md.
 *
 * Every string read here is a third-party server's untrusted text: it is measured and compared, and any of it
 * quoted in a detail is cut short. Pure, with no Node built-ins: it runs inside the Temporal workflow sandbox.
 */
import type { JsonSchema, Severity, ToolDefinition, ToolFinding } from './tool-definition';

export interface ToolCheckResult {
  id: string;
  title: string;
  weight: number;
  /** 0..1, two decimals. */
  score: number;
  detail: string;
  /** Present when score < 1. */
  fix?: string;
}

export interface ToolQuality {
  name: string;
  /** 0..100 integer. */
  score: number;
  checks: ToolCheckResult[];
  findings: ToolFinding[];
}

export interface ServerQuality {
  /** 0..100 integer; null when there are no tools. */
  toolScore: number | null;
  /** One per tool, in the input order. */
  tools: ToolQuality[];
  /** The server-level checks. */
  checks: ToolCheckResult[];
  /** One per server-level check below 1 (each tool's own findings are in `tools[i].findings`). */
  findings: ToolFinding[];
}

export interface ToolCheckMeta {
  id: string;
  title: string;
  weight: number;
}

export const TOOL_CHECKS: ToolCheckMeta[] = [
  { id: 'description', title: 'The tool says specifically what it does, concisely', weight: 3 },
  { id: 'parameters-described', title: 'Every parameter is described', weight: 2 },
  { id: 'required-declared', title: 'Required parameters are declared', weight: 1 },
  { id: 'constrained-types', title: 'Parameters are typed and constrained', weight: 1 },
  { id: 'output-schema', title: 'An output schema is declared', weight: 1 },
  { id: 'annotations', title: 'Behaviour annotations are declared', weight: 2 },
  { id: 'title', title: 'A human-readable title', weight: 0.5 },
];

export const SERVER_CHECKS: ToolCheckMeta[] = [
  { id: 'distinct-purposes', title: 'No two tools do the same thing', weight: 2 },
  { id: 'consistent-naming', title: 'One naming style across tools', weight: 1 },
  { id: 'tool-count', title: 'A manageable number of tools', weight: 1 },
];

/** How the server's tool score blends the mean tool, the worst tool and the server checks (sums to 1). */
export const SERVER_BLEND = { mean: 0.55, worst: 0.3, server: 0.15 };

/** Description lengths (characters, trimmed): below SHORT is partial, above LONG and VERY_LONG less so. */
const DESCRIPTION_SHORT = 20;
const DESCRIPTION_LONG = 1000;
const DESCRIPTION_VERY_LONG = 2000;
/** Characters of a description tokenised, properties examined a tool, tools compared for duplicate purposes. */
const MAX_TEXT = 4000;
const MAX_PROPERTIES = 500;
const MAX_COMPARED = 200;
/** Duplicate purposes: Jaccard similarity at least this, over token sets of at least MIN_TOKENS each. */
const DUPLICATE_SIMILARITY = 0.8;
const DUPLICATE_MIN_TOKENS = 4;
const MAX_PAIRS_SHOWN = 3;
const MAX_NAMES_SHOWN = 5;
const LABEL_MAX = 64;

const STOP_WORDS = stemSet(
  'a an the and or nor of to for in on at by with from into onto via as is are was were be been being it its this that these those ' +
    'your you we our their them they can will may must should would could if then than when which who whom whose what where how ' +
    'also any all some each every such given not no only just so very more most other',
);
/** Words that say nothing specific about a tool's purpose on their own. */
const GENERIC_WORDS = stemSet(
  'do does doing did done stuff thing things tool tools helper helpers help helps handle handles handler handling request requests ' +
    'function functions func utility utilities util utils misc miscellaneous various generic general perform performs action actions ' +
    'operation operations process processes execute executes run runs call calls api endpoint endpoints method methods service ' +
    'services something anything task tasks work works job jobs manage manages management data info information useful simple',
);
/** A parameter name whose last word is one of these suggests values that should be constrained. */
const SUGGESTIVE_LAST = new Set([
  'id',
  'uuid',
  'email',
  'url',
  'uri',
  'date',
  'time',
  'datetime',
  'timestamp',
  'limit',
  'count',
  'page',
  'size',
  'offset',
  'format',
  'sort',
  'order',
  'status',
  'type',
  'kind',
  'mode',
  'direction',
  'locale',
  'currency',
]);
/** ... and so does one whose first word is one of these (`sort_by`, `max_results`). */
const SUGGESTIVE_FIRST = new Set(['sort', 'order', 'max', 'min']);
const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const CONSTRAINT_KEYS = ['enum', 'const', 'format', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength'];

// ---------------------------------------------------------------------------------------------------------------
// Public API

/** One tool's checks, score (round(100 × Σ weight×score / Σ weight)) and findings. Never throws on malformed input. */
export function scoreTool(tool: ToolDefinition): ToolQuality {
  const t: Partial<ToolDefinition> = isObject(tool) ? tool : {};
  const name = typeof t.name === 'string' ? t.name : '';
  const schema = readSchema(t.inputSchema);
  const raw: Record<string, Omit<ToolCheckResult, 'id' | 'title' | 'weight'>> = {
    description: checkDescription(name, t.description),
    'parameters-described': checkParametersDescribed(schema),
    'required-declared': checkRequiredDeclared(schema),
    'constrained-types': checkConstrainedTypes(schema),
    'output-schema': checkOutputSchema(t.outputSchema),
    annotations: checkAnnotations(t.annotations),
    title: checkTitle(t.title, t.annotations),
  };
  const checks = TOOL_CHECKS.map((meta) => result(meta, raw[meta.id]!));
  return { name, score: weightedScore(checks), checks, findings: findingsOf(checks) };
}

/**
 * Every tool scored, plus the server-level checks. toolScore = round(0.55 × mean tool score + 0.30 × worst tool
 * score + 0.15 × 100 × server checks score), so one lazy tool drags the whole server down; null with no tools.
 */
export function scoreServer(tools: ToolDefinition[]): ServerQuality {
  const list = Array.isArray(tools) ? tools : [];
  const scored = list.map(scoreTool);
  const raw: Record<string, Omit<ToolCheckResult, 'id' | 'title' | 'weight'>> = {
    'distinct-purposes': checkDistinctPurposes(list),
    'consistent-naming': checkConsistentNaming(scored.map((t) => t.name)),
    'tool-count': checkToolCount(list.length),
  };
  const checks = SERVER_CHECKS.map((meta) => result(meta, raw[meta.id]!));
  let toolScore: number | null = null;
  if (scored.length > 0) {
    const mean = scored.reduce((n, t) => n + t.score, 0) / scored.length;
    const worst = scored.reduce((n, t) => Math.min(n, t.score), 100);
    toolScore = Math.round(SERVER_BLEND.mean * mean + SERVER_BLEND.worst * worst + SERVER_BLEND.server * weightedScore(checks));
  }
  return { toolScore, tools: scored, checks, findings: findingsOf(checks) };
}

// ---------------------------------------------------------------------------------------------------------------
// Per-tool checks

type Partial01 = Omit<ToolCheckResult, 'id' | 'title' | 'weight'>;

function checkDescription(name: string, description: unknown): Partial01 {
  const text = typeof description === 'string' ? description.trim() : '';
  if (text === '') return { score: 0, detail: 'No description', fix: 'Add a description saying what the tool does, when to use it and what it returns' };
  const content = new Set(tokens(text).filter((w) => !STOP_WORDS.has(w)));
  const nameWords = new Set(tokens(name));
  const specific = [...content].filter((w) => !nameWords.has(w) && !GENERIC_WORDS.has(w));
  if (content.size > 0 && [...content].every((w) => nameWords.has(w)))
    return {
      score: 0.1,
      detail: 'The description only restates the name',
      fix: 'Say what the tool does beyond its name: what it acts on, when to use it, what it returns',
    };
  if (specific.length === 0)
    return {
      score: 0.25,
      detail: 'The description is vague (only generic words)',
      fix: 'Replace generic wording with what the tool acts on and what it returns',
    };
  const length = text.length;
  if (length < DESCRIPTION_SHORT)
    return {
      score: 0.5,
      detail: `The description is very short (${length} characters)`,
      fix: `Describe the tool in at least ${DESCRIPTION_SHORT} characters: what it does, when to use it, what it returns`,
    };
  if (length > DESCRIPTION_VERY_LONG)
    return {
      score: 0.5,
      detail: `The description is very long (${length} characters)`,
      fix: `Cut the description to at most ${DESCRIPTION_LONG} characters; move detail into parameter descriptions`,
    };
  if (length > DESCRIPTION_LONG)
    return {
      score: 0.75,
      detail: `The description is long (${length} characters)`,
      fix: `Cut the description to at most ${DESCRIPTION_LONG} characters; move detail into parameter descriptions`,
    };
  return { score: 1, detail: `A specific description (${length} characters)` };
}

function checkParametersDescribed(schema: SchemaShape): Partial01 {
  if (!schema.ok) return malformed(schema.why);
  if (schema.properties.length === 0) return { score: 1, detail: 'No parameters' };
  const missing = schema.properties.filter(([, p]) => !(isObject(p) && typeof p.description === 'string' && p.description.trim() !== '')).map(([n]) => n);
  const total = schema.properties.length;
  if (missing.length === 0) return { score: 1, detail: `All ${total} parameters are described` };
  return {
    score: (total - missing.length) / total,
    detail: `${missing.length} of ${total} parameters have no description: ${names(missing)}`,
    fix: `Add a description to each parameter: ${names(missing)}`,
  };
}

function checkRequiredDeclared(schema: SchemaShape): Partial01 {
  if (!schema.ok) return malformed(schema.why);
  if (schema.properties.length === 0) return { score: 1, detail: 'No parameters' };
  const required = schema.required;
  if (Array.isArray(required)) {
    const declared = new Set(schema.properties.map(([n]) => n));
    const bad = required.filter((r) => typeof r !== 'string' || !declared.has(r)).map((r) => (typeof r === 'string' ? r : String(typeof r)));
    if (bad.length === 0) return { score: 1, detail: `\`required\` declared (${required.length} of ${schema.properties.length} parameters)` };
    return {
      score: 0.5,
      detail: `\`required\` names what is not a declared parameter: ${names(bad)}`,
      fix: 'List in `required` only the names of declared parameters',
    };
  }
  const fix = 'Declare `required` in inputSchema (an empty array when every parameter is optional)';
  if (required !== undefined) return { score: 0, detail: '`required` is not an array', fix };
  if (schema.properties.every(([, p]) => isObject(p) && 'default' in p))
    return { score: 0.5, detail: 'No `required` array, though every parameter has a default', fix };
  return { score: 0, detail: 'No `required` array: an agent cannot tell which parameters it must send', fix };
}

function checkConstrainedTypes(schema: SchemaShape): Partial01 {
  if (!schema.ok) return malformed(schema.why);
  const total = schema.properties.length;
  if (total === 0) return { score: 1, detail: 'No parameters' };
  const untyped: string[] = [];
  const unconstrained: string[] = [];
  let suggestive = 0;
  for (const [name, p] of schema.properties) {
    if (!isTyped(p)) {
      untyped.push(name);
      continue;
    }
    if (!isSuggestive(name, p as JsonSchema)) continue;
    suggestive++;
    if (!CONSTRAINT_KEYS.some((k) => k in (p as JsonSchema))) unconstrained.push(name);
  }
  const typedShare = (total - untyped.length) / total;
  const constrainedShare = suggestive === 0 ? 1 : (suggestive - unconstrained.length) / suggestive;
  const score = typedShare * constrainedShare;
  if (score === 1) return { score: 1, detail: `All ${total} parameters are typed${suggestive > 0 ? `; ${suggestive} constrained` : ''}` };
  const parts: string[] = [];
  const fixes: string[] = [];
  if (untyped.length > 0) {
    parts.push(`${untyped.length} of ${total} parameters have no valid type: ${names(untyped)}`);
    fixes.push(`give ${names(untyped)} a JSON Schema \`type\``);
  }
  if (unconstrained.length > 0) {
    parts.push(`${unconstrained.length} of ${suggestive} id/url/date/count-like parameters are unconstrained: ${names(unconstrained)}`);
    fixes.push(`constrain ${names(unconstrained)} with enum, format, pattern, minimum/maximum or minLength/maxLength`);
  }
  return { score, detail: parts.join('; '), fix: capitalise(fixes.join('; ')) };
}

function checkOutputSchema(output: unknown): Partial01 {
  const fix = 'Declare an `outputSchema` (type object) and return `structuredContent` that matches it';
  if (output === undefined || output === null) return { score: 0, detail: 'No output schema', fix };
  if (!isObject(output) || output.type !== 'object') return { score: 0, detail: 'The output schema is not a JSON Schema of type object', fix };
  return { score: 1, detail: 'An output schema of type object' };
}

function checkAnnotations(annotations: unknown): Partial01 {
  const a: Record<string, unknown> = isObject(annotations) ? annotations : {};
  const readOnly = typeof a.readOnlyHint === 'boolean';
  const others = a.readOnlyHint === true ? ['idempotentHint', 'openWorldHint'] : ['destructiveHint', 'idempotentHint', 'openWorldHint'];
  const declared = others.filter((k) => typeof a[k] === 'boolean');
  const score = (readOnly ? 0.5 : 0) + (0.5 * declared.length) / others.length;
  const missing = [...(readOnly ? [] : ['readOnlyHint']), ...others.filter((k) => !declared.includes(k))];
  if (missing.length === 0) return { score: 1, detail: `Declares ${['readOnlyHint', ...others].join(', ')}` };
  return {
    score,
    detail: `Missing behaviour hints: ${missing.join(', ')}`,
    fix: `Declare ${missing.join(', ')} in the tool's annotations (true or false) so an agent knows what calling it does`,
  };
}

function checkTitle(title: unknown, annotations: unknown): Partial01 {
  const annotated = isObject(annotations) ? annotations.title : undefined;
  if ((typeof title === 'string' && title.trim() !== '') || (typeof annotated === 'string' && annotated.trim() !== ''))
    return { score: 1, detail: 'A human-readable title' };
  return { score: 0, detail: 'No title', fix: 'Add a short human-readable `title` (or `annotations.title`)' };
}

// ---------------------------------------------------------------------------------------------------------------
// Server-level checks

function checkDistinctPurposes(tools: ToolDefinition[]): Partial01 {
  const compared = tools.slice(0, MAX_COMPARED).map((t) => {
    const o: Partial<ToolDefinition> = isObject(t) ? t : {};
    const text = typeof o.description === 'string' ? o.description : '';
    return { name: typeof o.name === 'string' ? o.name : '', words: new Set(tokens(text).filter((w) => !STOP_WORDS.has(w))) };
  });
  if (compared.length === 0) return { score: 1, detail: 'No tools' };
  const pairs: Array<[string, string, number]> = [];
  for (let i = 0; i < compared.length; i++) {
    const a = compared[i]!;
    if (a.words.size < DUPLICATE_MIN_TOKENS) continue;
    for (let j = i + 1; j < compared.length; j++) {
      const b = compared[j]!;
      if (b.words.size < DUPLICATE_MIN_TOKENS) continue;
      const similarity = jaccard(a.words, b.words);
      if (similarity >= DUPLICATE_SIMILARITY) pairs.push([a.name, b.name, similarity]);
    }
  }
  const scope = tools.length > MAX_COMPARED ? ` (the first ${MAX_COMPARED} compared)` : '';
  if (pairs.length === 0) return { score: 1, detail: `No two tools have nearly the same description${scope}` };
  const shown = pairs
    .slice(0, MAX_PAIRS_SHOWN)
    .map(([a, b, s]) => `${label(a)} ≈ ${label(b)} (${round2(s)})`)
    .join(', ');
  return {
    score: Math.max(0, 1 - pairs.length / compared.length),
    detail: `${pairs.length} pair${pairs.length === 1 ? '' : 's'} of tools with nearly the same description${scope}: ${shown}${pairs.length > MAX_PAIRS_SHOWN ? ', …' : ''}`,
    fix: 'Merge tools that do the same thing, or say in each description how it differs and when to use it',
  };
}

export type NameStyle = 'snake_case' | 'camelCase' | 'PascalCase' | 'kebab-case' | 'dot.separated' | 'single-word' | 'unrecognised';

/** A tool name's style; a single lowercase word fits every style, an unrecognised name fits none. */
export function nameStyle(name: string): NameStyle {
  if (/^[a-z][a-z0-9]*$/.test(name)) return 'single-word';
  if (/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(name)) return 'snake_case';
  if (/^[a-z][a-z0-9]*([A-Z][a-z0-9]*)+$/.test(name)) return 'camelCase';
  if (/^([A-Z][a-z0-9]+)+$/.test(name)) return 'PascalCase';
  if (/^[a-z][a-z0-9]*(-[a-z0-9]+)+$/.test(name)) return 'kebab-case';
  if (/^[a-z][a-zA-Z0-9_-]*(\.[a-zA-Z0-9_-]+)+$/.test(name)) return 'dot.separated';
  return 'unrecognised';
}

function checkConsistentNaming(toolNames: string[]): Partial01 {
  if (toolNames.length === 0) return { score: 1, detail: 'No tools' };
  const counts = new Map<NameStyle, number>();
  for (const n of toolNames) counts.set(nameStyle(n), (counts.get(nameStyle(n)) ?? 0) + 1);
  const single = counts.get('single-word') ?? 0;
  const styles: NameStyle[] = ['snake_case', 'camelCase', 'PascalCase', 'kebab-case', 'dot.separated'];
  let majority: NameStyle = 'single-word';
  let most = 0;
  for (const s of styles) {
    const c = counts.get(s) ?? 0;
    if (c > most) [majority, most] = [s, c];
  }
  const fitting = most + single;
  const score = fitting / toolNames.length;
  if (score === 1) return { score: 1, detail: most === 0 ? 'Every tool name is a single lowercase word' : `Every tool name is ${majority}` };
  const off = toolNames.filter((n) => {
    const s = nameStyle(n);
    return s !== majority && s !== 'single-word';
  });
  return {
    score,
    detail: `${off.length} of ${toolNames.length} tool names are not ${most === 0 ? 'in a recognised style' : majority}: ${names(off)}`,
    fix: `Name every tool in one style${most === 0 ? ' (snake_case, camelCase, PascalCase, kebab-case or dot.separated)' : ` (${majority})`}`,
  };
}

function checkToolCount(count: number): Partial01 {
  if (count === 0) return { score: 0, detail: 'No tools', fix: 'List at least one tool in `tools/list`' };
  if (count <= 50) return { score: 1, detail: `${count} tool${count === 1 ? '' : 's'}` };
  const fix = 'Offer at most 50 tools: merge near-duplicates or split the server by purpose';
  if (count <= 100) return { score: 0.5, detail: `${count} tools: more than an agent can choose among well`, fix };
  return { score: 0.25, detail: `${count} tools: far more than an agent can choose among well`, fix };
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

type SchemaShape = { ok: true; properties: Array<[string, unknown]>; required: unknown } | { ok: false; why: string };

function readSchema(input: unknown): SchemaShape {
  if (!isObject(input)) return { ok: false, why: 'inputSchema is not an object' };
  if (input.type !== undefined && input.type !== 'object') return { ok: false, why: 'inputSchema is not of type object' };
  const props = input.properties;
  if (props !== undefined && !isObject(props)) return { ok: false, why: 'inputSchema.properties is not an object' };
  const properties = props ? Object.entries(props).slice(0, MAX_PROPERTIES) : [];
  return { ok: true, properties, required: input.required };
}

function malformed(why: string): Partial01 {
  return { score: 0, detail: `Malformed input schema: ${why}`, fix: 'Make inputSchema a JSON Schema object: `type: "object"` with `properties` as an object' };
}

function isTyped(p: unknown): boolean {
  if (!isObject(p)) return false;
  const t = p.type;
  if (typeof t === 'string') return JSON_TYPES.has(t);
  if (Array.isArray(t)) return t.length > 0 && t.every((x) => typeof x === 'string' && JSON_TYPES.has(x));
  if (t !== undefined) return false;
  return Array.isArray(p.enum) || 'const' in p || Array.isArray(p.anyOf) || Array.isArray(p.oneOf) || typeof p.$ref === 'string';
}

/** A string/number/integer parameter whose name suggests constrained values (`user_id`, `email`, `limit`, `sort_by`). */
function isSuggestive(name: string, p: JsonSchema): boolean {
  const types = typeof p.type === 'string' ? [p.type] : Array.isArray(p.type) ? p.type : [];
  if (!types.some((t) => t === 'string' || t === 'number' || t === 'integer')) return false;
  const words = splitWords(name);
  if (words.length === 0) return false;
  return SUGGESTIVE_LAST.has(words[words.length - 1]!) || SUGGESTIVE_FIRST.has(words[0]!);
}

function result(meta: ToolCheckMeta, r: Partial01): ToolCheckResult {
  const score = round2(clamp01(Number.isFinite(r.score) ? r.score : 0));
  const out: ToolCheckResult = { id: meta.id, title: meta.title, weight: meta.weight, score, detail: r.detail };
  if (score < 1) out.fix = r.fix ?? `Improve: ${meta.title}`;
  return out;
}

/** round(100 × Σ weight×score / Σ weight) over the (two-decimal) check scores. */
function weightedScore(checks: ToolCheckResult[]): number {
  const possible = checks.reduce((n, c) => n + c.weight, 0);
  return possible === 0 ? 0 : Math.round((100 * checks.reduce((n, c) => n + c.weight * c.score, 0)) / possible);
}

function findingsOf(checks: ToolCheckResult[]): ToolFinding[] {
  return checks.filter((c) => c.score < 1).map((c) => ({ severity: severityOf(c), kind: c.id, detail: c.detail, fix: c.fix ?? `Improve: ${c.title}` }));
}

function severityOf(c: ToolCheckResult): Severity {
  return c.score < 0.5 && c.weight >= 2 ? 'medium' : 'low';
}

/** Lower-cased word tokens, simple plurals stripped (`files` → `file`, `queries` → `query`, `searches` → `search`). */
export function tokens(text: string): string[] {
  return splitWords(text.slice(0, MAX_TEXT)).map(stem);
}

/** Words of a name or a text: camelCase split, separated on anything but letters and digits, lower-cased. */
function splitWords(text: string): string[] {
  return text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

function stem(w: string): string {
  if (w.length <= 3) return w;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(sses|ches|shes|xes|zzes)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

function stemSet(words: string): Set<string> {
  return new Set(
    words
      .split(' ')
      .filter((w) => w !== '')
      .map(stem),
  );
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}

function names(list: string[]): string {
  const shown = list.slice(0, MAX_NAMES_SHOWN).map(label).join(', ');
  return list.length > MAX_NAMES_SHOWN ? `${shown} and ${list.length - MAX_NAMES_SHOWN} more` : shown;
}

/** An untrusted name, cut short for a detail. */
function label(name: string): string {
  const cut = name.length > LABEL_MAX ? `${name.slice(0, LABEL_MAX - 1)}…` : name;
  return `\`${cut}\``;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function clamp01(n: number): number {
  return n < 0 ? 0 : Math.min(n, 1);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
