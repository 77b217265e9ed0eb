import type { Sample } from './outage-load';
import type { ProofRow } from './proof';

/** When one outage happened, as the proof drove it (epoch ms). */
export interface OutageTimes {
  /** The phase began (its workspace took the metered calls from here). */
  begin: number;
  /** The stop was asked for: calls from here on may meet the dependency down. */
  stopping: number;
  /** The dependency answers again (its start returned). */
  up: number;
  /** The phase's load ended. */
  end: number;
}

/** What the database holds for one phase's workspace after the load, and the long workflows it ran. */
export interface PhaseLedger {
  /** dedupe_key (workflow id) of every agent_discovery_check usage event, repeated if an id has several. */
  eventKeys: string[];
  /** Audits started before the outage: running at its start, completed after it, usage events each. */
  audits: Array<{ workflowId: string; runningAtStop: boolean; finalStatus: string; events: number }>;
}

const isOk = (s: Sample) => s.status >= 200 && s.status < 300;
const RECOVERY_LIMIT_S = 15;

/** The four promises of one outage, each computed from what the clients saw and what the database holds. */
export function outageRows(o: {
  dependency: 'Postgres' | 'Temporal';
  samples: Sample[];
  times: OutageTimes;
  acquireTimeoutMs: number;
  marginMs: number;
  childrenAlive: { api: boolean; worker: boolean };
  ledger: PhaseLedger;
  workspaceId: string;
}): ProofRow[] {
  const { dependency: dep, times } = o;
  const phase = o.samples.filter((s) => s.startedAt >= times.begin && s.startedAt < times.end);
  const during = phase.filter((s) => s.endedAt >= times.stopping && s.startedAt < times.up);
  const unexpected = phase.filter((s) => !isOk(s) && s.status !== 503);
  const count = (xs: Sample[], f: (s: Sample) => boolean) => xs.filter(f).length;
  const duringFigure = (kind: Sample['kind']) => {
    const xs = during.filter((s) => s.kind === kind);
    return `${kind} ${xs.length}: ${count(xs, (s) => s.status === 503)} × 503, ${count(xs, isOk)} × 2xx`;
  };
  // With Temporal down, open reads need only Postgres: they must keep answering, not just fail politely.
  const readsDown = dep === 'Temporal' ? count(during, (s) => s.kind === 'read' && !isOk(s)) : 0;
  const rows: ProofRow[] = [
    {
      promise: `${dep} down: calls answer 503 (or 2xx), never 500${dep === 'Temporal' ? '; open reads keep answering 2xx' : ''}`,
      passed: unexpected.length === 0 && count(during, (s) => s.status === 503) > 0 && readsDown === 0,
      figure:
        `during the outage ${duringFigure('read')}; ${duringFigure('metered')}; other statuses over the phase: ` +
        `${unexpected.length ? histogram(unexpected) : 'none'}`,
    },
  ];

  // What must stay bounded is the time a call spent waiting on a dependency that was down: a call in flight
  // at the stop had already spent its normal time, and one caught by the return (admitted while the
  // dependency came back, answered once it had warmed up) waits on a dependency that is up.
  const bound = o.acquireTimeoutMs + o.marginMs;
  const exposed = phase.filter((s) => s.endedAt >= times.stopping && s.startedAt < times.up);
  const waitedDown = (s: Sample) => Math.min(s.endedAt, times.up) - Math.max(s.startedAt, times.stopping);
  const longest = exposed.reduce<Sample | undefined>((m, s) => (!m || waitedDown(s) > waitedDown(m) ? s : m), undefined);
  const over = exposed.filter((s) => waitedDown(s) > bound);
  const slowest = phase.reduce<Sample | undefined>((m, s) => (!m || s.ms > m.ms ? s : m), undefined);
  const slowOk = phase.filter((s) => isOk(s) && s.ms > bound).length;
  rows.push({
    promise: `${dep} down: no call waits on it longer than the acquire timeout (+${o.marginMs} ms)`,
    passed: !!longest && over.length === 0,
    figure:
      `longest wait while down ${longest ? waitedDown(longest) : '-'} ms (${longest?.route ?? '-'} → ${longest?.status ?? '-'}), ` +
      `slowest 503 ${Math.max(0, ...phase.filter((s) => s.status === 503).map((s) => s.ms))} ms, bound ${bound} ms, ${over.length} over; ` +
      `slowest call of the phase ${slowest?.ms ?? '-'} ms (${slowest?.route ?? '-'} → ${slowest?.status ?? '-'}), ${slowOk} 2xx over the bound caught by the return`,
  });

  const { recoverySeconds, settled } = recoveryAfter(phase, times.up);
  const classesBack = settled.some((s) => s.kind === 'read') && settled.some((s) => s.kind === 'metered');
  const alive = o.childrenAlive.api && o.childrenAlive.worker;
  rows.push({
    promise: `${dep} back: calls succeed again within ${RECOVERY_LIMIT_S} s, API and worker never restarted`,
    passed: alive && classesBack && recoverySeconds <= RECOVERY_LIMIT_S && settled.length >= 20,
    figure:
      `recovered ${recoverySeconds.toFixed(1)} s after ${dep} answered; then ${settled.length} calls all 2xx; ` +
      `API ${o.childrenAlive.api ? 'same process' : 'EXITED'}, worker ${o.childrenAlive.worker ? 'same process' : 'EXITED'}`,
  });

  rows.push(eventsRow(dep, o.samples, o.workspaceId, o.ledger));
  return rows;
}

