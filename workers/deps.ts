import type { ActivityDeps } from '../activities';
import { createRenderer } from '../activities/audit/render';
import type { Config } from '../src/config';
import { configuredOutbound } from '../src/net/configured';
import { openAiCompatibleEmbeddings } from '../src/services/embeddings';
import { openAiCompatibleModel } from '../src/services/llm';
import { stripeProcessor } from '../src/services/payments';
import type { Db } from '../src/store/db';
import { createOutbound } from '../src/net';
import { locateOasdiff } from '../src/runtime/oasdiff-cli';

/** The worker's activity dependencies, from configuration: one outbound layer and one renderer per process. */
export function activityDeps(config: Config, db: Db): ActivityDeps {
  const outbound = configuredOutbound(config);
  return {
    db,
    outbound,
    renderer: config.audit.chromiumPath ? createRenderer(config.audit.chromiumPath, outbound.webFetchWith({ robots: true })) : undefined,
    audit: {
      requestTimeoutMs: config.audit.requestTimeoutMs,
      auditTimeoutMs: config.audit.auditTimeoutMs,
      oasdiff: once(() => locateOasdiff({ explicitPath: config.webhooks.oasdiffPath, cacheDir: config.cacheDir, log: (m) => process.stderr.write(`${m}\n`) })),
      watchReauditHours: config.webhooks.watchReauditHours,
    },
    webhooks: {
      // Deliveries go through the same guard, and a redirect is an answer, never followed to another address.
      outbound: createOutbound({ hostMap: config.outbound.hostMap, allowlist: config.outbound.allowlist, robots: false, maxRedirects: 0, onePerHost: false }),
      webhooks: config.webhooks,
      publicBaseUrl: config.publicBaseUrl,
    },
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

/** The first call's promise, shared by every later one (a failed lookup is tried again next time). */
function once<T>(fn: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= fn().catch((err) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
}
