import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** One process as Linux's /proc/<pid>/stat tells it. */
export interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  /** CPU time spent so far, user + system, in ms. */
  cpuMs: number;
}

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

function readStat(pid: string): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after its last ')'.
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    // After comm: state(0) ppid(1) ... utime(11) stime(12), in clock ticks.
    const cpuMs = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
    return { pid: Number(pid), ppid: Number(fields[1]), comm: text.slice(text.indexOf('(') + 1, close), cpuMs };
  } catch {
    return undefined; // the process ended while we looked (or this is not Linux)
  }
}

/** Every live process. */
export function readProcesses(): ProcStat[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(readStat)
    .filter((s): s is ProcStat => s !== undefined);
}

/** Every live descendant of `root` (not `root` itself), found through each process's parent. */
export function descendantsOf(root: number, processes: ProcStat[] = readProcesses()): ProcStat[] {
  const children = new Map<number, ProcStat[]>();
  for (const p of processes) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const found: ProcStat[] = [];
  const frontier = [root];
  while (frontier.length) {
    for (const child of children.get(frontier.pop()!) ?? []) {
      found.push(child);
      frontier.push(child.pid);
    }
  }
  return found;
}
