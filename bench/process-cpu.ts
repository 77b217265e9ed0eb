import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** CPU milliseconds (user + system), by group of processes. */
export type CpuByGroup = Record<string, number>;

/** The CPU milliseconds each process of a tree has spent so far, and its group. */
export type CpuSnapshot = Map<number, { group: string; cpuMs: number }>;

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface Stat {
  pid: number;
  ppid: number;
  comm: string;
  cpuMs: number;
}

function readStat(pid: string): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after its last ')'.
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    // After comm: state(0) ppid(1) ... utime(11) stime(12), in clock ticks.
    return { pid: Number(pid), ppid: Number(fields[1]), comm, cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND };
  } catch {
    return undefined; // the process ended while we looked
  }
}

/**
 * The CPU time of `root` and every process under it (Linux /proc), with the group `classify` names for
 * each (undefined: not counted).
 */
export function cpuOfTree(root: number, classify: (p: { pid: number; comm: string }) => string | undefined): CpuSnapshot {
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(readStat)
    .filter((s): s is Stat => s !== undefined);
  const children = new Map<number, Stat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const snapshot: CpuSnapshot = new Map();
  const self = stats.find((s) => s.pid === root);
  const queue = self ? [self] : [];
  while (queue.length > 0) {
    const s = queue.shift()!;
    const group = classify(s);
    if (group) snapshot.set(s.pid, { group, cpuMs: s.cpuMs });
    queue.push(...(children.get(s.pid) ?? []));
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
