import { PRODUCT_EVENT_TYPES, TEST_EVENT_TYPE } from '../domain/watch/event-types';
import { clampedInteger, Guid, text } from './common';
import { z } from './zod';

export const ProductEventType = z.enum(PRODUCT_EVENT_TYPES).meta({ description: 'What changed (decisions.md, "Watches and webhooks")' });
const EventTypeList = z.array(ProductEventType).min(1).max(PRODUCT_EVENT_TYPES.length);
const WebhookEventType = z.enum([...PRODUCT_EVENT_TYPES, TEST_EVENT_TYPE]);

/**
 * An absolute http(s) URL with a host name or an IP literal. A pattern rather than z.url(), so the published
 * schema is exactly the rule; whether the address may be reached (https, or http for an allowlisted host;
 * never a private or metadata address) is the network guard's to say, by name, at creation and delivery.
 */
const WebhookUrl = z
  .string()
  .max(2048)
  .regex(
    /^https?:\/\/(([A-Za-z0-9-]+\.)*[A-Za-z0-9-]*[A-Za-z][A-Za-z0-9-]*|([0-9]{1,3}\.){3}[0-9]{1,3}|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?([/?#][!-~]*)?$/,
    'must be an absolute http(s) URL',
  )
  .meta({ description: 'Where events are POSTed: https, or http only for hosts the operator allowlists' });

const ProductRef = z.object({ slug: z.string(), domain: z.string() }).openapi('WatchedProduct');

export const WatchCreateBodySchema = z
  .object({
    product: text(253).meta({ description: 'A registry slug, or a domain (an unknown domain is audited first, unmetered)' }),
    events: EventTypeList.optional().meta({ description: 'The event types wanted; every type when absent' }),
    threshold: z.number().int().min(1).max(100).optional().meta({ description: 'Smallest readiness or sub-score move, in points, to be told of (default 5)' }),
  })
  .openapi('WatchCreateRequest');

export const WatchSchema = z
  .object({
    id: z.string(),
    product: ProductRef,
    events: z.array(ProductEventType).meta({ description: 'The event types this watch is told of' }),
    threshold: z.number().int(),
    createdAt: z.string(),
  })
  .openapi('Watch');

export const WatchListSchema = z.object({ watches: z.array(WatchSchema) }).openapi('WatchList');
export const IdParamsSchema = z.object({ id: Guid });

export const WebhookCreateBodySchema = z
  .object({
    url: WebhookUrl,
    events: EventTypeList.optional().meta({ description: 'The event types sent; every type when absent' }),
  })
  .openapi('WebhookCreateRequest');

const SecretState = z
  .object({
    rotatedAt: z.string().nullable(),
    previousValidUntil: z.string().nullable().meta({ description: 'Until then the previous secret still signs each delivery, alongside the new one' }),
  })
  .openapi('WebhookSecretState');

export const WebhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(ProductEventType),
    enabled: z.boolean(),
    disabledReason: z.string().nullable().meta({ description: 'Why deliveries stopped (410 Gone, a whole retry window failed, or by request)' }),
    secretState: SecretState,
    createdAt: z.string(),
  })
  .openapi('Webhook');

export const WebhookWithSecretSchema = WebhookSchema.extend({
  secret: z.string().meta({ description: 'whsec_…: the Standard Webhooks signing secret, shown only here and on rotation' }),
}).openapi('WebhookWithSecret');

export const WebhookListSchema = z.object({ webhooks: z.array(WebhookSchema) }).openapi('WebhookList');

export const DeliverySchema = z
  .object({
    id: z.string(),
    eventId: z.string().meta({ description: 'The event id, sent as webhook-id on every attempt' }),
    type: WebhookEventType,
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('WebhookDelivery');

export const DeliveryListSchema = z.object({ deliveries: z.array(DeliverySchema) }).openapi('WebhookDeliveryList');
export const DeliveryParamsSchema = z.object({ id: Guid, deliveryId: Guid });
export const DeliveriesQuerySchema = z.object({
  id: Guid,
  limit: clampedInteger({ min: 1, clampTo: 200, default: 50, description: 'Default 50; above 200 is clamped' }),
});

export const EventSchema = z
  .object({
    id: z.string(),
    type: ProductEventType,
    product: ProductRef,
    occurredAt: z.string(),
    summary: z.string().meta({ description: 'What happened, in one line' }),
    data: z.record(z.string(), z.unknown()).meta({ description: 'Before and after, and each change (per type)', additionalProperties: true }),
  })
  .openapi('ProductEvent');

const TYPE_NAME = PRODUCT_EVENT_TYPES.map((t) => t.replace('.', '\\.')).join('|');
const TYPE_LIST = `^(${TYPE_NAME})(,(${TYPE_NAME}))*$`;

export const EventsQuerySchema = z.object({
  // The transform hides the string's checks from the document generator, so the meta repeats them: the
  // published pattern is exactly the rule applied.
  type: z
    .string()
    .max(400)
    .regex(new RegExp(TYPE_LIST), `must be event types, comma-separated (${PRODUCT_EVENT_TYPES.join(', ')})`)
    .optional()
    .transform((v) => (v === undefined ? undefined : v.split(',')))
    .meta({ type: 'string', maxLength: 400, pattern: TYPE_LIST, description: 'Event types, comma-separated' }),
  product: text(253).optional().meta({ description: 'A watched product, by slug or domain' }),
  cursor: z
    .string()
    .max(40)
    .regex(/^[0-9]+$/, 'must be the `next` of a page before')
    .optional()
    .meta({ description: 'The `next` of the page before' }),
  limit: clampedInteger({ min: 1, clampTo: 200, default: 50, description: 'Default 50; above 200 is clamped' }),
});

export const EventListSchema = z
  .object({ events: z.array(EventSchema), next: z.string().nullable().meta({ description: 'Pass as `cursor` for older events; null at the end' }) })
  .openapi('ProductEvents');

export const TestDeliverySchema = z.object({ eventId: z.string(), deliveryId: z.string(), type: z.literal(TEST_EVENT_TYPE) }).openapi('WebhookTestDelivery');

export const WebhookPatchSchema = z
  .object({
    id: Guid,
    enabled: z.boolean().optional().meta({ description: 'false stops deliveries; true starts them again (and clears why they stopped)' }),
    events: EventTypeList.nullable().optional().meta({ description: 'The event types sent; null for every type' }),
  })
  .meta({ description: 'At least one of enabled and events (checked by the service: a refinement cannot travel with a path parameter)' })
  .openapi('WebhookPatch');
