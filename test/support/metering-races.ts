import { PLANS } from '../../src/domain/plans';
import { TRIAL_QUOTA } from '../../src/services/metering';
import type { Db } from '../../src/store/db';
import { createWorkspace } from './workspaces';

/**
 * Simultaneous metered calls spread over several API processes that share one database, for the trial and
 * quota races (issue 16). The call is POST /v1/find-tools, a metered primitive the trial admits.
 */
export interface RaceOutcome {
  calls: number;
  /** 2xx answers: calls that were let through. */
  admitted: number;
  /** The expected refusal: 429 for the trial, 402 for a spent quota. */
  refused: number;
  /** Anything else, as "status: count" (should be empty). */
  unexpected: string[];
}

const TASK = { task: 'send transactional email from a Node app' };

/** `calls` anonymous calls at once from one address (X-Forwarded-For; the APIs trust the proxy). */
export async function raceAnonymousTrial(baseUrls: string[], ip: string, calls = 50): Promise<RaceOutcome & { quota: number }> {
  const statuses = await race(baseUrls, calls, { 'x-forwarded-for': ip });
  return { ...outcome(statuses, 429), quota: TRIAL_QUOTA };
}

/**
 * A fresh free workspace with exactly one included find-tools call left, then `calls` keyed calls at once.
 * Returns the outcome, the usage events recorded for the workspace and its counter afterwards.
 */
export async function raceLastIncludedCall(db: Db, baseUrls: string[], calls = 20) {
  const included = PLANS.free.included.agent_discovery_check;
  // Limits roomier than the race, so the quota alone decides (per-workspace limits have their own tests).
  const ws = await createWorkspace(db, { used: { agent_discovery_check: included - 1 }, callLimits: { rate: 1000, burst: 1000, inFlight: 100 } });
  const statuses = await race(baseUrls, calls, { 'x-api-key': ws.key });
  const [{ events }] = await db('usage_events').where({ workspace_id: ws.workspaceId }).count<{ events: number }[]>('* as events');
  const counter = await db('usage_counters').where({ workspace_id: ws.workspaceId, event_type: 'agent_discovery_check' }).first();
  return { ...outcome(statuses, 402), events: Number(events), used: Number(counter.used), reserved: Number(counter.reserved), included };
}

async function race(baseUrls: string[], calls: number, headers: Record<string, string>): Promise<number[]> {
  // Open keep-alive connections first, so the calls leave together instead of queueing behind handshakes.
  await Promise.all(Array.from({ length: calls }, (_, i) => fetch(`${baseUrls[i % baseUrls.length]}/health`).then((r) => r.arrayBuffer())));
  const responses = await Promise.all(
    Array.from({ length: calls }, async (_, i) => {
      const res = await fetch(`${baseUrls[i % baseUrls.length]}/v1/find-tools`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(TASK),
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  return responses;
}

function outcome(statuses: number[], refusal: number): RaceOutcome {
  const unexpected = new Map<number, number>();
  let admitted = 0;
  let refused = 0;
  for (const s of statuses) {
    if (s >= 200 && s < 300) admitted++;
    else if (s === refusal) refused++;
    else unexpected.set(s, (unexpected.get(s) ?? 0) + 1);
  }
  return { calls: statuses.length, admitted, refused, unexpected: [...unexpected].map(([s, n]) => `${s}: ${n}`) };
}
