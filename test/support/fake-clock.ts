import FakeTimers from '@sinonjs/fake-timers';
import type { Clock, TimerHandle } from '../../src/runtime/clock';
import { eventually } from './eventually';

// A Clock whose time moves only when the test says so (@sinonjs/fake-timers' createClock, never installed over the
// globals, so real sockets and servers keep their own timers). It remembers the delay of every pending timer, so
// a test can wait for the code under test to start a wait of a given length and then move time past it.

export interface FakeClock {
  clock: Clock;
  /** Moves virtual time forward, running every timer due and the promise callbacks they start. */
  tick(ms: number): Promise<void>;
  /** Virtual milliseconds since the clock was made. */
  elapsed(): number;
  /** The delays of the timers still pending, in the order they were set. */
  pendingDelays(): number[];
  /** Waits (in real time) until a timer whose delay satisfies `accept` is pending; returns that delay. */
  waitForTimer(accept: (delayMs: number) => boolean, what: string): Promise<number>;
}

export function fakeClock(startMs = Date.UTC(2026, 0, 1)): FakeClock {
  const fake = FakeTimers.createClock(startMs);
  const pending = new Map<TimerHandle, number>();
  const clock: Clock = {
    now: () => fake.now,
    setTimeout(callback, ms) {
      const handle = fake.setTimeout(() => {
        pending.delete(handle);
        callback();
      }, ms);
      pending.set(handle, ms);
      return handle;
    },
    clearTimeout(handle) {
      pending.delete(handle);
      fake.clearTimeout(handle as never);
    },
    setInterval(callback, ms) {
      const handle = fake.setInterval(callback, ms);
      pending.set(handle, ms);
      return handle;
    },
    clearInterval(handle) {
      pending.delete(handle);
      fake.clearInterval(handle as never);
    },
  };
  const pendingDelays = () => [...pending.values()];
  return {
    clock,
    async tick(ms) {
      await fake.tickAsync(ms);
    },
    elapsed: () => fake.now - startMs,
    pendingDelays,
    async waitForTimer(accept, what) {
      await eventually(() => pendingDelays().some(accept), `a pending timer for ${what}`);
      return pendingDelays().find(accept) as number;
    },
  };
}
