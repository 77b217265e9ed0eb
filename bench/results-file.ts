/**
 * bench/RESULTS.md as a page of current figures: each benchmark command rewrites its own section, between
 * `<!-- results:<id>:start -->` and `<!-- results:<id>:end -->` (appended at the end when the file has none),
 * and the summary at the top (`<!-- results:summary:start/end -->`) is rebuilt from every section's targets,
 * which each section carries as JSON in an HTML comment, so no run is needed to rebuild it. Earlier runs
 * are in git history. Everything but `writeSection` (and the machine and commit it reads) is pure string logic.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The repository (this file runs from dist/bench/) and its bench/RESULTS.md. */
const ROOT = path.resolve(__dirname, '../..');
export const RESULTS_FILE = path.join(ROOT, 'bench/RESULTS.md');

/** One target of a section: what is promised, what was measured, and whether it holds (null: a figure with no target). */
export interface Target {
  target: string;
  figure: string;
  met: boolean | null;
}

/** What a section's writer hands over; machine, date and commit default to this process's. */
export interface SectionInput {
  /** Marker id: lowercase letters, digits and dashes, e.g. `registry` or `prove-races`. */
  id: string;
  /** The section's heading, e.g. `Registry reads`. */
  title: string;
  /** The command that wrote it, with what it ran on, e.g. "`npm run bench:registry` (102772 products)". */
  command: string;
  /** The section's markdown: its tables and notes. */
  body: string;
  targets: Target[];
  machine?: string;
  /** YYYY-MM-DD. */
  date?: string;
  commit?: string;
}

export type Section = Required<SectionInput>;

/** What a section's meta comment stores, enough to rebuild the summary. */
export interface SectionMeta {
  id: string;
  title: string;
  date: string;
  commit: string;
  targets: Target[];
}

const ID = /^[a-z0-9][a-z0-9-]*$/;
const start = (id: string) => `<!-- results:${id}:start -->`;
const end = (id: string) => `<!-- results:${id}:end -->`;
const META = /^<!-- results:([a-z0-9-]+):meta (.*) -->$/gm;
const SUMMARY = 'summary';

/** JSON safe inside an HTML comment: `--` (only ever inside a JSON string) written as `-\u002d`. */
const commentJson = (value: unknown) => JSON.stringify(value).replace(/--/g, '-\\u002d');

