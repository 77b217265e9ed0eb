/**
 * Task queue names. One queue carries every workflow and activity today; the prefix comes from config
 * so tests (and parallel deployments sharing a namespace) never steal each other's tasks.
 */
export function taskQueues(prefix: string) {
  return { primitives: prefix } as const;
}
