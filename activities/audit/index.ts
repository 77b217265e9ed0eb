import { Context } from '@temporalio/activity';
import type { AuditArtifacts } from '../../src/domain/audit/artifacts';
import { classifyCategories } from '../../src/domain/taxonomy';
import type { Outbound } from '../../src/net';
import { auditsRecorded } from '../../src/observability/metrics';
import { capabilitiesOf } from '../../src/services/capability-vocabulary';
import { auditExpansion, auditText } from '../../src/domain/ranking/documents';
import { listStaleProducts, productDescription, recordAudit, type AuditRecord, type RecordedAudit } from '../../src/store/audits';
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
        });
      } finally {
        clearInterval(beat);
      }
    },

    async recordAudit(record: AuditRecord): Promise<RecordedAudit> {
      const text = record.artifacts ? auditText(record.artifacts) : '';
      const expansion = record.artifacts ? auditExpansion(record.artifacts) : '';
      const recorded = await recordAudit(d.db, record, () => productFromSite(record.domain, record.artifacts), text, expansion);
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

    async listStaleDomains(input: { olderThanHours: number; limit: number }): Promise<string[]> {
      const rows = await listStaleProducts(d.db, new Date(Date.now() - input.olderThanHours * 3600_000), input.limit);
      return rows.map((r) => r.domain);
    },
  };
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
