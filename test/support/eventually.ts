// Waiting on something real (a socket, a server, another process) in real time. The limit is a margin, not a
// measurement: what is awaited takes milliseconds on a quiet machine, and the limit holds it at a hundredth of
// that speed, so a busy CI machine never fails a test that is right.

/** The default real-time limit for an event that takes milliseconds on a quiet machine. */
export const REAL_TIME_MARGIN_MS = 10_000;

const realSetTimeout = globalThis.setTimeout;

/** Resolves once `condition` holds, checking every few milliseconds; rejects naming `what` past the limit. */
export async function eventually(condition: () => boolean, what: string, withinMs = REAL_TIME_MARGIN_MS): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms of real time: ${what}`);
    await new Promise((resolve) => realSetTimeout(resolve, 5));
  }
}

/** As `eventually`, for a condition that has to ask (a query, a request): asked again every 50 ms. */
export async function eventuallyAsync(condition: () => Promise<boolean>, what: string, withinMs = REAL_TIME_MARGIN_MS): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms of real time: ${what}`);
    await new Promise((resolve) => realSetTimeout(resolve, 50));
  }
}

/** Whether a promise has settled, without waiting for it. */
export function settledState(promise: Promise<unknown>): () => boolean {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  return () => settled;
}

/** Resolves with `promise`, or rejects naming `what` if it has not settled within the real-time limit. */
export async function within<T>(promise: Promise<T>, what: string, withinMs = REAL_TIME_MARGIN_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = realSetTimeout(() => reject(new Error(`not within ${withinMs} ms of real time: ${what}`)), withinMs);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
