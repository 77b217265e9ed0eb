import assert from 'node:assert/strict';
import path from 'node:path';

/** The part of madge's API this test uses (madge ships no types). */
interface MadgeGraph {
  obj(): Record<string, string[]>;
  circular(): string[][];
  warnings(): { skipped: string[] };
}
const madge = require('madge') as (paths: string[], config: Record<string, unknown>) => Promise<MadgeGraph>;

/** The repository root: this file runs from dist/test/meta/. */
const ROOT = path.resolve(__dirname, '../../..');
/** Every folder of TypeScript the project compiles (tsconfig.json's include). */
const SOURCE_DIRS = ['src', 'activities', 'workflows', 'workers', 'scripts', 'bench', 'test', 'migrations'];

describe('import graph', function () {
  this.timeout(60_000);

  it('has no cycle in the TypeScript sources (type-only imports included)', async () => {
    const graph = await madge(
      SOURCE_DIRS.map((d) => path.join(ROOT, d)),
      { baseDir: ROOT, fileExtensions: ['ts', 'tsx'], tsConfig: path.join(ROOT, 'tsconfig.json') },
    );
    // A graph that lost its edges would have no cycle either: it must hold the sources and resolve every relative import.
    assert.ok(Object.keys(graph.obj()).length > 100, `madge read only ${Object.keys(graph.obj()).length} files under ${ROOT}`);
    assert.deepEqual(
      graph.warnings().skipped.filter((s) => s.startsWith('.')),
      [],
      'relative imports madge could not resolve',
    );
    const cycles = graph.circular().map((c) => [...c, c[0]].join(' -> '));
    assert.deepEqual(cycles, [], `import cycles:\n  ${cycles.join('\n  ')}`);
  });
});
