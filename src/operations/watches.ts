import {
  DeliveriesQuerySchema,
  DeliveryListSchema,
  DeliveryParamsSchema,
  DeliverySchema,
  EventListSchema,
  EventsQuerySchema,
  IdParamsSchema,
  TestDeliverySchema,
  WatchCreateBodySchema,
  WatchListSchema,
  WatchSchema,
  WebhookCreateBodySchema,
  WebhookListSchema,
  WebhookPatchSchema,
  WebhookSchema,
  WebhookWithSecretSchema,
} from '../schemas/watches';
import { z } from '../schemas/zod';
import { operation } from './operation';

const TAG = 'Watches';
const NONE = z.object({});
const NO_ENDPOINT = 'This workspace has no such webhook endpoint';
const NO_KEY = 'Webhook secrets are not configured on this deployment';
const LIMITS = 'Starter 10 watches and 2 endpoints, Usage 100 and 10, Scale 1,000 and 25';

/**
 * Watching products and being told when they change (issue 39; docs/decisions/watches.md): watches,
 * signed webhook endpoints and their deliveries, and the events feed for those who poll. Each needs the
 * workspace's key; none is metered.
 */
export const watchOperations = {
  watchProduct: operation({
    name: 'watchProduct',
    summary: 'Watch a product: be told (webhooks, /v1/events) when its readiness, OpenAPI, MCP tools or site change',
    description:
      'Watches a product by slug or domain (an unknown domain is audited first, free) for the event types given (all by default): ' +
      'readiness.dropped/rose (moves of at least `threshold` points, default 5), openapi.breaking/changed, mcp.tools_changed, ' +
      'site.unreachable/recovered, security.finding. Watched products are re-audited at least daily. Watching again updates the watch. ' +
      `Not metered; ${LIMITS}.`,
    access: 'key',
    runs: 'read',
    input: WatchCreateBodySchema,
    output: WatchSchema,
    rest: {
      method: 'post',
      path: '/v1/watches',
      tag: TAG,
      status: 201,
      errors: { 404: 'No such product, and the domain could not be audited', 409: `Over the plan's watches (reason WATCH_LIMIT; ${LIMITS})` },
    },
    tool: { name: 'watch_product', title: 'Watch a product', readOnly: false, idempotent: true, openWorld: true },
    cli: { command: 'watch add', args: ['product'], example: 'agentdex watch add stripe.com --events openapi.breaking,readiness.dropped --threshold 10' },
  }),

  listWatches: operation({
    name: 'listWatches',
    summary: "This workspace's watches",
    description: 'The products this workspace watches, each with the event types it is told of and its readiness threshold.',
    access: 'key',
    runs: 'read',
    input: NONE,
    output: WatchListSchema,
    rest: { method: 'get', path: '/v1/watches', tag: TAG },
    tool: { name: 'list_watches', title: 'List watches', readOnly: true, idempotent: true, openWorld: false },
    cli: { command: 'watch list', example: 'agentdex watch list' },
  }),

  unwatchProduct: operation({
    name: 'unwatchProduct',
    summary: 'Stop watching a product',
    description: 'Deletes a watch; its product’s later events are no longer sent or listed to this workspace.',
    access: 'key',
    runs: 'read',
    input: IdParamsSchema,
    output: z.void(),
    rest: { method: 'delete', path: '/v1/watches/{id}', tag: TAG, status: 204, errors: { 404: 'This workspace has no such watch' } },
    cli: { command: 'watch remove', args: ['id'], example: 'agentdex watch remove 5f0c6d1e-3a52-4c43-9b7e-0d8f3c2a1b90' },
  }),

  listEvents: operation({
    name: 'listEvents',
    summary: "Events of this workspace's watched products, newest first (cursor pagination)",
    description:
      'What changed in the products this workspace watches, newest first: each event with its type, product, time, a one-line summary and ' +
      'before/after data. Filter by type (comma-separated) and product; pass `next` as `cursor` for older events. For agents that poll ' +
      'instead of receiving webhooks. Free.',
    access: 'key',
    runs: 'read',
    input: EventsQuerySchema,
    output: EventListSchema,
    rest: { method: 'get', path: '/v1/events', tag: TAG, errors: { 404: 'The product filter names no product this workspace watches' } },
    tool: { name: 'list_events', title: 'List product events', readOnly: true, idempotent: true, openWorld: false },
    cli: { command: 'events', example: 'agentdex events --type openapi.breaking --limit 20' },
  }),

  createWebhook: operation({
    name: 'createWebhook',
    summary: 'Add a webhook endpoint (Standard Webhooks signed; the secret is shown once)',
    description:
      'Adds an endpoint that receives this workspace’s product events (the types given, all by default) as signed Standard Webhooks POSTs. ' +
      `The address is checked by the network guard now and at every delivery. The whsec_ secret is returned this once. ${LIMITS}.`,
    access: 'key',
    runs: 'read',
    input: WebhookCreateBodySchema,
    output: WebhookWithSecretSchema,
    rest: {
      method: 'post',
      path: '/v1/webhooks',
      tag: TAG,
      status: 201,
      errors: { 409: `Over the plan's endpoints (reason WEBHOOK_LIMIT; ${LIMITS})`, 503: NO_KEY },
    },
    cli: { command: 'webhooks add', args: ['url'], example: 'agentdex webhooks add https://hooks.example.com/agentdex --events openapi.breaking' },
  }),

  listWebhooks: operation({
    name: 'listWebhooks',
    summary: "This workspace's webhook endpoints (secrets never shown)",
    description: 'Endpoints with their event types, whether they are enabled (and why not) and their secret’s rotation state.',
    access: 'key',
    runs: 'read',
    input: NONE,
    output: WebhookListSchema,
    rest: { method: 'get', path: '/v1/webhooks', tag: TAG },
    cli: { command: 'webhooks list', example: 'agentdex webhooks list' },
  }),

  updateWebhook: operation({
    name: 'updateWebhook',
    summary: 'Enable or disable an endpoint, or change its event types',
    description: 'Enables (clearing why it stopped) or disables an endpoint, or sets the event types it receives (null: every type).',
    access: 'key',
    runs: 'read',
    input: WebhookPatchSchema,
    output: WebhookSchema,
    rest: { method: 'patch', path: '/v1/webhooks/{id}', tag: TAG, errors: { 404: NO_ENDPOINT } },
    cli: {
      command: 'webhooks update',
      args: ['id'],
      negatable: ['enabled'],
      example: 'agentdex webhooks update 5f0c6d1e-3a52-4c43-9b7e-0d8f3c2a1b90 --enabled',
    },
  }),

  testWebhook: operation({
    name: 'testWebhook',
    summary: 'Send a signed webhook.test event to an endpoint now',
    description: 'Sends a `webhook.test` event to the endpoint, signed and retried like any delivery; see its deliveries for the outcome.',
    access: 'key',
    runs: 'read',
    input: IdParamsSchema,
    output: TestDeliverySchema,
    rest: { method: 'post', path: '/v1/webhooks/{id}/test', tag: TAG, status: 202, errors: { 404: NO_ENDPOINT, 409: 'The endpoint is disabled', 503: NO_KEY } },
    cli: { command: 'webhooks test', args: ['id'], example: 'agentdex webhooks test 5f0c6d1e-3a52-4c43-9b7e-0d8f3c2a1b90' },
  }),

  rotateWebhookSecret: operation({
    name: 'rotateWebhookSecret',
    summary: 'Rotate an endpoint’s signing secret (the old one keeps signing for 24 h)',
    description: 'Issues a new whsec_ secret, returned this once. For 24 hours each delivery carries signatures by both secrets.',
    access: 'key',
    runs: 'read',
    input: IdParamsSchema,
    output: WebhookWithSecretSchema,
    rest: { method: 'post', path: '/v1/webhooks/{id}/rotate', tag: TAG, errors: { 404: NO_ENDPOINT, 503: NO_KEY } },
    cli: { command: 'webhooks rotate', args: ['id'], example: 'agentdex webhooks rotate 5f0c6d1e-3a52-4c43-9b7e-0d8f3c2a1b90' },
  }),

  deleteWebhook: operation({
    name: 'deleteWebhook',
    summary: 'Delete a webhook endpoint and its deliveries',
    description: 'Deletes the endpoint; deliveries still retrying stop.',
    access: 'key',
    runs: 'read',
    input: IdParamsSchema,
    output: z.void(),
    rest: { method: 'delete', path: '/v1/webhooks/{id}', tag: TAG, status: 204, errors: { 404: NO_ENDPOINT } },
    cli: { command: 'webhooks remove', args: ['id'], example: 'agentdex webhooks remove 5f0c6d1e-3a52-4c43-9b7e-0d8f3c2a1b90' },
  }),

  listDeliveries: operation({
    name: 'listDeliveries',
    summary: 'An endpoint’s deliveries, newest first, with their attempts’ outcome',
    description: 'Each delivery: its event, status (pending, delivered, failed), attempts, last status code or error, and next attempt.',
    access: 'key',
    runs: 'read',
    input: DeliveriesQuerySchema,
    output: DeliveryListSchema,
    rest: { method: 'get', path: '/v1/webhooks/{id}/deliveries', tag: TAG, errors: { 404: NO_ENDPOINT } },
    cli: { command: 'webhooks deliveries', args: ['id'], example: 'agentdex webhooks deliveries 5f0c6d1e-3a52-4c43-9b7e-0d8f3c2a1b90' },
  }),

  resendDelivery: operation({
    name: 'resendDelivery',
    summary: 'Send a delivery again (the same webhook-id)',
    description: 'Starts the delivery’s attempts again, with the same event and webhook-id; for one that failed or was never received.',
    access: 'key',
    runs: 'read',
    input: DeliveryParamsSchema,
    output: DeliverySchema,
    rest: {
      method: 'post',
      path: '/v1/webhooks/{id}/deliveries/{deliveryId}/resend',
      tag: TAG,
      status: 202,
      errors: { 404: 'No such endpoint or delivery', 409: 'The endpoint is disabled, or the delivery is still being attempted', 503: NO_KEY },
    },
    cli: {
      command: 'webhooks resend',
      args: ['id', 'deliveryId'],
      example: 'agentdex webhooks resend 5f0c6d1e-3a52-4c43-9b7e-0d8f3c2a1b90 0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
    },
  }),
};
