import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { WebhookDeliveryInput } from '../../workflows/webhooks';
import type { AppDeps } from '../deps';
import { planFor } from '../domain/plans';
import { PRODUCT_EVENT_TYPES, type ProductEventType, TEST_EVENT_TYPE, type WebhookEventType } from '../domain/watch/event-types';
import { ApiError, badRequest, notFound } from '../errors';
import { isAllowlisted, OutboundError } from '../net';
import { insertTestEvent } from '../store/product-events';
import {
  deleteEndpoint,
  type DeliveryRow,
  type EndpointRow,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  insertTestDelivery,
  listDeliveries,
  listEndpoints,
  restartDelivery,
  rotateSecret,
  updateEndpoint,
} from '../store/webhooks';
import { findWorkspace } from '../store/workspaces';
import { taskQueues } from '../temporal/task-queues';
import { WorkflowTypes } from '../temporal/workflow-names';
import { createSecretBox, newSigningSecret, type SecretBox } from './webhook-secrets';

/** How long a rotated-out secret keeps signing alongside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

export interface WebhookView {
  id: string;
  url: string;
  events: ProductEventType[];
  enabled: boolean;
  disabledReason: string | null;
  secretState: { rotatedAt: string | null; previousValidUntil: string | null };
  createdAt: string;
}

export interface DeliveryView {
  id: string;
  eventId: string;
  type: WebhookEventType;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function webhookView(e: EndpointRow, now = new Date()): WebhookView {
  const overlap = e.previous_secret_expires_at && new Date(e.previous_secret_expires_at) > now ? iso(e.previous_secret_expires_at) : null;
  return {
    id: e.id,
    url: e.url,
    events: (e.events ?? [...PRODUCT_EVENT_TYPES]) as ProductEventType[],
    enabled: e.enabled,
    disabledReason: e.enabled ? null : e.disabled_reason,
    secretState: { rotatedAt: iso(e.secret_rotated_at), previousValidUntil: overlap },
    createdAt: new Date(e.created_at).toISOString(),
  };
}

export function deliveryView(d: DeliveryRow): DeliveryView {
  return {
    id: d.id,
    eventId: d.event_id,
    type: d.type as WebhookEventType,
    status: d.status as DeliveryView['status'],
    attempts: d.attempts,
    lastStatusCode: d.last_status_code,
    lastError: d.last_error,
    nextAttemptAt: d.status === 'pending' ? iso(d.next_attempt_at) : null,
    deliveredAt: iso(d.delivered_at),
    createdAt: new Date(d.created_at).toISOString(),
  };
}

/** The workflow id of a delivery's run: one run at a time, a resend is the next run. */
export const deliveryWorkflowId = (deliveryId: string, run: number) => `webhook-delivery-${deliveryId}-${run}`;

/**
 * Webhook endpoints, their secrets and deliveries (docs/decisions/watches.md). Secrets are sealed with the
 * configured key before they reach Postgres and returned in clear only by create and rotate.
 */
