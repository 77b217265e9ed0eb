import type { AuditWorkflowResult } from '../../workflows/audit';
import type { AppDeps } from '../deps';
import { DEFAULT_READINESS_THRESHOLD, PRODUCT_EVENT_TYPES, type ProductEventType } from '../domain/watch/event-types';
import { eventSummary, webhookPayload } from '../domain/watch/payload';
import { planFor } from '../domain/plans';
import { ApiError, notFound } from '../errors';
import { listWatchedEvents, type ProductEventRow } from '../store/product-events';
import { findWorkspace } from '../store/workspaces';
import { deleteWatch, findProductRef, listWatches, type ProductRef, upsertWatch, type WatchRow } from '../store/watches';
import { parseAuditTarget } from '../domain/audit-target';
import { runWorkflow } from '../temporal/run-workflow';
import { taskQueues } from '../temporal/task-queues';
import { WorkflowTypes } from '../temporal/workflow-names';
import { auditService } from './audit';

export interface WatchView {
  id: string;
  product: { slug: string; domain: string };
  events: ProductEventType[];
  threshold: number;
  createdAt: string;
}

export interface EventView {
  id: string;
  type: ProductEventType;
  product: { slug: string; domain: string };
  occurredAt: string;
  summary: string;
  data: Record<string, unknown>;
}

/** A registry product named by slug, domain or URL (its registrable domain); undefined when there is none. */
export async function productRef(db: AppDeps['db'], input: string): Promise<ProductRef | undefined> {
  const target = parseAuditTarget(input);
  if (target.kind === 'slug') return (await findProductRef(db, { slug: target.slug })) ?? findProductRef(db, { domain: target.slug });
  if (target.kind === 'host') return findProductRef(db, { domain: target.host });
  return undefined;
}

function watchView(w: WatchRow): WatchView {
  return {
    id: w.id,
    product: { slug: w.slug, domain: w.domain },
    events: (w.events ?? [...PRODUCT_EVENT_TYPES]) as ProductEventType[],
    threshold: w.threshold,
    createdAt: new Date(w.created_at).toISOString(),
  };
}

function eventView(e: ProductEventRow, baseUrl: string): EventView {
  const p = webhookPayload(e, baseUrl);
  return {
    id: p.id,
    type: p.type as ProductEventType,
    product: { slug: e.slug ?? '', domain: e.domain ?? '' },
    occurredAt: p.occurredAt,
    summary: eventSummary(p.type, p.data),
    data: p.data,
  };
}

/**
 * Watches and the events feed (docs/decisions/watches.md). Not metered: the audit a watch of an unknown
 * domain starts runs like a sweep's, without a reservation, so no usage is recorded for it.
 */
export function watchesService(deps: Pick<AppDeps, 'db' | 'temporal' | 'config' | 'outbound'>) {
  const audits = auditService(deps);
  const queue = taskQueues(deps.config.temporal.taskQueue).primitives;

  /** A product by slug or domain; an unknown domain is audited first (an unreachable one is a 404). */
  async function productToWatch(input: string): Promise<ProductRef> {
    const known = await productRef(deps.db, input);
    if (known) return known;
    const domain = await audits.resolveDomain(input, 'body.product');
    const outcome = await runWorkflow<AuditWorkflowResult>(deps.temporal.client, WorkflowTypes.audit, {
      // One first audit per domain and hour, however many workspaces start watching it together.
      workflowId: `watch-audit-${domain}-${new Date().toISOString().slice(0, 13)}`,
      taskQueue: queue,
      args: [{ domain }],
      waitMs: deps.config.temporal.workflowWaitMs,
    });
    if (outcome.status !== 'completed')
      throw new ApiError(503, `The first audit of ${domain} is still running; watch it again shortly`, {}, { retryAfterSeconds: 10 });
    const audited = await productRef(deps.db, domain);
    if (!audited) throw notFound(`No product '${input}' in the registry, and ${domain} could not be audited: ${outcome.result.error ?? 'unreachable'}`);
    return audited;
  }

  return {
    async watch(workspaceId: string, input: { product: string; events?: ProductEventType[]; threshold?: number }): Promise<WatchView> {
      const workspace = await findWorkspace(deps.db, workspaceId);
      const limits = planFor(workspace?.plan ?? 'free').watchLimits;
      const product = await productToWatch(input.product);
      const row = await upsertWatch(
        deps.db,
        workspaceId,
        { product_id: product.id, events: input.events ? [...new Set(input.events)] : null, threshold: input.threshold ?? DEFAULT_READINESS_THRESHOLD },
        limits.watches,
      );
      if (row === 'limit-reached') {
        throw new ApiError(409, `This workspace already watches ${limits.watches} products, its plan's limit; remove a watch or change plan`, {
          reason: 'WATCH_LIMIT',
          limit: limits.watches,
        });
      }
      return watchView(row);
    },

    async list(workspaceId: string): Promise<{ watches: WatchView[] }> {
      return { watches: (await listWatches(deps.db, workspaceId)).map(watchView) };
    },

    async remove(workspaceId: string, id: string): Promise<void> {
      if (!(await deleteWatch(deps.db, workspaceId, id))) throw notFound(`This workspace has no watch ${id}`);
    },

    async events(
      workspaceId: string,
      q: { type?: string[]; product?: string; cursor?: string; limit: number },
    ): Promise<{ events: EventView[]; next: string | null }> {
      let productId: string | undefined;
      if (q.product) {
        const product = await productRef(deps.db, q.product);
        if (!product) throw notFound(`No product '${q.product}' in the registry`);
        productId = product.id;
      }
      const rows = await listWatchedEvents(deps.db, workspaceId, { types: q.type, productId, beforeSeq: q.cursor, limit: q.limit + 1 });
      const page = rows.slice(0, q.limit);
      return { events: page.map((e) => eventView(e, deps.config.publicBaseUrl)), next: rows.length > q.limit ? String(page[page.length - 1].seq) : null };
    },
  };
}
