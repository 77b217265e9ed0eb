import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { cliStyle, colourEnabled, type Terminal, withSpinner } from '../../src/cli/output';
import { readinessCell } from '../../src/render/text';

/** A stream that records what is written and claims to be a terminal or not. */
function stream(isTTY: boolean): NodeJS.WriteStream & { text: () => string } {
  let text = '';
  const s = new Writable({
    write(chunk, _enc, done) {
      text += String(chunk);
      done();
    },
  }) as unknown as NodeJS.WriteStream & { text: () => string };
  Object.assign(s, { isTTY, columns: 80, text: () => text });
  return s;
}

const terminal = (tty: boolean, env: NodeJS.ProcessEnv = {}): Terminal => ({ stdout: stream(tty), stderr: stream(tty), env });

describe('CLI output', () => {
  it('colours only on a terminal, and never with NO_COLOR (whatever its value) or TERM=dumb', () => {
    const cases: Array<[boolean, NodeJS.ProcessEnv, boolean]> = [
      [true, {}, true],
      [false, {}, false],
      [true, { NO_COLOR: '' }, false],
      [true, { NO_COLOR: '1' }, false],
      [true, { TERM: 'dumb' }, false],
    ];
    for (const [tty, env, expected] of cases) assert.equal(colourEnabled(terminal(tty, env)), expected, JSON.stringify({ tty, env }));
    assert.ok(readinessCell(85, cliStyle(true)).includes('\u001b['));
    assert.equal(readinessCell(85, cliStyle(false)), '████████░  85'.replace('████████░', '█████████░'));
  });

  it('shows a spinner with the elapsed seconds on a terminal’s stderr once a call passes a second', async () => {
    const t = terminal(true);
    const value = await withSpinner(t, 'audit…', () => new Promise((r) => setTimeout(() => r(42), 1_500)));
    assert.equal(value, 42);
    const err = (t.stderr as unknown as { text: () => string }).text();
    assert.match(err, /audit… 1 s/);
    assert.equal((t.stdout as unknown as { text: () => string }).text(), '', 'nothing on stdout');
  });

  it('shows nothing for a quick call, or on a pipe', async () => {
    const quick = terminal(true);
    await withSpinner(quick, 'x', async () => 1);
    assert.equal((quick.stderr as unknown as { text: () => string }).text(), '');
    const piped = terminal(false);
    await withSpinner(piped, 'x', () => new Promise((r) => setTimeout(r, 1_200)));
    assert.equal((piped.stderr as unknown as { text: () => string }).text(), '');
  });
});
