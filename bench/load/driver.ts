import { drawRequest, type LoadClass, type LoadRequest, type MixData } from './mix';

/**
 * Closed-loop load: every caller sends one request, waits for its answer, sends the next, until the time
 * is up. A caller is a workspace key or an anonymous trial address (X-Forwarded-For, which the API trusts).
 * Every answer is classified: 2xx (202 for metered calls that became jobs), the expected refusals (402 for
 * keys, 429 for the trial and for a workspace past its per-workspace call limits), or an error (anything
 * else, a dropped connection, a timeout).
 */
export interface LoadCaller {
  headers: Record<string, string>;
  /** Set for keyed callers: the workspace their metered 2xx are billed to. */
  workspaceId?: string;
}

export interface ClassStats {
  requests: number;
  byStatus: Record<string, number>;
  errors: number;
  latencies: number[];
  /** Latencies of 2xx answers alone (a refusal answers in milliseconds). */
  okLatencies: number[];
}

export interface DriveResult {
  seconds: number;
  classes: Record<LoadClass, ClassStats>;
  routes: Record<string, { requests: number; latencies: number[] }>;
  errors: number;
  /** Metered answers by caller and outcome: "key 402 QUOTA_EXHAUSTED", "trial 429", "key 200". */
  outcomes: Record<string, number>;
  /** Up to 20 distinct error descriptions, "route: status body". */
  errorSamples: string[];
  /** Metered 2xx per workspace: 200s, plus 202 jobs that completed. */
  meteredOkByWorkspace: Record<string, number>;
  jobs: { total: number; completed: number; failed: number; unfinished: number };
}

const REQUEST_TIMEOUT_MS = 120_000;

export async function drive(o: {
  baseUrl: string;
  callers: LoadCaller[];
  seconds: number;
  data: MixData;
  log: (line: string) => void;
  /** Called every 10 s with the requests so far. */
  progress?: (requests: number) => string;
}): Promise<DriveResult> {
  const newClass = (): ClassStats => ({ requests: 0, byStatus: {}, errors: 0, latencies: [], okLatencies: [] });
  const r: DriveResult = {
    seconds: 0,
    classes: { read: newClass(), metered: newClass(), audit: newClass() },
    routes: {},
    errors: 0,
    outcomes: {},
    errorSamples: [],
    meteredOkByWorkspace: {},
    jobs: { total: 0, completed: 0, failed: 0, unfinished: 0 },
  };
  const jobs: Array<{ location: string; caller: LoadCaller }> = [];
  const error = (what: string) => {
    r.errors++;
    if (r.errorSamples.length < 20 && !r.errorSamples.includes(what)) r.errorSamples.push(what);
  };
  const billed = (caller: LoadCaller) => {
    if (caller.workspaceId) r.meteredOkByWorkspace[caller.workspaceId] = (r.meteredOkByWorkspace[caller.workspaceId] ?? 0) + 1;
  };

  const once = async (caller: LoadCaller, req: LoadRequest) => {
    const stats = r.classes[req.cls];
    const started = performance.now();
    let status = 0;
    let text = '';
    try {
      const res = await fetch(`${o.baseUrl}${req.path}`, {
        method: req.method,
        headers: { ...caller.headers, ...(req.body ? { 'content-type': 'application/json' } : {}) },
        body: req.body ? JSON.stringify(req.body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      text = await res.text();
      status = res.status;
    } catch (err) {
      text = (err as Error).name === 'TimeoutError' ? `timeout after ${REQUEST_TIMEOUT_MS} ms` : String((err as Error).cause ?? err);
    }
    const ms = performance.now() - started;
    stats.requests++;
    stats.byStatus[status || 'network'] = (stats.byStatus[status || 'network'] ?? 0) + 1;
    stats.latencies.push(ms);
    if (status >= 200 && status < 300) stats.okLatencies.push(ms);
    r.routes[req.route] ??= { requests: 0, latencies: [] };
    const route = r.routes[req.route];
    route.requests++;
    route.latencies.push(ms);

    const metered = req.cls !== 'read';
    if (metered) {
      const outcome = `${caller.workspaceId ? 'key' : 'trial'} ${status} ${status === 402 || status === 429 ? reasonOf(text) : ''}`.trim();
      r.outcomes[outcome] = (r.outcomes[outcome] ?? 0) + 1;
    }
    if (status === 200 && metered) billed(caller);
    else if (status === 202 && metered) jobs.push({ location: (JSON.parse(text) as { location: string }).location, caller });
    else if (status === 200 || (status === 402 && metered && caller.workspaceId) || (status === 429 && metered && expected429(caller, text))) {
      // an open read, or an expected refusal
    } else {
      stats.errors++;
      error(`${req.route}: ${status || 'no answer'} ${text.slice(0, 160)}`);
    }
  };

  const started = Date.now();
  const deadline = started + o.seconds * 1000;
  const ticker = setInterval(() => {
    const total = Object.values(r.classes).reduce((s, c) => s + c.requests, 0);
    o.log(`${Math.round((Date.now() - started) / 1000)} s: ${total} requests, ${r.errors} errors${o.progress ? `; ${o.progress(total)}` : ''}`);
  }, 10_000);
  try {
    await Promise.all(
      o.callers.map(async (caller) => {
        while (Date.now() < deadline) await once(caller, drawRequest(o.data));
      }),
    );
  } finally {
    clearInterval(ticker);
  }
  r.seconds = (Date.now() - started) / 1000;

  // Calls that outlasted their wait went on as jobs: a completed job was a metered call that succeeded.
  r.jobs.total = jobs.length;
  await Promise.all(
    jobs.map(async ({ location, caller }) => {
      const state = await awaitJob(new URL(location, o.baseUrl).href, caller.headers);
      if (state === 'completed') {
        r.jobs.completed++;
        billed(caller);
      } else if (state === 'failed') {
        r.jobs.failed++;
        error(`job ${location}: failed`);
      } else {
        r.jobs.unfinished++;
        error(`job ${location}: ${state}`);
      }
    }),
  );
  return r;
}

/** The trial's 429, or a keyed caller's workspace past its call limits (rate or calls in flight). */
function expected429(caller: LoadCaller, body: string): boolean {
  return !caller.workspaceId || ['RATE_LIMITED', 'TOO_MANY_IN_FLIGHT'].includes(reasonOf(body));
}

function reasonOf(body: string): string {
  try {
    return String((JSON.parse(body) as { reason?: unknown }).reason);
  } catch {
    return 'unreadable';
  }
}

async function awaitJob(url: string, headers: Record<string, string>): Promise<string> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const res = await fetch(url, { headers });
    const body = (await res.json().catch(() => ({}))) as { status?: string };
    if (res.status !== 200) return `status ${res.status}`;
    if (body.status !== 'running') return body.status ?? 'unknown';
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return 'still running after 180 s';
}

export function percentile(latencies: number[], p: number): number {
  if (!latencies.length) return Number.NaN;
  const sorted = [...latencies].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
}
