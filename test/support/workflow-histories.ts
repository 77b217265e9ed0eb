import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { historyFromJSON, type History } from './history-json';
import { type ReplayWorkerOptions, Worker } from '@temporalio/worker';
import { WorkflowTypes } from '../../src/temporal/workflow-names';
import * as workflows from '../../workflows';
import { WORKFLOW_BUNDLE_PATH } from '../../workers/worker';

/** Recorded histories are committed under test/histories/ (this file runs from dist/test/support/). */
export const HISTORIES_DIR = path.resolve(__dirname, '../../../test/histories');

/**
 * Every workflow type a history must exist for: the names clients start (WorkflowTypes) and every workflow
 * the worker exports, which adds the child workflows (companyCrawlWorkflow) no client starts by name.
 */
export function workflowTypesToCover(): string[] {
  return [...new Set([...Object.values(WorkflowTypes), ...Object.keys(workflows)])].sort();
}

export interface RecordedHistory {
  file: string;
  workflowType: string;
  history: History;
}

export function workflowTypeOf(history: History): string {
  const name = history.events?.[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name;
  if (!name) throw new Error('history does not start with WorkflowExecutionStarted');
  return name;
}

/** Servers since 1.2x write the workflow id into the started event; older histories fall back to the file name. */
function workflowIdOf(r: RecordedHistory): string {
  return r.history.events?.[0]?.workflowExecutionStartedEventAttributes?.workflowId || r.file;
}

export function loadRecordedHistories(dir = HISTORIES_DIR): RecordedHistory[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const history = historyFromJSON(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
      return { file, workflowType: workflowTypeOf(history), history };
    });
}

export interface ReplayOutcome {
  histories: number;
  types: string[];
  failures: Array<{ file: string; error: string }>;
  /** Types that must be covered but have no recorded history. */
  missing: string[];
}

/**
 * Replays every recorded history against the prebuilt workflow bundle the production worker runs
 * (workers/worker.ts), or another bundle given, so a change to workflow code that would break running
 * executions fails here.
 */
export async function replayRecordedHistories(
  o: { dir?: string; workflowBundle?: { codePath: string } | { code: string }; sinks?: ReplayWorkerOptions['sinks'] } = {},
): Promise<ReplayOutcome> {
  const dir = o.dir ?? HISTORIES_DIR;
  const recorded = loadRecordedHistories(dir);
  // The recorded workflow id, not a made-up one: child workflow ids are derived from it, and a different
  // id would itself be a non-determinism.
  const fileOf = new Map(recorded.map((r) => [workflowIdOf(r), r.file]));
  const results = Worker.runReplayHistories(
    { workflowBundle: o.workflowBundle ?? { codePath: WORKFLOW_BUNDLE_PATH }, replayName: 'agentdex-replay', sinks: o.sinks },
    recorded.map((r) => ({ workflowId: workflowIdOf(r), history: r.history })),
  );
  const failures: ReplayOutcome['failures'] = [];
  let replayed = 0;
  for await (const result of results) {
    replayed++;
    if (result.error) failures.push({ file: fileOf.get(result.workflowId) ?? result.workflowId, error: result.error.message });
  }
  if (replayed !== recorded.length) failures.push({ file: dir, error: `${recorded.length} histories loaded, ${replayed} replayed` });
  const types = [...new Set(recorded.map((r) => r.workflowType))].sort();
  return { histories: recorded.length, types, failures, missing: workflowTypesToCover().filter((t) => !types.includes(t)) };
}

/**
 * Credentials that must never be committed inside a history: our API keys, Stripe secret, restricted and
 * webhook-signing keys, and bearer tokens. Payloads are base64 in the JSON, so they are decoded and searched too.
 */
const SECRET_PATTERNS: Array<[string, RegExp]> = [
  ['API key', /adx_[0-9A-Za-z]{8,}/],
  ['Stripe secret key', /\b[sr]k_(test|live)_[0-9A-Za-z_]+/],
  ['Stripe webhook secret', /whsec_[0-9A-Za-z_]+/],
  ['bearer token', /Bearer\s+[0-9A-Za-z._~+/-]{8,}/i],
];

export function findSecrets(historyJson: string): string[] {
  const decoded = [...historyJson.matchAll(/"data":\s*"([A-Za-z0-9+/=]+)"/g)].map((m) => Buffer.from(m[1], 'base64').toString('utf8'));
  const text = [historyJson, ...decoded].join('\n');
  return SECRET_PATTERNS.filter(([, re]) => re.test(text)).map(([name]) => name);
}
