import { readFileSync } from 'node:fs';
import { descendantsOf } from '../proc-tree';

/**
 * Resident memory of a process, sampled once a second from /proc/<pid>/status (VmRSS): the process alone,
 * never its children (Chromium runs in children of the worker and is reported apart).
 */
export interface RssSample {
  /** Seconds since sampling started. */
  at: number;
  mb: number;
  /** Resident memory of the process's descendants (Chromium, for the worker). */
  childrenMb: number;
}

export interface RssSampler {
  samples: RssSample[];
  stop(): void;
}

export function sampleRss(pid: number, everyMs = 1000): RssSampler {
  const samples: RssSample[] = [];
  const started = Date.now();
  const take = () => {
    const mb = rssMb(pid);
    if (mb !== undefined)
      samples.push({
        at: (Date.now() - started) / 1000,
        mb,
        childrenMb: descendantsOf(pid)
          .map((p) => p.pid)
          .reduce((sum, p) => sum + (rssMb(p) ?? 0), 0),
      });
  };
  take();
  const timer = setInterval(take, everyMs);
  return { samples, stop: () => clearInterval(timer) };
}

export interface RssFigures {
  peakMb: number;
  finalMb: number;
  /** Median within the first and within the last minute (for growth over a long run; a median, since GC saws). */
  firstMinuteMb: number;
  lastMinuteMb: number;
  childrenPeakMb: number;
}

export function rssFigures(samples: RssSample[]): RssFigures {
  const peak = (xs: RssSample[]) => round(Math.max(0, ...xs.map((s) => s.mb)));
  const end = samples.at(-1)?.at ?? 0;
  return {
    peakMb: peak(samples),
    finalMb: round(samples.at(-1)?.mb ?? 0),
    firstMinuteMb: median(samples.filter((s) => s.at <= 60)),
    lastMinuteMb: median(samples.filter((s) => s.at >= end - 60)),
    childrenPeakMb: round(Math.max(0, ...samples.map((s) => s.childrenMb))),
  };
}

const round = (x: number) => Math.round(x * 10) / 10;

function median(xs: RssSample[]): number {
  const sorted = xs.map((s) => s.mb).sort((a, b) => a - b);
  return round(sorted[Math.floor(sorted.length / 2)] ?? 0);
}

function rssMb(pid: number): number | undefined {
  try {
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined; // gone (or not Linux)
  }
}
