import type { InputOf, OperationName, Operations, OutputOf } from '../operations';
import type { ClientRoute } from './route-table';
import { ROUTES } from './routes.generated';
import { Transport, type TransportOptions } from './transport';

export * from './errors';
export { CLIENT_VERSION } from './transport';

export interface ClientOptions extends Partial<Pick<TransportOptions, 'maxRetries' | 'timeoutMs' | 'headers' | 'fetch' | 'clock'>> {
  /** Default `http://localhost:3000`, as `npm start` serves it. */
  baseUrl?: string;
  /** A workspace key (`adx_...`); without one, metered calls use the anonymous trial (8 per hour per IP). */
  apiKey?: string;
}

/** Per-call options. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Your own Idempotency-Key; metered calls otherwise get a fresh one, reused across their own retries. */
  idempotencyKey?: string;
  /** Ask for an immediate 202 job (`Prefer: respond-async`); the client polls it to the end either way. */
  respondAsync?: boolean;
}

/** An operation without required input may be called with no arguments. */
type Args<Op> = Record<string, never> extends InputOf<Op> ? [input?: InputOf<Op>, options?: CallOptions] : [input: InputOf<Op>, options?: CallOptions];

/** One method per declared operation; request and response types inferred from its zod schemas. */
export type AgentdexMethods = { [K in OperationName]: (...args: Args<Operations[K]>) => Promise<OutputOf<Operations[K]>> };

/**
 * The typed Agentdex client: `new AgentdexClient({apiKey}).resolve({task: '...'})`. Retries 408, 409,
 * 429, 5xx and dropped connections with backoff (honouring Retry-After up to a minute), never bills a
 * retried metered call twice, polls 202 jobs to their result, and throws one error class per kind.
 */
// The methods are attached per route below; the interface gives them their types.
export interface AgentdexClient extends AgentdexMethods {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the methods attached per route
export class AgentdexClient {
  readonly baseUrl: string;
  private readonly transport: Transport;

  constructor(options: ClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
    this.transport = new Transport({ ...options, baseUrl: this.baseUrl });
    for (const [name, route] of Object.entries(ROUTES)) {
      Object.defineProperty(this, name, {
        value: (input?: Record<string, unknown>, o?: CallOptions) => this.send(route, input ?? {}, o ?? {}),
        enumerable: false,
      });
    }
  }

  private send(route: ClientRoute, input: Record<string, unknown>, options: CallOptions): Promise<unknown> {
    const rest = { ...input };
    const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const value = rest[name];
      delete rest[name];
      if (value === undefined || value === null || value === '') throw new TypeError(`${name} is required`);
      return encodeURIComponent(String(value));
    });
    return this.transport.request({
      method: route.method,
      path,
      query: route.in === 'query' ? toQuery(rest) : undefined,
      body: route.in === 'body' ? rest : undefined,
      metered: route.metered,
      ...options,
    });
  }
}

function toQuery(input: Record<string, unknown>): Record<string, string | number | boolean | undefined> {
  const query: Record<string, string | number | boolean | undefined> = {};
  for (const [k, v] of Object.entries(input)) query[k] = v instanceof Date ? v.toISOString() : (v as string | number | boolean | undefined);
  return query;
}
