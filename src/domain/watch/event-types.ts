/**
 * What a watch can be told (decisions.md, "Watches and webhooks"). Each is recorded once per audit that
 * shows it, compared with the product's previous audit; `webhook.test` is only ever sent on request.
 */
export const PRODUCT_EVENT_TYPES = [
  'readiness.dropped',
  'readiness.rose',
  'openapi.breaking',
  'openapi.changed',
  'mcp.tools_changed',
  'site.unreachable',
  'site.recovered',
  'security.finding',
] as const;

export type ProductEventType = (typeof PRODUCT_EVENT_TYPES)[number];

export const TEST_EVENT_TYPE = 'webhook.test';
export type WebhookEventType = ProductEventType | typeof TEST_EVENT_TYPE;

/** A watch without its own threshold is told of moves of at least this many points. */
export const DEFAULT_READINESS_THRESHOLD = 5;
