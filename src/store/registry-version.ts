/**
 * A counter bumped by every registry write in this process (seed loads, audits). Read caches tag their
 * entries with it and treat older entries as misses, so a write is visible at once to the same process
 * (npm start runs API and worker together); other processes see it when their short TTL lapses.
 */
let version = 0;

export function registryVersion(): number {
  return version;
}

export function bumpRegistryVersion(): void {
  version++;
}