/** Usage events against what the clients were answered: per call where the workflow id is known, else in total. */
function eventsRow(dep: string, samples: Sample[], workspaceId: string, ledger: PhaseLedger): ProofRow {
  const { metered, ok, keyed, lost, chargedWithoutAnswer, doubled } = charges(samples, workspaceId, ledger.eventKeys);
  const audits = ledger.audits;
  const auditsOk = audits.length > 0 && audits.every((a) => a.finalStatus === 'completed' && a.events === 1);
  const runningAtStop = audits.filter((a) => a.runningAtStop).length;
  return {
    promise: `${dep} outage: usage events = metered 2xx (none lost or doubled); workflows started before it finish`,
    passed: ledger.eventKeys.length === ok.length && lost === 0 && chargedWithoutAnswer === 0 && doubled === 0 && auditsOk && runningAtStop > 0,
    figure:
      `${ledger.eventKeys.length} events for ${ok.length} metered 2xx (of ${metered.length} calls); per call (${keyed.length} with ` +
      `Idempotency-Key): ${lost} lost, ${chargedWithoutAnswer} charged without a 2xx, ${doubled} doubled; audits ` +
      `${audits.filter((a) => a.finalStatus === 'completed').length}/${audits.length} completed (${runningAtStop} running at the stop), ` +
      `${audits.map((a) => a.events).join('+') || 0} audit events`,
  };
}

/**
 * Recovered at the start of the first call after which every call succeeded (through the samples' end):
 * how long after `up` that was, and the calls from then on.
 */
export function recoveryAfter(samples: Sample[], up: number): { recoverySeconds: number; settled: Sample[] } {
  const after = samples.filter((s) => s.startedAt >= up).sort((a, b) => a.startedAt - b.startedAt);
  const lastFailure = after.reduce((t, s) => (isOk(s) ? t : Math.max(t, s.endedAt)), up);
  return { recoverySeconds: (lastFailure - up) / 1000, settled: after.filter((s) => s.startedAt >= lastFailure) };
}

/**
 * A workspace's usage events (their dedupe keys, a workflow id each) against the metered calls its clients
 * saw: per call where the workflow id is known (an Idempotency-Key), events lost for a 2xx, charged without
 * one, or doubled.
 */
export function charges(samples: Sample[], workspaceId: string, eventKeys: string[]) {
  const metered = samples.filter((s) => s.kind === 'metered' && s.workspaceId === workspaceId);
  const perKey = new Map<string, number>();
  for (const k of eventKeys) perKey.set(k, (perKey.get(k) ?? 0) + 1);
  const keyed = metered.filter((s) => s.workflowId);
  return {
    metered,
    ok: metered.filter(isOk),
    keyed,
    lost: keyed.filter((s) => isOk(s) && !perKey.has(s.workflowId!)).length,
    chargedWithoutAnswer: keyed.filter((s) => !isOk(s) && perKey.has(s.workflowId!)).length,
    doubled: [...perKey.values()].filter((n) => n > 1).length,
  };
}

export function histogram(xs: Sample[]): string {
  const counts = new Map<string, number>();
  for (const s of xs) {
    const k = `${s.route} ${s.status || 'no answer'}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${n} × ${k}`).join(', ');
}
