/**
 * Writes test/quality/metatool-training-tasks.json: a TRAINING set of MetaTool requests (written by others)
 * whose gold tools the frozen external set never uses, so ranking can be tuned on requests like the
 * external set's without reading it. Run once, by hand, against a checkout of HowieHwong/MetaTool:
 *   npm run build && node dist/scripts/select-metatool-training.js /path/to/MetaTool
 * Tools are mapped to registry products in test/quality/metatool-tool-map.json by the external set's rule
 * (test/quality/EXTERNAL.md), judged from each tool's name and description alone; queries are walked in
 * sha1("train:MetaTool:single:<row>") order, at most PER_TOOLS per tool (eight: two gave a set of 146, too small
 * to tell a step from chance), exact duplicates of any other set dropped.
 */
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PER_TOOLS = 8;
const COMMIT = '35e81bb7576826e980c80fed8f8c0a2b4a1e6fbb';

interface ToolMapping {
  tool: string;
  relevant: string[];
}

const root = process.argv[2];
if (!root) throw new Error('usage: select-metatool-training <MetaTool checkout>');
const quality = path.resolve(__dirname, '../../test/quality');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const order = (key: string) => createHash('sha1').update(key).digest('hex');

const external = readJson<{ tasks: Array<{ task: string; source: string; goldTools: string[] }> }>(path.join(quality, 'external-tasks.json'));
const externalTools = new Set(external.tasks.filter((t) => t.source === 'MetaTool').flatMap((t) => t.goldTools));
const taken = new Set<string>([
  ...external.tasks.map((t) => norm(t.task)),
  ...readJson<Array<{ task: string }>>(path.join(quality, 'tasks.json')).map((t) => norm(t.task)),
  ...readJson<{ tasks: Array<{ task: string }> }>(path.join(quality, 'holdout-tasks.json')).tasks.map((t) => norm(t.task)),
]);
const mapping = new Map(readJson<ToolMapping[]>(path.join(quality, 'metatool-tool-map.json')).map((m) => [m.tool, m.relevant]));
for (const tool of mapping.keys()) if (externalTools.has(tool)) throw new Error(`${tool} is a gold tool of the external set`);

interface Candidate {
  id: string;
  key: string;
  task: string;
  tools: string[];
}
const single: Candidate[] = (parse(readFileSync(path.join(root, 'dataset/data/all_clean_data.csv'), 'utf8'), { from_line: 2 }) as string[][])
  .map(([query, tool], i) => ({ id: `metatool-single-${i}`, key: `train:MetaTool:single:${i}`, task: query.trim(), tools: [tool] }))
  .sort((a, b) => order(a.key).localeCompare(order(b.key)));
// MetaTool's multi-tool queries are left out: each of its 497 uses a gold tool of the external set.

const perTools = new Map<string, number>();
function pick(pool: Candidate[]) {
  const kept = [];
  for (const c of pool) {
    // Tool-disjoint from the external set: no query of a tool it uses.
    if (c.tools.some((t) => externalTools.has(t) || !mapping.has(t))) continue;
    const relevant = [...new Set(c.tools.flatMap((t) => mapping.get(t)!))];
    const toolsKey = [...c.tools].sort().join('+');
    if (!relevant.length || taken.has(norm(c.task)) || (perTools.get(toolsKey) ?? 0) >= PER_TOOLS) continue;
    perTools.set(toolsKey, (perTools.get(toolsKey) ?? 0) + 1);
    taken.add(norm(c.task));
    kept.push({ id: c.id, source: 'MetaTool', task: c.task, words: c.task.split(/\s+/).length, goldTools: c.tools, relevant });
  }
  return kept;
}
const tasks = pick(single);
writeFileSync(
  path.join(quality, 'metatool-training-tasks.json'),
  `${JSON.stringify(
    {
      description:
        'TRAINING requests written by others (MetaTool, MIT; test/quality/EXTERNAL-NOTICE): queries of the MetaTool tools that the frozen external set never uses, their gold tools mapped to registry products by the rule of test/quality/EXTERNAL.md (test/quality/metatool-tool-map.json). Ranking may be tuned on these; the external set stays unread.',
      source: {
        repo: 'HowieHwong/MetaTool',
        commit: COMMIT,
        files: 'dataset/data/all_clean_data.csv; dataset/plugin_des.json',
      },
      tasks,
    },
    null,
    1,
  )}\n`,
);
console.log(`${tasks.length} tasks`);
