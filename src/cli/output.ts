import { createSpinner } from 'nanospinner';
import pc from 'picocolors';
import { plainStyle, type TextStyle } from '../render/text';
import { type Clock, systemClock } from '../runtime/clock';

export interface Terminal {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
  /** The spinner's time; the system's unless a test brings its own. */
  clock?: Clock;
}

/** Colour only on a terminal, and never with NO_COLOR set (no-color.org), whatever its value. */
export function colourEnabled(t: Terminal): boolean {
  return !!t.stdout.isTTY && t.env.NO_COLOR === undefined && t.env.TERM !== 'dumb';
}

/** Readiness bars always (they are plain characters); colour by score band when enabled. */
export function cliStyle(colour: boolean): TextStyle {
  const c = pc.createColors(colour);
  const band = (n: number) => (n >= 80 ? c.green : n >= 60 ? c.cyan : n >= 40 ? c.yellow : c.red);
  return { ...plainStyle, bars: true, score: (n, text) => band(n)(text), bold: c.bold, dim: c.dim };
}

const SPINNER_AFTER_MS = 1_000;

/**
 * Runs work with a spinner and the elapsed seconds on stderr, shown only if it takes over a second and
 * stderr is a terminal (a log or a pipe gets nothing).
 */
export async function withSpinner<T>(t: Terminal, label: string, work: () => Promise<T>): Promise<T> {
  if (!t.stderr.isTTY) return work();
  const clock = t.clock ?? systemClock;
  const began = clock.now();
  let spinner: ReturnType<typeof createSpinner> | undefined;
  let ticker: unknown;
  const text = () => `${label} ${Math.floor((clock.now() - began) / 1000)} s`;
  const starter = clock.setTimeout(() => {
    spinner = createSpinner(text(), { stream: t.stderr }).start();
    ticker = clock.setInterval(() => spinner?.update({ text: text() }), 1_000);
  }, SPINNER_AFTER_MS);
  try {
    return await work();
  } finally {
    clock.clearTimeout(starter);
    clock.clearInterval(ticker);
    spinner?.stop(); // clears its line and restores the cursor
  }
}