/** The heading's anchor as GitHub makes it. */
export function anchor(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

const cell = (s: string) => s.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
const metCell = (met: boolean | null) => (met === null ? '—' : met ? 'yes' : '**no**');

/** A section's whole text, from its start marker to its end marker (no newline after). */
export function renderSection(s: Section): string {
  if (!ID.test(s.id) || s.id === SUMMARY) throw new Error(`bad section id: ${s.id}`);
  const meta: SectionMeta = { id: s.id, title: s.title, date: s.date, commit: s.commit, targets: s.targets };
  return [
    start(s.id),
    `## ${s.title}`,
    '',
    `Machine: ${s.machine}.`,
    `Date: ${s.date}. Commit: ${s.commit}.`,
    `Command: ${s.command}`,
    `<!-- results:${s.id}:meta ${commentJson(meta)} -->`,
    '',
    s.body.trim(),
    '',
    end(s.id),
  ].join('\n');
}

/** Where a marked block sits: [from its start marker, to just after its end marker), or undefined. */
function blockRange(text: string, id: string): [number, number] | undefined {
  const from = text.indexOf(start(id));
  if (from < 0) return undefined;
  const to = text.indexOf(end(id), from);
  if (to < 0) throw new Error(`bench/RESULTS.md: ${start(id)} without ${end(id)}`);
  return [from, to + end(id).length];
}

/**
 * The text with the block of `id` replaced by `block` (every other byte unchanged), or, when its markers are
 * absent, with the block appended after a blank line.
 */
export function replaceBlock(text: string, id: string, block: string): string {
  const range = blockRange(text, id);
  if (range) return text.slice(0, range[0]) + block + text.slice(range[1]);
  const body = text.replace(/\s*$/, '');
  return `${body}${body ? '\n\n' : ''}${block}\n`;
}

/** Every section's meta in the order of the file (the summary excluded). */
export function readSections(text: string): SectionMeta[] {
  return [...text.matchAll(META)].map((m) => {
    const meta = JSON.parse(m[2]) as SectionMeta;
    if (meta.id !== m[1]) throw new Error(`bench/RESULTS.md: meta of ${m[1]} names ${meta.id}`);
    return meta;
  });
}

/**
 * The summary block: first one row per section (how many of its targets are met, and each one not met with its
 * figure), short enough for the first screen; then one row per target of every section, in the file's order.
 */
export function renderSummary(sections: SectionMeta[]): string {
  const link = (s: SectionMeta) => `[${cell(s.title)}](#${anchor(s.title)})`;
  const glance = sections.map((s) => {
    const judged = s.targets.filter((t) => t.met !== null);
    const missed = judged.filter((t) => t.met === false).map((t) => `${cell(t.target)}: ${cell(t.figure)}`);
    const met = judged.length ? `${judged.length - missed.length} of ${judged.length}` : '— (figures only)';
    return `| ${link(s)} | ${met} | ${missed.length ? `**${missed.join('; ')}**` : ''} | ${s.date} | ${s.commit} |`;
  });
  const rows = sections.flatMap((s) =>
    s.targets.map((t) => `| ${link(s)} | ${cell(t.target)} | ${cell(t.figure)} | ${metCell(t.met)} | ${s.date} | ${s.commit} |`),
  );
  return [
    start(SUMMARY),
    '| section | targets met | not met | date | commit |',
    '|---|---|---|---|---|',
    ...glance,
    '',
    '| section | target | latest figure | met | date | commit |',
    '|---|---|---|---|---|---|',
    ...rows,
    end(SUMMARY),
  ].join('\n');
}

/** The text with its summary rebuilt from its sections (inserted before the first section when absent). */
export function withSummary(text: string): string {
  const summary = renderSummary(readSections(text));
  if (blockRange(text, SUMMARY)) return replaceBlock(text, SUMMARY, summary);
  const first = text.search(/<!-- results:[a-z0-9-]+:start -->/);
  if (first < 0) return replaceBlock(text, SUMMARY, summary);
  return `${text.slice(0, first)}${summary}\n\n${text.slice(first)}`;
}

/** The file's text with one section written (replaced or appended) and the summary rebuilt. */
export function updateResults(text: string, section: Section): string {
  return withSummary(replaceBlock(text, section.id, renderSection(section)));
}

/** The machine line every section carries: CPUs, memory, Node, kernel. */
export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? 'unknown cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

/**
 * `git rev-parse --short HEAD`, with `+dirty` when tracked files have changes (bench/RESULTS.md aside: a run
 * that writes several sections would otherwise mark its own later ones); `unknown` without git.
 */
export function commit(cwd = ROOT): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const head = git('rev-parse', '--short', 'HEAD');
    return git('status', '--porcelain', '--untracked-files=no', '--', '.', ':(exclude)bench/RESULTS.md') ? `${head}+dirty` : head;
  } catch {
    return 'unknown';
  }
}

const HEADER = `# Benchmark results

Current figures: each benchmark command rewrites its own section below, with the machine, date, commit and
command of its run, and the summary is rebuilt from every section's targets. Earlier runs are in git history.
`;

/** Writes one section of bench/RESULTS.md (or `file`) and rebuilds its summary. */
export function writeSection(input: SectionInput, file = RESULTS_FILE): void {
  const section: Section = {
    ...input,
    machine: input.machine ?? machine(),
    date: input.date ?? new Date().toISOString().slice(0, 10),
    commit: input.commit ?? commit(),
  };
  const text = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  writeFileSync(file, updateResults(text, section));
}
