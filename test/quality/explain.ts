/**
 * `npm run quality:explain -- "task"`: how the ranking reads one task and why its products come where they
 * do, over the committed seed in memory (./seed-ranking.ts): the task's words with their weights and rarity,
 * the needs it was split into, the capabilities and requirements read from it, then the first results with
 * their match, readiness, matched words and capabilities.
 *   --top N            how many results to show (default 20)
 *   --want a,b         where these products rank (among the first 300), shown or not
 * For looking into a training task; the frozen sets are for measuring only, so don't tune by reading them.
 */
import { taskCapabilities } from '../../src/services/task-capabilities';
import { rankSeedTask, readSeedTask, seedDocuments, seedIndex } from './seed-ranking';

const LOOKED_AT = 300;

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const task = process.argv.slice(2).find((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
if (!task) {
  console.error('usage: npm run quality:explain -- "a task" [--top N] [--want slug,slug]');
  process.exit(2);
}
const top = Number(option('--top') ?? 20);
const wanted = (option('--want') ?? '').split(',').filter(Boolean);

const index = seedIndex();
const query = readSeedTask(task);
const read = taskCapabilities(query);
console.log(`words (stem: weight × idf)  ${query.terms.map((t) => `${t.term}: ${t.weight.toFixed(2)} × ${index.idf(t.term).toFixed(1)}`).join(', ')}`);
console.log(`long request               ${query.long ? 'yes (clauses weighed apart)' : 'no'}`);
if (query.parts.length) console.log(`needs                      ${query.parts.map((p) => `"${p}"`).join(' | ')}`);
console.log(`requirements               ${Object.keys(query.requirements).join(', ') || 'none'}`);
const ranked = rankSeedTask(task, undefined, Math.max(top, LOOKED_AT));
console.log(`capabilities               ${ranked.capabilities.join(', ') || 'none'}${read.phrased.length ? ` (phrased: ${read.phrased.join(', ')})` : ''}`);
if (ranked.note) console.log(`note                       ${ranked.note}`);
console.log('');
ranked.results.slice(0, top).forEach((r, i) => {
  const mark = wanted.includes(r.slug) ? '*' : ' ';
  console.log(
    `${mark}${String(i + 1).padStart(3)}  ${r.match.toFixed(2)}  r${String(r.readiness).padStart(3)}  ${r.slug.padEnd(32)} ${r.words.join(', ')}${r.matched.length ? `  [${r.matched.join(', ')}]` : ''}`,
  );
});
for (const slug of wanted) {
  const at = ranked.results.findIndex((r) => r.slug === slug);
  if (at >= top) console.log(`*${String(at + 1).padStart(3)}  ${ranked.results[at].match.toFixed(2)}  ${slug}`);
  else if (at < 0)
    console.log(`   ${slug}: not among the first ${LOOKED_AT}${seedDocuments().some((d) => d.slug === slug) ? '' : ' (no seed product has that slug)'}`);
}
