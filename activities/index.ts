import type { Outbound } from '../src/net';
import type { DiscoverySources } from '../src/services/discovery';
import type { HowToSourceSettings } from '../src/services/how-to-sources';
import type { LanguageModel } from '../src/services/llm';
import type { Db } from '../src/store/db';
import { auditActivities } from './audit';
import { billingActivities } from './billing';
import type { PaymentProcessor } from '../src/services/payments';
import { claimActivities } from './claims';
import { companyActivities } from './company';
import { discoveryActivities } from './discovery';
import { howToActivities } from './how-to';
import type { Renderer } from './audit/render';
import { maintenanceActivities } from './maintenance';
import { meteringActivities } from './metering';
import type { EmbeddingModel } from '../src/services/embeddings';
import { registryActivities } from './registry';
import { webhookActivities, type WebhookActivityDeps } from './webhooks';

export interface ActivityDeps {
  db: Db;
  outbound: Outbound;
  renderer?: Renderer;
  audit: { requestTimeoutMs: number; auditTimeoutMs: number; oasdiff?: () => Promise<string | undefined>; watchReauditHours?: number };
  /** Webhook deliveries (their own outbound layer: no redirects followed) and the product pages they link. */
  webhooks: Omit<WebhookActivityDeps, 'db'>;
  discovery: DiscoverySources;
  howTo: HowToSourceSettings;
  /** Optional (LLM_BASE_URL); every use has a deterministic path without it. */
  llm?: LanguageModel;
  /** Optional (EMBEDDINGS_BASE_URL): its similarity joins the task ranking. */
  embeddings?: EmbeddingModel;
  /** Resolvers for vendor claims' TXT checks (DNS_SERVERS); the system's when empty or absent. */
  dnsServers?: string[];
  /** Usage sync and spend notifications; without a payment processor, usage stays pending. */
  billing?: { payments?: PaymentProcessor; meterEventPrefix: string; notifyWebhookUrl?: string; notifyWebhookSecret?: string };
}

/** Activity factory: dependencies are injected once, at worker start, never imported as globals. */
export function createActivities(deps: ActivityDeps) {
  const registry = registryActivities(deps.db, { llm: deps.llm, embeddings: deps.embeddings });
  return {
    ...maintenanceActivities(deps.db),
    ...meteringActivities(deps.db),
    ...billingActivities({ db: deps.db, outbound: deps.outbound, meterEventPrefix: 'agentdex_', ...deps.billing }),
    ...registry,
    ...howToActivities({ db: deps.db, outbound: deps.outbound, settings: deps.howTo, llm: deps.llm }),
    ...discoveryActivities({ db: deps.db, outbound: deps.outbound, sources: deps.discovery }),
    ...auditActivities({ db: deps.db, outbound: deps.outbound, renderer: deps.renderer, ...deps.audit }),
    ...webhookActivities({ db: deps.db, ...deps.webhooks }),
    ...claimActivities({ db: deps.db, outbound: deps.outbound, dnsServers: deps.dnsServers ?? [], requestTimeoutMs: deps.audit.requestTimeoutMs }),
    // A company crawl keeps an audit's limits: the same per-request timeout and overall deadline.
    ...companyActivities({
      db: deps.db,
      outbound: deps.outbound,
      renderer: deps.renderer,
      llm: deps.llm,
      requestTimeoutMs: deps.audit.requestTimeoutMs,
      crawlTimeoutMs: deps.audit.auditTimeoutMs,
    }),
  };
}

export type Activities = ReturnType<typeof createActivities>;
