import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { cliStyle, colourEnabled, type Terminal, withSpinner } from '../../src/cli/output';
import { readinessCell } from '../../src/render/text';
import { fakeClock } from '../support/fake-clock';

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

const terminal = (tty: boolean, env: NodeJS.ProcessEnv = {}, clock = fakeClock().clock): Terminal => ({ stdout: stream(tty), stderr: stream(tty), env, clock });
const written = (s: NodeJS.WriteStream) => (s as unknown as { text: () => string }).text();

/** Work that ends when the test says so. */
function pendingWork<T>(): { promise: Promise<T>; finish: (value: T) => void } {
  let finish!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    finish = resolve;
  });
  return { promise, finish };
}

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

  // The spinner's timers run on a fake clock: what it shows is asserted at a virtual time, so a busy machine whose
  // timers fire late cannot change the outcome.
  it('shows a spinner with the elapsed seconds on a terminal’s stderr once a call passes a second', async () => {
    const time = fakeClock();
    const t = terminal(true, {}, time.clock);
    const work = pendingWork<number>();
    const value = withSpinner(t, 'audit…', () => work.promise);
    await time.tick(999);
    assert.equal(written(t.stderr), '', 'nothing before the first second');
    await time.tick(1);
    assert.match(written(t.stderr), /audit… 1 s/);
    await time.tick(2_000);
    work.finish(42);
    assert.equal(await value, 42);
    assert.deepEqual(time.pendingDelays(), [], 'the spinner’s timers are cleared');
    assert.equal(written(t.stdout), '', 'nothing on stdout');
  });

  it('shows nothing for a quick call, or on a pipe', async () => {
    const time = fakeClock();
    const quick = terminal(true, {}, time.clock);
    await withSpinner(quick, 'x', async () => 1);
    await time.tick(5_000);
    assert.equal(written(quick.stderr), '');
    const piped = terminal(false, {}, time.clock);
    const work = pendingWork<void>();
    const done = withSpinner(piped, 'x', () => work.promise);
    await time.tick(5_000);
    work.finish();
    await done;
    assert.equal(written(piped.stderr), '');
  });
});
