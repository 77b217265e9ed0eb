import type { ProofRow } from '../prove/proof';
import { PLANS } from '../../src/domain/plans';
import { createWorkspace } from '../../test/support/workspaces';
import { drive, type DriveResult, type LoadCaller, percentile } from './driver';
import { rssFigures, type RssFigures, sampleRss } from './memory';
import { drawRequest, type LoadClass, type MixData } from './mix';
import { type ManagedProcess, type StackOptions, startStack } from '../prove/stack';

/**
 * The load of issue 16, from scratch: the stack in its production shape (one API process, one worker
 * process), `callers` concurrent callers for `seconds` on the request mix, then the checks: no errors but
 * the expected 402/429, p50/p99 per class, usage events equal to metered 2xx, and each process's memory.
 * Used by `npm run bench:load` and by the `load` and `soak` proofs.
 */
export interface LoadOptions {
  seconds: number;
  callers: number;
  log: (line: string) => void;
}

export interface LoadReport {
  options: Omit<LoadOptions, 'log'>;
  drive: DriveResult;
  /** Usage events recorded per keyed workspace, and the reservations left open afterwards. */
  eventsByWorkspace: Record<string, number>;
  reservedLeft: number;
  api: RssFigures;
  worker: RssFigures;
}

/** The stack the load runs on (also the races'): 30 generic sites to audit, callers told apart by X-Forwarded-For. */
export const LOAD_STACK: Omit<StackOptions, 'log'> = {
  genericSites: 30,
  env: {
    PUBLIC_BASE_URL: 'http://agentdex.load',
    // Callers are told apart by X-Forwarded-For, as behind a load balancer.
    TRUST_PROXY: 'true',
    AUDIT_REQUEST_TIMEOUT_MS: '5000',
  },
};

export const RSS_TARGET_MB = { api: 250, worker: 600 };
export const GROWTH_LIMIT = 0.1;

export async function runLoad(o: LoadOptions): Promise<LoadReport> {
  o.log('starting Postgres, Temporal, the fixture web, an API process and a worker process...');
  const stack = await startStack({ ...LOAD_STACK, apis: 1, log: o.log });
  try {
    const { db } = stack;
    const baseUrl = stack.apiUrl;
    const slugs = (await db('products').select('slug').orderByRaw('random()').limit(300)).map((p) => p.slug as string);
    const categories = ((await (await fetch(`${baseUrl}/v1/categories`)).json()) as { categories: Array<{ slug: string }> }).categories.map((c) => c.slug);
    const data: MixData = {
      slugs,
      categories,
      auditDomains: [...Array.from({ length: 30 }, (_, i) => `site-${i}.test`), 'agent-native.test', 'typical-saas.test', 'docs-only.test'],
    };

    // Keys with room to spare (Scale: overage without a card), one workspace a few calls short of its free
    // quota (402s), and every fifth caller anonymous, five to an address (as behind one NAT), so each
    // address spends the trial's 8 calls within seconds and then meets 429s.
    const roomy = await Promise.all(Array.from({ length: 4 }, () => createWorkspace(db, { plan: 'scale' })));
    const included = PLANS.free.included;
    const nearQuota = await createWorkspace(db, { used: { agent_discovery_check: included.agent_discovery_check - 10, audit_run: included.audit_run - 2 } });
    const callers = Array.from({ length: o.callers }, (_, i): LoadCaller => {
      if (i % 5 === 4) {
        const address = Math.floor(i / 25);
        return { headers: { 'x-forwarded-for': `198.18.${Math.floor(address / 250)}.${(address % 250) + 1}` } };
      }
      const ws = i % 20 === 1 ? nearQuota : roomy[i % roomy.length];
      return { headers: { 'x-forwarded-for': `198.19.${Math.floor(i / 250)}.${(i % 250) + 1}`, 'x-api-key': ws.key }, workspaceId: ws.workspaceId };
    });

    // A few calls of every kind first (JIT, pools, workflow cache), billed to a workspace the checks ignore.
    const warm = await createWorkspace(db, { plan: 'scale' });
    for (let i = 0; i < 40; i++) {
      const req = drawRequest(data);
      await fetch(`${baseUrl}${req.path}`, {
        method: req.method,
        headers: { 'x-api-key': warm.key, ...(req.body ? { 'content-type': 'application/json' } : {}) },
        body: req.body ? JSON.stringify(req.body) : undefined,
      }).then((r) => r.arrayBuffer());
    }

    const apiRss = sampleRss(runningPid(stack.api));
    const workerRss = sampleRss(runningPid(stack.worker));
    const mb = (s: typeof apiRss) => Math.round(s.samples.at(-1)?.mb ?? 0);
    o.log(`${o.callers} callers for ${o.seconds} s...`);
    let result: DriveResult;
    try {
      result = await drive({ baseUrl, callers, seconds: o.seconds, data, log: o.log, progress: () => `RSS api ${mb(apiRss)} MB, worker ${mb(workerRss)} MB` });
    } finally {
      apiRss.stop();
      workerRss.stop();
    }

    const ids = [...roomy, nearQuota].map((w) => w.workspaceId);
    const rows = await db('usage_events')
      .whereIn('workspace_id', ids)
      .groupBy('workspace_id')
      .select('workspace_id')
      .count<Array<{ workspace_id: string; n: number }>>('* as n');
    const [{ reserved }] = await db('usage_counters').whereIn('workspace_id', ids).sum<Array<{ reserved: number | null }>>({ reserved: 'reserved' });
    return {
      options: { seconds: o.seconds, callers: o.callers },
      drive: result,
      eventsByWorkspace: Object.fromEntries(ids.map((id) => [id, Number(rows.find((r) => r.workspace_id === id)?.n ?? 0)])),
      reservedLeft: Number(reserved ?? 0),
      api: rssFigures(apiRss.samples),
      worker: rssFigures(workerRss.samples),
    };
  } finally {
    await stack.stop();
  }
}

