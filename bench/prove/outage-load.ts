import { createHash, randomUUID } from 'node:crypto';

/** One call as its client saw it. */
export interface Sample {
  kind: 'read' | 'metered';
  route: string;
  startedAt: number;
  endedAt: number;
  ms: number;
  /** The HTTP status, or 0 when no answer came (connection error, or the client gave up at its abort). */
  status: number;
  /** The workspace a metered call was charged to. */
  workspaceId?: string;
  /** The workflow a metered call ran under, known when it carried an Idempotency-Key (the id derives from it). */
  workflowId?: string;
}

export interface LoadWorkspace {
  workspaceId: string;
  key: string;
}

export interface Load {
  samples: Sample[];
  /** Metered calls from now on are charged to this workspace (one per phase, to count each phase apart). */
  useWorkspace(ws: LoadWorkspace): void;
  stop(): Promise<void>;
}

const TASKS = [
  'send transactional email from a Node app',
  'vector search with an MCP server',
  'charge customers a monthly subscription',
  'transcribe sales calls to text',
  'track errors and monitor uptime of our API',
];
const QUERIES = ['email', 'payments api', 'vector database', 'sms', 'monitoring', 'auth'];
const CATEGORIES = ['payments', 'email', 'databases', 'ai-models', 'observability', 'security'];

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)];

/**
 * `callers` loops, each calling one after another (a short pause between calls): half open reads
 * (registry, profile, search), half metered calls (find-tools and resolve with the workspace's key, every
 * other one under a fresh Idempotency-Key, as the typed client sends). A call is abandoned after
 * `abortMs`, which the proof sets well above any bound the API promises, so a hang shows as a long call.
 */
export function startLoad(o: { apiUrl: string; callers: number; slugs: string[]; abortMs: number; workspace: LoadWorkspace }): Load {
  const samples: Sample[] = [];
  let workspace = o.workspace;
  let running = true;

  async function call(): Promise<void> {
    const metered = Math.random() < 0.5;
    const ws = workspace;
    let route: string;
    let init: RequestInit;
    let workflowId: string | undefined;
    if (!metered) {
      const r = Math.random();
      if (r < 0.34) route = `/v1/registry?category=${pick(CATEGORIES)}&limit=${1 + Math.floor(Math.random() * 100)}`;
      else if (r < 0.67) route = `/v1/profile/${pick(o.slugs)}`;
      else route = '/v1/search';
      init = route === '/v1/search' ? post({ query: pick(QUERIES), limit: 1 + Math.floor(Math.random() * 50) }) : { method: 'GET' };
    } else {
      route = Math.random() < 0.5 ? '/v1/find-tools' : '/v1/resolve';
      init = post({ task: pick(TASKS) }, { 'x-api-key': ws.key });
      if (Math.random() < 0.5) {
        const key = randomUUID();
        (init.headers as Record<string, string>)['idempotency-key'] = key;
        const kind = route === '/v1/find-tools' ? 'find-tools' : 'resolve';
        workflowId = `${kind}-${createHash('sha256').update(`ws:${ws.workspaceId}\n${key}`).digest('hex').slice(0, 40)}`;
      }
    }
    const startedAt = Date.now();
    let status = 0;
    try {
      const res = await fetch(`${o.apiUrl}${route}`, { ...init, signal: AbortSignal.timeout(o.abortMs) });
      await res.arrayBuffer();
      status = res.status;
    } catch {
      status = 0;
    }
    const endedAt = Date.now();
    samples.push({
      kind: metered ? 'metered' : 'read',
      route: route.split('?')[0].replace(/^\/v1\/profile\/.*/, '/v1/profile/{slug}'),
      startedAt,
      endedAt,
      ms: endedAt - startedAt,
      status,
      workspaceId: metered ? ws.workspaceId : undefined,
      workflowId,
    });
  }

  const loops = Array.from({ length: o.callers }, async () => {
    while (running) {
      await call();
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  return {
    samples,
    useWorkspace: (ws) => {
      workspace = ws;
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

function post(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}
