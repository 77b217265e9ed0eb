import type { Operations, OutputOf } from '../operations';
import { terminalSafe } from './mcp-tools';
import { fields, table } from './table';

type Out<K extends keyof Operations> = OutputOf<Operations[K]>;
type Webhook = Out<'listWebhooks'>['webhooks'][number];

const when = (iso: string | null | undefined) => (iso ? iso.slice(0, 19).replace('T', ' ') : '-');
const types = (t: string[]) => (t.length >= 8 ? 'all' : t.join(', '));

function watchRow(w: Out<'watchProduct'>) {
  return [w.product.slug, w.product.domain, types(w.events), w.threshold, w.id];
}

function webhook(w: Webhook): string {
  return fields([
    ['id', w.id],
    ['url', terminalSafe(w.url)],
    ['events', types(w.events)],
    ['enabled', w.enabled ? 'yes' : `no: ${terminalSafe(w.disabledReason ?? 'disabled')}`],
    ['secret rotated', when(w.secretState.rotatedAt)],
    ['previous valid until', when(w.secretState.previousValidUntil)],
  ]);
}

/** The secret once, with what to do with it: it is not shown again. */
function withSecret(w: Out<'createWebhook'>): string {
  return `${webhook(w)}\n\nSigning secret (shown once; verify deliveries with any Standard Webhooks library):\n${w.secret}`;
}

/** Text for the watch and webhook commands (src/operations/watches.ts). Product data is escaped for the terminal. */
export const watchRenderers = {
  watchProduct: (w: Out<'watchProduct'>) =>
    `Watching ${w.product.slug} (${w.product.domain}): ${types(w.events)}, threshold ${w.threshold} points.\nid ${w.id}`,
  listWatches: (b: Out<'listWatches'>) =>
    b.watches.length
      ? table(['slug', 'domain', 'events', 'threshold', 'id'], b.watches.map(watchRow))
      : 'No watches. Add one with `agentdex watch add <slug|domain>`.',
  unwatchProduct: () => 'No longer watched.',
  listEvents: (b: Out<'listEvents'>) =>
    b.events.length
      ? table(
          ['when', 'product', 'type', 'what', 'id'],
          b.events.map((e) => [when(e.occurredAt), e.product.slug, e.type, terminalSafe(e.summary), e.id]),
        ) + (b.next ? `\n… older: --cursor ${b.next}` : '')
      : 'No events for the watched products.',
  createWebhook: withSecret,
  rotateWebhookSecret: (w: Out<'rotateWebhookSecret'>) => `${withSecret(w)}\n\nThe previous secret also signs each delivery for 24 hours.`,
  listWebhooks: (b: Out<'listWebhooks'>) =>
    b.webhooks.length ? b.webhooks.map(webhook).join('\n\n') : 'No webhook endpoints. Add one with `agentdex webhooks add <url>`.',
  updateWebhook: (w: Out<'updateWebhook'>) => webhook(w),
  deleteWebhook: () => 'Deleted.',
  testWebhook: (t: Out<'testWebhook'>) => `Test event ${t.eventId} sent (delivery ${t.deliveryId}); see \`agentdex webhooks deliveries <id>\` for the outcome.`,
  listDeliveries: (b: Out<'listDeliveries'>) =>
    b.deliveries.length
      ? table(
          ['created', 'type', 'status', 'attempts', 'last', 'next attempt', 'id'],
          b.deliveries.map((d) => [
            when(d.createdAt),
            d.type,
            d.status,
            d.attempts,
            d.lastStatusCode ?? terminalSafe(d.lastError ?? '-'),
            when(d.nextAttemptAt),
            d.id,
          ]),
        )
      : 'No deliveries yet.',
  resendDelivery: (d: Out<'resendDelivery'>) => `Resending ${d.eventId} (delivery ${d.id}, ${d.attempts} attempts so far).`,
};
