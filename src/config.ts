import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseAllowlistSetting, parseHostMapSetting, type HostMapEntry } from './net';
import { parseDnsServersSetting } from './net/dns-txt';

// The one place that reads process.env. Every other module receives the parsed Config.

const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', '']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const port = z.coerce.number().int().min(1).max(65535);
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const optionalUrl = optionalString.pipe(z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('0.0.0.0'),
  PORT: port.default(3000),
  PUBLIC_BASE_URL: optionalUrl,
  TRUST_PROXY: bool.default(false),
  DATA_DIR: z.string().default('.data'),
  AGENTDEX_CACHE_DIR: z.string().default(path.join(os.homedir(), '.cache', 'agentdex')),

  DATABASE_URL: optionalUrl,
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  EMBEDDED_PG_PORT: port.default(54329),

  TEMPORAL_ADDRESS: optionalString,
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_API_KEY: optionalString,
  TEMPORAL_TLS: bool.default(false),
  TEMPORAL_TLS_CERT_PATH: optionalString,
  TEMPORAL_TLS_KEY_PATH: optionalString,
  TEMPORAL_TLS_CA_PATH: optionalString,
  TEMPORAL_TLS_SERVER_NAME: optionalString,
  TEMPORAL_CLI_PATH: optionalString,
  TEMPORAL_DEV_PORT: port.default(7233),
  TEMPORAL_UI_PORT: port.default(8233),
  /** `start:worker` serves its Prometheus metrics (ours and the Temporal SDK's) on this port when set. */
  WORKER_METRICS_PORT: port.optional(),
  /** OpenTelemetry traces go to this OTLP/HTTP collector (…/v1/traces) when set; nothing is traced otherwise. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** The traces' service.name; by default agentdex, agentdex-api or agentdex-worker by entry point. */
  OTEL_SERVICE_NAME: optionalString,
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('agentdex'),
  WORKFLOW_WAIT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  MAINTENANCE_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),

  SIGNUP: z.enum(['open', 'closed']).default('open'),
  OUTBOUND_HOST_MAP: z.string().default(''),
  OUTBOUND_ALLOWLIST: z.string().default(''),
  DNS_SERVERS: z.string().default(''),
  CLAIM_RECHECK_FIRST_MS: z.coerce.number().int().min(100).max(86_400_000).default(60_000),
  CHROMIUM_PATH: optionalString,
  AUDIT_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  AUDIT_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(60_000),
  MCP_REGISTRY_URL: z.url().default('https://registry.modelcontextprotocol.io'),
  SEARCH_PROVIDER_URL: optionalUrl,
  PACKAGE_REGISTRY_URL: optionalUrl,
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  EMBEDDINGS_BASE_URL: optionalUrl,
  EMBEDDINGS_API_KEY: optionalString,
  EMBEDDINGS_MODEL: z.string().min(1).default('text-embedding-3-small'),
  DISCOVERY_MAX_AUDITS: z.coerce.number().int().min(0).max(50).default(5),
  SWEEP_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(10_080).default(360),
  SWEEP_STALE_HOURS: z.coerce.number().int().min(1).max(8_760).default(168),
  SWEEP_BATCH: z.coerce.number().int().min(1).max(10_000).default(500),
  SWEEP_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(16),

  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalUrl,
  STRIPE_PRICE_ID: optionalString,
  STRIPE_METER_EVENT_PREFIX: z
    .string()
    .regex(/^[a-z0-9_]*$/, 'lower-case letters, digits and _ only')
    .default('agentdex_'),
  USAGE_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(1),
  NOTIFY_WEBHOOK_URL: optionalUrl,
  NOTIFY_WEBHOOK_SECRET: optionalString,

  /** 32 bytes, base64: encrypts webhook signing secrets at rest. `npm start` makes one under DATA_DIR. */
  WEBHOOK_SECRETS_KEY: optionalString.pipe(
    z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded (openssl rand -base64 32)')
      .optional(),
  ),
  WEBHOOK_RETRY_FIRST_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  WEBHOOK_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(7_200_000),
  WEBHOOK_RETRY_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(7 * 86_400_000)
    .default(86_400_000),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Watched products are re-audited at least this often (the sweep takes them first). */
  WATCH_REAUDIT_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  OASDIFF_PATH: optionalString,
});

export type Env = z.input<typeof envSchema>;

