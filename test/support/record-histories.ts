import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Client, WorkflowExecutionInfo } from '@temporalio/client';
import { historyToJSON, type History } from './history-json';
import { findSecrets, HISTORIES_DIR } from './workflow-histories';

export interface RecordOptions {
  client: Client;
  /** Only executions started since then: a shared Temporal server holds other runs' workflows too. */
  since: Date;
  dir?: string;
  /** Histories kept per workflow type, each of a different shape. */
  perType?: number;
  /** Histories fetched per type to choose from, smallest first. */
  candidatesPerType?: number;
  /** Larger histories are kept only when a type has nothing smaller. */
  maxBytes?: number;
  log?: (line: string) => void;
}

/**
 * Writes a few closed histories per workflow type into test/histories/<type>-<n>.json, in the JSON form
 * `historyFromJSON` reads. Completed executions are preferred, then the smallest; among those, histories of
 * different shapes (which activities, timers and children ran, and how it ended), so the replay covers more
 * than one path through a workflow. A history holding anything that looks like a credential is never written.
 */
export async function recordHistories(o: RecordOptions): Promise<Record<string, number>> {
  const dir = o.dir ?? HISTORIES_DIR;
  const perType = o.perType ?? 3;
  const log = o.log ?? (() => undefined);
  const byType = new Map<string, WorkflowExecutionInfo[]>();
  const query = `ExecutionStatus != 'Running' AND StartTime >= '${o.since.toISOString()}'`;
  for await (const wf of o.client.workflow.list({ query })) {
    byType.set(wf.type, [...(byType.get(wf.type) ?? []), wf]);
  }

  mkdirSync(dir, { recursive: true });
  const written: Record<string, number> = {};
  for (const [type, executions] of [...byType].sort(([a], [b]) => a.localeCompare(b))) {
    const candidates = executions.sort(preferCompletedThenSmall).slice(0, o.candidatesPerType ?? 15);
    const chosen: string[] = [];
    const shapes = new Set<string>();
    for (const wf of candidates) {
      if (chosen.length >= perType) break;
      const history = await o.client.workflow.getHandle(wf.workflowId, wf.runId).fetchHistory();
      const json = historyToJSON(history);
      const secrets = findSecrets(json);
      if (secrets.length) {
        log(`skipped ${type} ${wf.workflowId}: it holds a ${secrets.join(', ')}`);
        continue;
      }
      // A run no worker ever picked up (a test's deliberately unpolled queue) replays no workflow code.
      if (!history.events?.some((e) => e.workflowTaskCompletedEventAttributes)) continue;
      const shape = shapeOf(history);
      if (shapes.has(shape)) continue;
      if (chosen.length && Buffer.byteLength(json) > (o.maxBytes ?? 64_000)) continue;
      shapes.add(shape);
      chosen.push(json);
    }
    if (!chosen.length) continue;
    // A type's old files go, so a re-recording never mixes runs; types this run did not see are kept.
    for (const f of readdirSync(dir)) if (f.startsWith(`${type}-`) && f.endsWith('.json')) rmSync(path.join(dir, f));
    for (const [i, json] of chosen.entries()) writeFileSync(path.join(dir, `${type}-${i + 1}.json`), `${json}\n`);
    written[type] = chosen.length;
  }
  return written;
}

const COMPLETED = 'COMPLETED';

function preferCompletedThenSmall(a: WorkflowExecutionInfo, b: WorkflowExecutionInfo): number {
  const done = Number(b.status.name === COMPLETED) - Number(a.status.name === COMPLETED);
  return done || (a.historySize ?? a.historyLength) - (b.historySize ?? b.historyLength);
}

/** The kinds of commands a run made and how it ended, order and repetition aside. */
function shapeOf(history: History): string {
  const kinds = new Set<string>();
  for (const e of history.events ?? []) {
    const activity = e.activityTaskScheduledEventAttributes?.activityType?.name;
    const child = e.startChildWorkflowExecutionInitiatedEventAttributes?.workflowType?.name;
    kinds.add([e.eventType, activity ?? child ?? localActivityOf(e) ?? ''].join(':'));
  }
  return [...kinds].sort().join(' ');
}

/** A local activity leaves a marker whose details name the activity (Temporal core's marker format). */
function localActivityOf(e: NonNullable<History['events']>[number]): string | undefined {
  const data = e.markerRecordedEventAttributes?.details?.data?.payloads?.[0]?.data;
  if (!data) return undefined;
  try {
    return JSON.parse(Buffer.from(data).toString('utf8')).activity_type;
  } catch {
    return 'local activity';
  }
}
