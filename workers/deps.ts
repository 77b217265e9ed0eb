import type { ActivityDeps } from '../activities';
import { createRenderer } from '../activities/audit/render';
import type { Config } from '../src/config';
import { configuredOutbound } from '../src/net/configured';
import { openAiCompatibleEmbeddings } from '../src/services/embeddings';
import { openAiCompatibleModel } from '../src/services/llm';
import { stripeProcessor } from '../src/services/payments';
import type { Db } from '../src/store/db';

/** The worker's activity dependencies, from configuration: one outbound layer and one renderer per process. */
export function activityDeps(config: Config, db: Db): ActivityDeps {
  const outbound = configuredOutbound(config);
  return {
    db,
    outbound,
    renderer: config.audit.chromiumPath ? createRenderer(config.audit.chromiumPath, outbound.webFetchWith({ robots: true })) : undefined,
    audit: { requestTimeoutMs: config.audit.requestTimeoutMs, auditTimeoutMs: config.audit.auditTimeoutMs },
    discovery: config.discovery,
    howTo: config.howTo,
    llm: config.llm ? openAiCompatibleModel(config.llm) : undefined,
    embeddings: config.embeddings ? openAiCompatibleEmbeddings(config.embeddings) : undefined,
    billing: {
      payments: stripeProcessor(config.billing),
      meterEventPrefix: config.billing.meterEventPrefix,
      notifyWebhookUrl: config.billing.notifyWebhookUrl,
      notifyWebhookSecret: config.billing.notifyWebhookSecret,
    },
    dnsServers: config.claims.dnsServers,
  };
}