export interface TemporalConfig {
  /** Unset means "start an embedded dev server" (npm start, tests). */
  address?: string;
  namespace: string;
  apiKey?: string;
  tls?: { certPath?: string; keyPath?: string; caPath?: string; serverName?: string };
  cliPath?: string;
  devPort: number;
  uiPort: number;
  taskQueue: string;
  workflowWaitMs: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  logLevel: string;
  workerMetricsPort?: number;
  /** OTLP/HTTP trace export (OTEL_EXPORTER_OTLP_ENDPOINT); undefined: no tracing. */
  tracing?: { endpoint: string; serviceName?: string };
  host: string;
  port: number;
  publicBaseUrl: string;
  trustProxy: boolean;
  dataDir: string;
  /** Tools built or downloaded once per machine (the Temporal CLI), outside the repository. */
  cacheDir: string;
  database: { url?: string; poolMax: number; acquireTimeoutMs: number; embeddedPort: number };
  temporal: TemporalConfig;
  maintenanceIntervalMinutes: number;
  /** Open self-serve signup (3 per IP per day), or closed (the operator creates workspaces). */
  signup: 'open' | 'closed';
  outbound: { hostMap: Map<string, HostMapEntry>; allowlist: string[] };
  /** Vendor claims: resolvers for the TXT check (DNS_SERVERS; empty = the system's), and the background re-check's first delay. */
  claims: { dnsServers: string[]; recheckFirstMs: number };
  audit: {
    /** System Chromium for rendering script-only homepages; rendering is off without it. */
    chromiumPath?: string;
    requestTimeoutMs: number;
    auditTimeoutMs: number;
  };
  sweep: { intervalMinutes: number; staleHours: number; batch: number; concurrency: number };
  /** Resolve's live discovery: where candidates come from, and how many new domains one call may audit. */
  discovery: { mcpRegistryUrl: string; searchProviderUrl?: string; maxAudits: number };
  /** How-to research: where package deprecation notices come from (npm-compatible registry), if anywhere. */
  howTo: { packageRegistryUrl?: string };
  /** Optional language model (OpenAI-compatible); everything works without it. */
  llm?: { baseUrl: string; apiKey?: string; model: string };
  /** Optional embeddings endpoint (OpenAI-compatible /embeddings): its similarity joins the task ranking. */
  embeddings?: { baseUrl: string; apiKey?: string; model: string };
  billing: BillingConfig;
  webhooks: WebhooksConfig;
}

/** Watches and webhooks (docs/decisions/watches.md). */
export interface WebhooksConfig {
  /** AES-256-GCM key for signing secrets at rest; without it endpoints cannot be created (503). */
  secretsKey?: Buffer;
  retry: { firstDelayMs: number; maxDelayMs: number; windowMs: number };
  /** A delivery attempt succeeds only with a 2xx within this long. */
  timeoutMs: number;
  watchReauditHours: number;
  /** OASDIFF_PATH; otherwise oasdiff on PATH or its cached `go install` build (src/runtime/oasdiff-cli.ts). */
  oasdiffPath?: string;
}

