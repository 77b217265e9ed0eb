// Politeness: at most one request in flight per host within one outbound instance. Each host has a promise
// chain; a task starts when the previous one for that host settles, whatever its outcome.

export function createHostQueue() {
  const tails = new Map<string, Promise<unknown>>();

  return function runExclusive<T>(host: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(host) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(host, tail);
    // Drop idle hosts so a long crawl does not keep one entry per host ever visited.
    void tail.then(() => {
      if (tails.get(host) === tail) tails.delete(host);
    });
    return result;
  };
}
