import { Context } from '@temporalio/activity';
import type { AuditArtifacts } from '../../src/domain/audit/artifacts';
import { classifyCategories } from '../../src/domain/taxonomy';
import type { Outbound } from '../../src/net';
import { auditsRecorded } from '../../src/observability/metrics';
import { capabilitiesOf } from '../../src/services/capability-vocabulary';
import { auditExpansion, auditText } from '../../src/domain/ranking/documents';
import { listStaleProducts, productDescription, recordAudit, type AuditRecord, type RecordedAudit } from '../../src/store/audits';
import { loadOpenApiDocument, previousOpenApiHash, storeOpenApiDocument } from '../../src/store/product-events';
import { listStaleWatchedDomains } from '../../src/store/watches';
import type { ChangeContext } from '../../src/domain/watch/changes';
import { compareOpenApi } from '../watch/openapi-diff';
import { setAuditCapabilities } from '../../src/store/capabilities';
import type { Db } from '../../src/store/db';
import { gatherSite, type SiteGathering } from './gather-site';
import type { Renderer } from './render';

export interface AuditActivityDeps {
  db: Db;
  outbound: Outbound;
  renderer?: Renderer;
  requestTimeoutMs: number;
  auditTimeoutMs: number;
  /** oasdiff, found (or built) on first use; undefined where there is none, and OpenAPI changes go unreported. */
  oasdiff?: () => Promise<string | undefined>;
  /** Watched products are re-audited at least this often (the sweep takes them first). */
  watchReauditHours?: number;
}

export function auditActivities(d: AuditActivityDeps) {
  return {
    async gatherSite(domain: string): Promise<SiteGathering> {
      // Heartbeats let Temporal notice a dead worker within the heartbeat timeout, not the full gather time.
      const beat = setInterval(() => Context.current().heartbeat(), 1_000);
      try {
        return await gatherSite(d.outbound, domain, {
          requestTimeoutMs: d.requestTimeoutMs,
          auditTimeoutMs: d.auditTimeoutMs,
          render: d.renderer?.render,
          keepOpenApi: (hash, doc, bytes) => storeOpenApiDocument(d.db, hash, doc, bytes),
        });
      } finally {
        clearInterval(beat);
      }
    },

    async recordAudit(record: AuditRecord): Promise<RecordedAudit> {
      const text = record.artifacts ? auditText(record.artifacts) : '';
      const expansion = record.artifacts ? auditExpansion(record.artifacts) : '';
      const openapi = await compareWithPrevious(record);
      const recorded = await recordAudit(d.db, record, () => productFromSite(record.domain, record.artifacts), text, expansion, openapi);
      auditsRecorded.inc({ outcome: record.findings ? 'scored' : 'unreachable' });
      if (recorded.productId && record.artifacts?.homepage.ok) {
        const home = record.artifacts.homepage.value;
        const product = productFromSite(record.domain, record.artifacts);
        const llms = record.artifacts.llmsTxt.ok && record.artifacts.llmsTxt.value.isText ? record.artifacts.llmsTxt.value.summary : undefined;
        // The site's own words and the registry's: the homepage title carries the tagline the product name
        // leaves out, the llms.txt summary is what it tells agents it does, and a listed product keeps what
        // its registry description says (a terse homepage does not untag it).
        const registered = await productDescription(d.db, recorded.productId);
        const description = [...new Set([product.description, llms, registered].filter(Boolean))].join('. ');
        const tags = capabilitiesOf({ name: home.title ?? product.name, description, categories: product.categories });
        await setAuditCapabilities(d.db, recorded.productId, tags);
      }
      return recorded;
    },

    /** Watched products due (WATCH_REAUDIT_HOURS) first, then the registry's stalest, up to `limit` in all. */
    async listStaleDomains(input: { olderThanHours: number; limit: number }): Promise<string[]> {
      const watched = d.watchReauditHours ? await listStaleWatchedDomains(d.db, new Date(Date.now() - d.watchReauditHours * 3600_000), input.limit) : [];
      const rows = await listStaleProducts(d.db, new Date(Date.now() - input.olderThanHours * 3600_000), input.limit);
      return [...new Set([...watched, ...rows.map((r) => r.domain)])].slice(0, input.limit);
    },
  };

  /**
   * This audit's OpenAPI description against the one its product's last completed audit kept, by oasdiff.
   * A comparison that cannot be made (no oasdiff, a document gone, oasdiff failing) reports no change.
   */
  async function compareWithPrevious(record: AuditRecord): Promise<ChangeContext['openapi']> {
    const now = record.artifacts?.openapi.ok ? record.artifacts.openapi.value.hash : undefined;
    if (!now) return undefined;
    const before = await previousOpenApiHash(d.db, record.domain);
    if (!before || before === now) return undefined;
    const bin = await d.oasdiff?.();
    if (!bin) return undefined;
    const [base, revision] = await Promise.all([loadOpenApiDocument(d.db, before), loadOpenApiDocument(d.db, now)]);
    if (!base || !revision) return undefined;
    try {
      return { from: before, to: now, comparison: await compareOpenApi(bin, JSON.stringify(base), JSON.stringify(revision)) };
    } catch (err) {
      Context.current().log.warn('OpenAPI comparison failed', { domain: record.domain, error: String((err as Error).message).slice(0, 300) });
      return undefined;
    }
  }
}

/** A product first met through an audit: named and classified from what its homepage says. */
function productFromSite(domain: string, artifacts?: AuditArtifacts) {
  const home = artifacts?.homepage.ok ? artifacts.homepage.value : undefined;
  const label = domain.split('.')[0];
  const name =
    home?.organization?.name ??
    home?.openGraph['og:site_name'] ??
    // "Name | tagline", "Name — tagline", "Name: tagline"
    home?.title?.split(/\s*[|:]\s+|\s+[–—-]\s+/)[0]?.trim() ??
    label.charAt(0).toUpperCase() + label.slice(1);
  const description = home?.description ?? '';
  return {
    slug:
      domain
        .replace(/\.[a-z]+$/, '')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || label,
    name: name.slice(0, 120),
    description: description.slice(0, 500),
    categories: classifyCategories(`${name} ${description}`),
  };
}