/** Stripe (docs/decisions/billing-claims.md#billing, "Billing"): without a secret key, checkout and portal answer 503 and nothing syncs. */
export interface BillingConfig {
  stripe?: {
    secretKey: string;
    /** Another API base (stripe-mock in tests): protocol, host and port. */
    apiBase?: { protocol: 'http' | 'https'; host: string; port: number };
    /** The `usage` plan's price, for Checkout. */
    priceId?: string;
  };
  /** Verifies POST /v1/billing/webhook; without it the webhook answers 503. */
  webhookSecret?: string;
  /** Meter event names are this prefix and the event type, e.g. agentdex_audit_run. */
  meterEventPrefix: string;
  syncIntervalMinutes: number;
  /** Where spend notifications are POSTed (JSON), through the network guard. */
  notifyWebhookUrl?: string;
  /** Signs each notification (X-Agentdex-Signature: sha256=HMAC of the body), so the receiver can trust it. */
  notifyWebhookSecret?: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`));
  }
  const e = parsed.data;
  let outbound: Config['outbound'];
  try {
    outbound = { hostMap: parseHostMapSetting(e.OUTBOUND_HOST_MAP), allowlist: parseAllowlistSetting(e.OUTBOUND_ALLOWLIST) };
  } catch (err) {
    throw new ConfigError([`OUTBOUND_HOST_MAP / OUTBOUND_ALLOWLIST: ${(err as Error).message}`]);
  }
  let dnsServers: string[];
  try {
    dnsServers = parseDnsServersSetting(e.DNS_SERVERS);
  } catch (err) {
    throw new ConfigError([`DNS_SERVERS: ${(err as Error).message}`]);
  }
  const tlsWanted = e.TEMPORAL_TLS || !!e.TEMPORAL_TLS_CERT_PATH || !!e.TEMPORAL_TLS_CA_PATH || !!e.TEMPORAL_API_KEY;
  if (!!e.TEMPORAL_TLS_CERT_PATH !== !!e.TEMPORAL_TLS_KEY_PATH) {
    throw new ConfigError(['TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH must be set together (mTLS client certificate)']);
  }
  return {
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    workerMetricsPort: e.WORKER_METRICS_PORT,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME } : undefined,
    host: e.HOST,
    port: e.PORT,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY,
    dataDir: path.resolve(e.DATA_DIR),
    cacheDir: path.resolve(e.AGENTDEX_CACHE_DIR),
    database: {
      url: e.DATABASE_URL,
      poolMax: e.DB_POOL_MAX,
      acquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
      embeddedPort: e.EMBEDDED_PG_PORT,
    },
    temporal: {
      address: e.TEMPORAL_ADDRESS,
      namespace: e.TEMPORAL_NAMESPACE,
      apiKey: e.TEMPORAL_API_KEY,
      tls: tlsWanted
        ? {
            certPath: e.TEMPORAL_TLS_CERT_PATH,
            keyPath: e.TEMPORAL_TLS_KEY_PATH,
            caPath: e.TEMPORAL_TLS_CA_PATH,
            serverName: e.TEMPORAL_TLS_SERVER_NAME,
          }
        : undefined,
      cliPath: e.TEMPORAL_CLI_PATH,
      devPort: e.TEMPORAL_DEV_PORT,
      uiPort: e.TEMPORAL_UI_PORT,
      taskQueue: e.TEMPORAL_TASK_QUEUE,
      workflowWaitMs: e.WORKFLOW_WAIT_MS,
    },
    maintenanceIntervalMinutes: e.MAINTENANCE_INTERVAL_MINUTES,
    signup: e.SIGNUP,
    outbound,
    claims: { dnsServers, recheckFirstMs: e.CLAIM_RECHECK_FIRST_MS },
    audit: {
      chromiumPath: e.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
      requestTimeoutMs: e.AUDIT_REQUEST_TIMEOUT_MS,
      auditTimeoutMs: e.AUDIT_TIMEOUT_MS,
    },
    howTo: { packageRegistryUrl: e.PACKAGE_REGISTRY_URL },
    llm: e.LLM_BASE_URL ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL } : undefined,
    embeddings: e.EMBEDDINGS_BASE_URL ? { baseUrl: e.EMBEDDINGS_BASE_URL, apiKey: e.EMBEDDINGS_API_KEY, model: e.EMBEDDINGS_MODEL } : undefined,
    discovery: { mcpRegistryUrl: e.MCP_REGISTRY_URL, searchProviderUrl: e.SEARCH_PROVIDER_URL, maxAudits: e.DISCOVERY_MAX_AUDITS },
    sweep: { intervalMinutes: e.SWEEP_INTERVAL_MINUTES, staleHours: e.SWEEP_STALE_HOURS, batch: e.SWEEP_BATCH, concurrency: e.SWEEP_CONCURRENCY },
    billing: {
      stripe: e.STRIPE_SECRET_KEY ? { secretKey: e.STRIPE_SECRET_KEY, apiBase: apiBaseOf(e.STRIPE_API_BASE), priceId: e.STRIPE_PRICE_ID } : undefined,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      meterEventPrefix: e.STRIPE_METER_EVENT_PREFIX,
      syncIntervalMinutes: e.USAGE_SYNC_INTERVAL_MINUTES,
      notifyWebhookUrl: e.NOTIFY_WEBHOOK_URL,
      notifyWebhookSecret: e.NOTIFY_WEBHOOK_SECRET,
    },
    webhooks: {
      secretsKey: e.WEBHOOK_SECRETS_KEY ? Buffer.from(e.WEBHOOK_SECRETS_KEY, 'base64') : undefined,
      retry: { firstDelayMs: e.WEBHOOK_RETRY_FIRST_MS, maxDelayMs: e.WEBHOOK_RETRY_MAX_MS, windowMs: e.WEBHOOK_RETRY_WINDOW_MS },
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      watchReauditHours: e.WATCH_REAUDIT_HOURS,
      oasdiffPath: e.OASDIFF_PATH,
    },
  };
}

function apiBaseOf(url: string | undefined): NonNullable<BillingConfig['stripe']>['apiBase'] {
  if (!url) return undefined;
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: u.hostname, port: Number(u.port || (protocol === 'http' ? 80 : 443)) };
}

/** Entry points: parse the environment or stop with a message naming the bad variable. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}
