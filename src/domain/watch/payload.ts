import type { WebhookEventType } from './event-types';

export interface WebhookPayload {
  id: string;
  type: WebhookEventType;
  occurredAt: string;
  product: { slug: string; domain: string; name: string; url: string } | null;
  data: Record<string, unknown>;
}

export interface EventForPayload {
  id: string;
  type: WebhookEventType;
  occurred_at: Date | string;
  slug: string | null;
  domain: string | null;
  name: string | null;
  data: Record<string, unknown>;
}

/** The body of a webhook and of a `GET /v1/events` entry: the same id as the event and the `webhook-id`. */
export function webhookPayload(e: EventForPayload, publicBaseUrl: string): WebhookPayload {
  return {
    id: e.id,
    type: e.type,
    occurredAt: new Date(e.occurred_at).toISOString(),
    product:
      e.slug && e.domain ? { slug: e.slug, domain: e.domain, name: e.name ?? e.slug, url: `${publicBaseUrl}/products/${encodeURIComponent(e.slug)}` } : null,
    data: e.data,
  };
}

/** One line for people (the dashboard, the CLI): what happened, in numbers. */
export function eventSummary(type: WebhookEventType, data: Record<string, unknown>): string {
  const before = data.before as { readiness?: number } | undefined;
  const after = data.after as { readiness?: number } | undefined;
  const count = (k: string) => (Array.isArray(data[k]) ? (data[k] as unknown[]).length : 0);
  switch (type) {
    case 'readiness.dropped':
    case 'readiness.rose':
      return `readiness ${before?.readiness ?? '?'} → ${after?.readiness ?? '?'} (largest move ${data.delta} points in ${(data.moved as string[] | undefined)?.join(', ') ?? '?'})`;
    case 'openapi.breaking':
      return `${count('breaking')} breaking OpenAPI change(s), ${count('changes')} other(s)`;
    case 'openapi.changed':
      return `${count('changes')} compatible OpenAPI change(s)`;
    case 'mcp.tools_changed':
      return `MCP tools: ${count('added')} added, ${count('removed')} removed, ${count('changed')} redefined`;
    case 'site.unreachable':
      return `site unreachable${data.error ? `: ${String(data.error).slice(0, 120)}` : ''}`;
    case 'site.recovered':
      return 'site reachable again';
    case 'security.finding':
      return `${count('findings')} new high-severity MCP security finding(s)`;
    case 'webhook.test':
      return 'test event';
  }
}
