// Time as the code sees it. Whatever waits, retries or times out takes a Clock (the system's by default), so a
// test can hand it a fake one (test/support/fake-clock.ts) and say what happens at a given virtual time instead
// of measuring how long the wall clock took on a machine that may be busy. No imports: it is the typed client's
// own (the client loads nothing but Node built-ins and its files), and src/runtime/clock.ts hands it to the rest.

/** An opaque timer handle: whatever the clock's setTimeout or setInterval returned. */
export type TimerHandle = unknown;

export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(callback: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

/** The process's own clock and timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout | undefined),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout | undefined),
};
