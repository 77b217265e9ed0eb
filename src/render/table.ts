import Table from 'cli-table3';

/** Borderless, left-aligned columns two spaces apart: easy to read, and cheap in tokens for an agent. */
const CHARS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '  ',
};

/** An aligned table (cli-table3 measures colour codes and wide characters correctly). */
export function table(head: string[], rows: Array<Array<string | number>>): string {
  const t = new Table({ head, chars: CHARS, style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 } });
  for (const row of rows) t.push(row.map(String));
  return t
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}

/** `key  value` lines with the keys aligned. */
export function fields(pairs: Array<[string, string | number | boolean | null | undefined]>): string {
  const width = Math.max(...pairs.map(([k]) => k.length));
  return pairs.map(([k, v]) => `${k.padEnd(width)}  ${v ?? '-'}`).join('\n');
}