export function webhooksService(deps: Pick<AppDeps, 'db' | 'temporal' | 'config' | 'outbound'>) {
  const queue = taskQueues(deps.config.temporal.taskQueue).primitives;
  const key = deps.config.webhooks.secretsKey;
  const box: SecretBox | undefined = key ? createSecretBox(key) : undefined;

  function secretsBox(): SecretBox {
    if (!box) throw new ApiError(503, 'Webhooks are not configured on this deployment: the operator must set WEBHOOK_SECRETS_KEY');
    return box;
  }

  /** Never an address the guard refuses (private, loopback, metadata); then https, or http for an allowlisted host. */
  async function checkUrl(raw: string): Promise<string> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw badRequest('Invalid request: body.url: is not a valid URL');
    }
    if (url.username || url.password) throw badRequest('Invalid request: body.url: must not carry credentials');
    try {
      await deps.outbound.preflight(url.host);
    } catch (err) {
      if (err instanceof OutboundError && (err.code === 'BLOCKED_ADDRESS' || err.code === 'BAD_URL')) {
        throw badRequest(`Invalid request: body.url: ${url.hostname} is not a public internet host, and webhooks are sent only to those`, { code: err.code });
      }
      // A name that does not resolve yet may later: deliveries are checked again, each time.
    }
    if (url.protocol === 'http:' && !isAllowlisted(url.hostname.replace(/^\[|\]$/g, ''), deps.config.outbound.allowlist)) {
      throw badRequest(`Invalid request: body.url: must be https (http only for hosts the operator allowlists; ${url.hostname} is not)`);
    }
    return url.href;
  }

  async function endpointOf(workspaceId: string, id: string): Promise<EndpointRow> {
    const e = await findEndpoint(deps.db, workspaceId, id);
    if (!e) throw notFound(`This workspace has no webhook endpoint ${id}`);
    return e;
  }

  async function startDelivery(deliveryId: string, run: number): Promise<void> {
    const input: WebhookDeliveryInput = { deliveries: [{ id: deliveryId, run }], policy: deps.config.webhooks.retry };
    try {
      await deps.temporal.client.workflow.start(WorkflowTypes.webhookDelivery, {
        taskQueue: queue,
        workflowId: deliveryWorkflowId(deliveryId, run),
        args: [input],
      });
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
  }

  return {
    async create(workspaceId: string, input: { url: string; events?: ProductEventType[] }): Promise<WebhookView & { secret: string }> {
      const sealer = secretsBox();
      const url = await checkUrl(input.url);
      const workspace = await findWorkspace(deps.db, workspaceId);
      const limits = planFor(workspace?.plan ?? 'free').watchLimits;
      const secret = newSigningSecret();
      const row = await insertEndpoint(
        deps.db,
        workspaceId,
        { url, events: input.events ? [...new Set(input.events)] : null, secretCiphertext: sealer.seal(secret) },
        limits.endpoints,
      );
      if (row === 'limit-reached') {
        throw new ApiError(409, `This workspace already has ${limits.endpoints} webhook endpoints, its plan's limit; remove one or change plan`, {
          reason: 'WEBHOOK_LIMIT',
          limit: limits.endpoints,
        });
      }
      return { ...webhookView(row), secret };
    },

    async list(workspaceId: string): Promise<{ webhooks: WebhookView[] }> {
      return { webhooks: (await listEndpoints(deps.db, workspaceId)).map((e) => webhookView(e)) };
    },

    async remove(workspaceId: string, id: string): Promise<void> {
      if (!(await deleteEndpoint(deps.db, workspaceId, id))) throw notFound(`This workspace has no webhook endpoint ${id}`);
    },

    async rotate(workspaceId: string, id: string): Promise<WebhookView & { secret: string }> {
      const sealer = secretsBox();
      await endpointOf(workspaceId, id);
      const secret = newSigningSecret();
      const row = await rotateSecret(deps.db, workspaceId, id, sealer.seal(secret), new Date(Date.now() + ROTATION_OVERLAP_MS));
      if (!row) throw notFound(`This workspace has no webhook endpoint ${id}`);
      return { ...webhookView(row), secret };
    },

    async test(workspaceId: string, id: string): Promise<{ eventId: string; deliveryId: string; type: typeof TEST_EVENT_TYPE }> {
      secretsBox();
      const endpoint = await endpointOf(workspaceId, id);
      if (!endpoint.enabled) throw new ApiError(409, `Endpoint ${id} is disabled (${endpoint.disabled_reason ?? 'no reason recorded'})`);
      const eventId = await insertTestEvent(deps.db, workspaceId, { message: 'A test event from Agentdex: this endpoint receives and verifies webhooks.' });
      const delivery = await insertTestDelivery(deps.db, workspaceId, id, eventId);
      await startDelivery(delivery.id, delivery.run);
      return { eventId, deliveryId: delivery.id, type: TEST_EVENT_TYPE };
    },

    async deliveries(workspaceId: string, id: string, limit: number): Promise<{ deliveries: DeliveryView[] }> {
      await endpointOf(workspaceId, id);
      return { deliveries: (await listDeliveries(deps.db, workspaceId, id, limit)).map(deliveryView) };
    },

    async resend(workspaceId: string, id: string, deliveryId: string): Promise<DeliveryView> {
      secretsBox();
      const endpoint = await endpointOf(workspaceId, id);
      if (!endpoint.enabled) throw new ApiError(409, `Endpoint ${id} is disabled (${endpoint.disabled_reason ?? 'no reason recorded'}); enable it first`);
      const current = await findDelivery(deps.db, workspaceId, id, deliveryId);
      if (!current) throw notFound(`Endpoint ${id} has no delivery ${deliveryId}`);
      const restarted = await restartDelivery(deps.db, workspaceId, id, deliveryId);
      if (!restarted)
        throw new ApiError(409, `Delivery ${deliveryId} is still being attempted (next at ${iso(current.next_attempt_at) ?? 'once the current attempt ends'})`);
      await startDelivery(restarted.id, restarted.run);
      return deliveryView((await findDelivery(deps.db, workspaceId, id, deliveryId)) as DeliveryRow);
    },

    async update(workspaceId: string, id: string, patch: { enabled?: boolean; events?: ProductEventType[] | null }): Promise<WebhookView> {
      if (patch.enabled === undefined && patch.events === undefined) throw badRequest('Invalid request: body: at least one of enabled, events is required');
      const row = await updateEndpoint(deps.db, workspaceId, id, {
        enabled: patch.enabled,
        events: patch.events === undefined ? undefined : patch.events && [...new Set(patch.events)],
      });
      if (!row) throw notFound(`This workspace has no webhook endpoint ${id}`);
      return webhookView(row);
    },
  };
}
