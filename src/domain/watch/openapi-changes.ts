/** One change oasdiff found between two versions of an OpenAPI document. */
export interface OpenApiChange {
  /** oasdiff's rule id, e.g. `api-removed-without-deprecation`. */
  id: string;
  level: 'breaking' | 'warning' | 'info';
  text: string;
  /** `METHOD /path`, when the change belongs to one operation. */
  operation?: string;
  path?: string;
}

export interface OpenApiComparison {
  breaking: OpenApiChange[];
  /** Everything that is not breaking: warnings and informational changes. */
  changes: OpenApiChange[];
}

/** Per list, so a document rewritten wholesale still yields a bounded record. */
const MAX_CHANGES_PER_LIST = 100;
/** oasdiff quotes names from the document into its text, so its length follows the (untrusted) document. */
const MAX_CHANGE_TEXT = 300;

/**
 * oasdiff serialises its level as a number (checker/rules/level.go: ERR 3, WARN 2, INFO 1). We call only ERR breaking:
 * oasdiff's own "breaking" also includes WARN ("potentially breaking", e.g. an optional parameter removed).
 */
const LEVELS: Record<number, OpenApiChange['level']> = { 3: 'breaking', 2: 'warning', 1: 'info' };

/** Reads oasdiff `changelog --format json` output (untrusted size: keep at most 100 changes per list, text cut to 300 chars). */
export function readChangelog(json: unknown): OpenApiComparison {
  const comparison: OpenApiComparison = { breaking: [], changes: [] };
  if (!Array.isArray(json)) return comparison;
  for (const entry of json) {
    const change = readChange(entry);
    if (!change) continue;
    const list = change.level === 'breaking' ? comparison.breaking : comparison.changes;
    if (list.length < MAX_CHANGES_PER_LIST) list.push(change);
  }
  return comparison;
}

function readChange(entry: unknown): OpenApiChange | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const { id, level, text, operation: method, path } = entry as Record<string, unknown>;
  const mapped = typeof level === 'number' ? LEVELS[level] : undefined;
  if (typeof id !== 'string' || !id || !mapped || typeof text !== 'string') return undefined;
  const change: OpenApiChange = { id: clip(id), level: mapped, text: clip(text) };
  if (typeof path === 'string' && path) {
    change.path = clip(path);
    if (typeof method === 'string' && method) change.operation = clip(`${method} ${path}`);
  }
  return change;
}

function clip(value: string): string {
  return value.length > MAX_CHANGE_TEXT ? value.slice(0, MAX_CHANGE_TEXT) : value;
}
