import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  anchor,
  readSections,
  renderSection,
  renderSummary,
  replaceBlock,
  type Section,
  updateResults,
  withSummary,
  writeSection,
} from '../../bench/results-file';

const section = (id: string, over: Partial<Section> = {}): Section => ({
  id,
  title: `Bench ${id}`,
  command: `\`npm run bench:${id}\``,
  body: `| route | req/s |\n|---|---|\n| ${id} | 100 |`,
  targets: [{ target: `${id} p95 <= 20 ms`, figure: '12.5 ms', met: true }],
  machine: '2 × AMD EPYC, 24 GiB, Node v20.20.2, linux 6.1',
  date: '2026-11-26',
  commit: 'abc1234',
  ...over,
});

const HEAD = '# Benchmark results\n\nIntro.\n';
const fileOf = (...sections: Section[]) => sections.reduce((text, s) => updateResults(text, s), HEAD);
const between = (text: string, id: string) => text.slice(text.indexOf(`<!-- results:${id}:start -->`), text.indexOf(`<!-- results:${id}:end -->`));

describe('bench/results-file', () => {
  describe('a section written', () => {
    const cases: Array<{ name: string; before: string; write: Section; ids: string[] }> = [
      { name: 'a new section appended to a file with none', before: HEAD, write: section('registry'), ids: ['registry'] },
      {
        name: 'a new section appended after the others',
        before: fileOf(section('registry'), section('pages')),
        write: section('audit'),
        ids: ['registry', 'pages', 'audit'],
      },
      {
        name: 'an existing section replaced in its place',
        before: fileOf(section('registry'), section('pages'), section('audit')),
        write: section('pages', { date: '2026-11-27', targets: [{ target: 'pages p95 <= 10 ms', figure: '11 ms', met: false }] }),
        ids: ['registry', 'pages', 'audit'],
      },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const after = updateResults(c.before, c.write);
        assert.deepEqual(
          readSections(after).map((s) => s.id),
          c.ids,
        );
        assert.ok(between(after, c.write.id).includes(c.write.body));
        assert.deepEqual(readSections(after).find((s) => s.id === c.write.id)?.targets, c.write.targets);
        assert.ok(after.startsWith('# Benchmark results\n\nIntro.\n'));
        assert.equal((after.match(/<!-- results:summary:start -->/g) ?? []).length, 1);
        assert.ok(after.indexOf('results:summary:start') < after.indexOf(`results:${c.ids[0]}:start`));
      });
    }
  });

  it('replaces a section leaving every other byte of the file unchanged', () => {
    const text = `${HEAD}\nhand-written note\n\n${renderSection(section('a'))}\n\nbetween\n\n${renderSection(section('b'))}\n  trailing  \n`;
    const block = renderSection(section('a', { body: 'new body', commit: 'def5678+dirty' }));
    const after = replaceBlock(text, 'a', block);
    const [from, to] = [text.indexOf('<!-- results:a:start -->'), text.indexOf('<!-- results:a:end -->') + '<!-- results:a:end -->'.length];
    assert.equal(after, text.slice(0, from) + block + text.slice(to));
    assert.ok(after.endsWith(`between\n\n${renderSection(section('b'))}\n  trailing  \n`));
  });

  it('writing a section changes only that section and the summary', () => {
    const before = fileOf(section('a'), section('b'), section('c'));
    const after = updateResults(before, section('b', { body: 'other', targets: [{ target: 'x', figure: '1', met: false }] }));
    const outside = (text: string) => text.replace(/<!-- results:(summary|b):start -->[\s\S]*?<!-- results:\1:end -->/g, '');
    assert.equal(outside(after), outside(before));
    assert.notEqual(between(after, 'b'), between(before, 'b'));
  });

  it('rebuilds the summary from several sections, in the order of the file, met and not met shown', () => {
    const text = fileOf(
      section('registry', {
        title: 'Registry reads',
        targets: [
          { target: 'registry >= 80% of bare req/s', figure: '112%', met: true },
          { target: 'search p95 <= 15 ms', figure: '17 ms', met: false },
        ],
      }),
      section('research', {
        title: 'Research end to end',
        date: '2026-11-23',
        commit: 'unknown',
        targets: [{ target: 'cached answer p50', figure: '36 ms', met: null }],
      }),
      section('prove-races', { title: 'Proof: races', targets: [{ target: 'admits exactly 8 | the rest 429', figure: '8, 8', met: true }] }),
    );
    const [glance, full] = between(text, 'summary')
      .split('\n\n')
      .map((table) => table.split('\n').filter((l) => l.startsWith('|')));
    assert.deepEqual(glance, [
      '| section | targets met | not met | date | commit |',
      '|---|---|---|---|---|',
      '| [Registry reads](#registry-reads) | 1 of 2 | **search p95 <= 15 ms: 17 ms** | 2026-11-26 | abc1234 |',
      '| [Research end to end](#research-end-to-end) | — (figures only) |  | 2026-11-23 | unknown |',
      '| [Proof: races](#proof-races) | 1 of 1 |  | 2026-11-26 | abc1234 |',
    ]);
    assert.deepEqual(full, [
      '| section | target | latest figure | met | date | commit |',
      '|---|---|---|---|---|---|',
      '| [Registry reads](#registry-reads) | registry >= 80% of bare req/s | 112% | yes | 2026-11-26 | abc1234 |',
      '| [Registry reads](#registry-reads) | search p95 <= 15 ms | 17 ms | **no** | 2026-11-26 | abc1234 |',
      '| [Research end to end](#research-end-to-end) | cached answer p50 | 36 ms | — | 2026-11-23 | unknown |',
      '| [Proof: races](#proof-races) | admits exactly 8 \\| the rest 429 | 8, 8 | yes | 2026-11-26 | abc1234 |',
    ]);
    // Rebuilt from the sections alone: a summary thrown away comes back the same.
    const stripped = text.replace(/<!-- results:summary:start -->[\s\S]*?<!-- results:summary:end -->\n\n/, '');
    assert.equal(withSummary(stripped), text);
  });

  it('keeps targets whose text holds markdown and comment markers readable back', () => {
    const targets = [{ target: 'p99 --> 50 ms <!-- x', figure: '`1.3x` -- "quoted"', met: false }];
    const text = fileOf(section('a', { targets }));
    assert.deepEqual(readSections(text)[0].targets, targets);
    assert.equal((text.match(/-->/g) ?? []).length, (text.match(/<!--/g) ?? []).length);
  });

  it('renders a section with its machine, date, commit and command', () => {
    assert.deepEqual(renderSection(section('pages')).split('\n').slice(0, 6), [
      '<!-- results:pages:start -->',
      '## Bench pages',
      '',
      'Machine: 2 × AMD EPYC, 24 GiB, Node v20.20.2, linux 6.1.',
      'Date: 2026-11-26. Commit: abc1234.',
      'Command: `npm run bench:pages`',
    ]);
    assert.throws(() => renderSection(section('summary')), /bad section id/);
    assert.throws(() => renderSection(section('Bad id')), /bad section id/);
  });

  it('makes the anchors GitHub makes', () => {
    assert.equal(anchor('find-tools and resolve end to end'), 'find-tools-and-resolve-end-to-end');
    assert.equal(anchor('Task ranking: `npm run quality`'), 'task-ranking-npm-run-quality');
    assert.equal(anchor('Proof: guard-fuzz'), 'proof-guard-fuzz');
  });

  it('an empty summary for a file without sections', () => {
    assert.equal(renderSummary([]).split('\n').length, 7);
  });

  it('writes a file: created when absent, then one section replaced', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'results-file-'));
    try {
      const file = path.join(dir, 'RESULTS.md');
      writeSection({ ...section('a'), machine: undefined, date: undefined, commit: undefined }, file);
      const first = readFileSync(file, 'utf8');
      assert.match(first, /^# Benchmark results\n/);
      assert.match(first, /Date: \d{4}-\d{2}-\d{2}\. Commit: \S+\./);
      writeFileSync(file, `${first}\nkept\n`);
      writeSection(section('a', { body: 'second' }), file);
      const second = readFileSync(file, 'utf8');
      assert.ok(second.endsWith('\nkept\n'));
      assert.ok(between(second, 'a').includes('second'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