function runningPid(p: ManagedProcess): number {
  if (!p.pid) throw new Error(`${p.name} is not running; its last lines:\n${p.lastOutput()}`);
  return p.pid;
}

const CLASS_NAMES: Record<LoadClass, string> = { read: 'reads', metered: 'find-tools+resolve', audit: 'audits' };

/** The proof rows of a load run; `growth` adds the soak's memory-growth rows. */
export function loadRows(r: LoadReport, o: { growth?: boolean } = {}): ProofRow[] {
  const d = r.drive;
  const classes = Object.values(d.classes);
  const total = classes.reduce((s, c) => s + c.requests, 0);
  const count = (pred: (status: string) => boolean) =>
    classes.reduce((s, c) => s + Object.entries(c.byStatus).reduce((t, [k, n]) => t + (pred(k) ? n : 0), 0), 0);
  const n402 = count((s) => s === '402');
  const n429 = count((s) => s === '429');
  const keyed429 = Object.entries(d.outcomes)
    .filter(([k]) => k.startsWith('key 429'))
    .reduce((s, [, n]) => s + n, 0);
  const ok = count((s) => s.startsWith('2'));
  const seen = Object.values(d.meteredOkByWorkspace).reduce((s, n) => s + n, 0);
  const events = Object.values(r.eventsByWorkspace).reduce((s, n) => s + n, 0);
  const mismatched = Object.keys(r.eventsByWorkspace).filter((id) => r.eventsByWorkspace[id] !== (d.meteredOkByWorkspace[id] ?? 0));
  const { callers, seconds } = r.options;

  const rows: ProofRow[] = [
    {
      promise: `${callers} callers for ${seconds} s (70% reads, 25% find-tools/resolve, 5% audits; keys and trial): no errors but the expected 402/429 (quota, trial, per-workspace limits)`,
      passed: d.errors === 0 && n402 > 0 && n429 > 0,
      figure: `${total} requests (${Math.round(total / d.seconds)}/s): ${ok} 2xx, ${n402} 402, ${n429} 429 (${keyed429} of them per-workspace limits), ${d.errors} errors${d.errorSamples.length ? ` (e.g. ${d.errorSamples[0]})` : ''}`,
    },
    {
      promise: 'p50/p99 per class under that load (all answers; metered classes also 2xx alone)',
      passed: classes.every((c) => c.requests > 0),
      figure: (Object.keys(d.classes) as LoadClass[])
        .map((k) => {
          const c = d.classes[k];
          const all = `${percentile(c.latencies, 50)}/${percentile(c.latencies, 99)} ms (${c.requests})`;
          return `${CLASS_NAMES[k]} ${all}${k === 'read' ? '' : `, 2xx alone ${percentile(c.okLatencies, 50)}/${percentile(c.okLatencies, 99)} ms`}`;
        })
        .join('; '),
    },
    {
      promise: 'usage events recorded = metered 2xx the callers saw, per workspace; no reservation left',
      passed: mismatched.length === 0 && r.reservedLeft === 0 && seen > 0,
      figure: `${events} events, ${seen} metered 2xx (${d.jobs.completed} of them jobs) over ${Object.keys(r.eventsByWorkspace).length} workspaces${mismatched.length ? `, ${mismatched.length} disagree` : ''}; ${r.reservedLeft} reserved left`,
    },
    {
      promise: `API process RSS <= ${RSS_TARGET_MB.api} MB`,
      passed: r.api.peakMb > 0 && r.api.peakMb <= RSS_TARGET_MB.api,
      figure: `peak ${r.api.peakMb} MB, at the end ${r.api.finalMb} MB`,
    },
    {
      promise: `worker process RSS <= ${RSS_TARGET_MB.worker} MB (Chromium excluded)`,
      passed: r.worker.peakMb > 0 && r.worker.peakMb <= RSS_TARGET_MB.worker,
      figure: `peak ${r.worker.peakMb} MB, at the end ${r.worker.finalMb} MB; Chromium peak ${r.worker.childrenPeakMb} MB`,
    },
  ];
  if (o.growth) {
    for (const [name, f] of [
      ['API', r.api],
      ['worker', r.worker],
    ] as const) {
      const growth = f.lastMinuteMb / f.firstMinuteMb - 1;
      rows.push({
        promise: `${name} RSS grows <= ${GROWTH_LIMIT * 100}% from the first minute to the last (median of each minute)`,
        passed: seconds >= 120 && f.firstMinuteMb > 0 && growth <= GROWTH_LIMIT,
        figure: `${f.firstMinuteMb} → ${f.lastMinuteMb} MB (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%)`,
      });
    }
  }
  return rows;
}
