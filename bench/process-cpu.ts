import { descendantsOf, readProcesses } from './proc-tree';

/** CPU milliseconds (user + system), by group of processes. */
export type CpuByGroup = Record<string, number>;

/** The CPU milliseconds each process of a tree has spent so far, and its group. */
export type CpuSnapshot = Map<number, { group: string; cpuMs: number }>;

/**
 * The CPU time of `root` and every process under it (Linux /proc), with the group `classify` names for
 * each (undefined: not counted).
 */
export function cpuOfTree(root: number, classify: (p: { pid: number; comm: string }) => string | undefined): CpuSnapshot {
  const processes = readProcesses();
  const snapshot: CpuSnapshot = new Map();
  for (const p of [...processes.filter((s) => s.pid === root), ...descendantsOf(root, processes)]) {
    const group = classify(p);
    if (group) snapshot.set(p.pid, { group, cpuMs: p.cpuMs });
  }
  return snapshot;
}

/**
 * The CPU spent between two snapshots, by group: each process's own difference (one that started since
 * counts whole). A process that exited in between is missing from `after`, so what it spent since
 * `before` is not counted: read around a measure, groups are of long-lived processes (servers, pooled
 * connections) and the loss is small.
 */
export function cpuSpent(before: CpuSnapshot, after: CpuSnapshot): CpuByGroup {
  const spent: CpuByGroup = {};
  for (const [pid, { group, cpuMs }] of after) spent[group] = (spent[group] ?? 0) + cpuMs - (before.get(pid)?.cpuMs ?? 0);
  return spent;
}
