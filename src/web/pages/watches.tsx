import type { FC } from 'hono/jsx';
import { PRODUCT_EVENT_TYPES } from '../../domain/watch/event-types';
import type { OutputOf, Operations } from '../../operations';
import { Layout } from '../layout';
import { type DashNotice, Notice } from './dashboard';
import { ActionButton, ColumnHeads, Csrf } from './field';
import { ShownOncePage } from './shown-once';

type Watch = OutputOf<Operations['listWatches']>['watches'][number];
type Webhook = OutputOf<Operations['listWebhooks']>['webhooks'][number];
type Delivery = OutputOf<Operations['listDeliveries']>['deliveries'][number];
type ProductEvent = OutputOf<Operations['listEvents']>['events'][number];

/** A delivery with the endpoint it was sent to (the page lists deliveries across endpoints). */
export type DeliveryRowView = Delivery & { endpointId: string; endpointUrl: string };

const when = (iso: string | null | undefined) => (iso ? `${iso.replace('T', ' ').slice(0, 16)} UTC` : '—');
const eventTypes = (types: readonly string[]) => (types.length >= PRODUCT_EVENT_TYPES.length ? 'all event types' : types.join(', '));

const ProductLink: FC<{ product: { slug: string; domain: string } }> = ({ product }) =>
  product.slug ? (
    <a href={`/products/${encodeURIComponent(product.slug)}`}>
      {product.slug}
      {product.domain && product.domain !== product.slug ? ` (${product.domain})` : ''}
    </a>
  ) : (
    <span>{product.domain || '—'}</span>
  );

const WatchesTable: FC<{ csrf: string; watches: Watch[] }> = (p) =>
  p.watches.length ? (
    <table id="watches">
      <caption class="sr-only">Products this workspace watches</caption>
      <ColumnHeads columns={['Product', 'Event types', { label: 'Threshold', num: true }, 'Since', 'Action']} />
      <tbody>
        {p.watches.map((w) => (
          <tr>
            <th scope="row">
              <ProductLink product={w.product} />
            </th>
            <td>{eventTypes(w.events)}</td>
            <td class="num">{w.threshold} pts</td>
            <td>{when(w.createdAt)}</td>
            <td>
              <ActionButton
                action={`/dashboard/watches/${w.id}/remove`}
                csrf={p.csrf}
                label="Remove"
                kind="danger"
                ariaLabel={`Stop watching ${w.product.slug}`}
                confirm={`Stop watching ${w.product.slug}?`}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  ) : (
    <p>No watches yet.</p>
  );

const EndpointCard: FC<{ csrf: string; w: Webhook; i: number }> = ({ csrf, w, i }) => (
  <section class="card endpoint" aria-labelledby={`endpoint-${i}`}>
    <h3 id={`endpoint-${i}`}>
      <code>{w.url}</code> <span class="pill">{w.enabled ? 'enabled' : 'disabled'}</span>
    </h3>
    {w.enabled ? null : (
      <p class="notice bad" role="status">
        Disabled: <strong>{w.disabledReason ?? 'no reason recorded'}</strong>. No deliveries are sent until it is enabled again.
      </p>
    )}
    <p>Receives {eventTypes(w.events)}.</p>
    <p class="muted">
      Signing secret: {w.secretState.rotatedAt ? `rotated ${when(w.secretState.rotatedAt)}` : `the first one, since ${when(w.createdAt)}`}
      {w.secretState.previousValidUntil ? `; the previous secret still signs until ${when(w.secretState.previousValidUntil)}` : ''}. Secrets are shown only when
      created or rotated.
    </p>
    <div>
      <ActionButton
        action={`/dashboard/webhooks/${w.id}/test`}
        csrf={csrf}
        label="Send test event"
        ariaLabel={`Send a test event to ${w.url}`}
        disabled={!w.enabled}
      />{' '}
      <ActionButton
        action={`/dashboard/webhooks/${w.id}/rotate`}
        csrf={csrf}
        label="Rotate secret"
        kind="secondary"
        ariaLabel={`Rotate the signing secret of ${w.url}`}
        confirm="Rotate the signing secret? The old one keeps signing alongside the new one for 24 hours."
      />{' '}
      <ActionButton
        action={`/dashboard/webhooks/${w.id}/update`}
        csrf={csrf}
        label={w.enabled ? 'Disable' : 'Enable'}
        kind="secondary"
        ariaLabel={`${w.enabled ? 'Disable' : 'Enable'} ${w.url}`}
        fields={{ enabled: w.enabled ? 'false' : 'true' }}
      />{' '}
      <ActionButton
        action={`/dashboard/webhooks/${w.id}/delete`}
        csrf={csrf}
        label="Delete"
        kind="danger"
        ariaLabel={`Delete ${w.url}`}
        confirm="Delete this endpoint and its deliveries?"
      />
    </div>
  </section>
);

const DeliveriesTable: FC<{ csrf: string; deliveries: DeliveryRowView[] }> = (p) =>
  p.deliveries.length ? (
    <table id="deliveries">
      <caption class="sr-only">Recent deliveries across endpoints, newest first</caption>
      <ColumnHeads columns={['Created', 'Endpoint', 'Event type', 'Status', { label: 'Attempts', num: true }, 'Last response', 'Next attempt', 'Action']} />
      <tbody>
        {p.deliveries.map((d) => (
          <tr>
            <td>{when(d.createdAt)}</td>
            <td>
              <code>{d.endpointUrl}</code>
            </td>
            <td>{d.type}</td>
            <td>{d.status === 'delivered' && d.deliveredAt ? `delivered ${when(d.deliveredAt)}` : d.status}</td>
            <td class="num">{d.attempts}</td>
            <td>{d.lastStatusCode !== null ? `HTTP ${d.lastStatusCode}${d.lastError ? `: ${d.lastError}` : ''}` : (d.lastError ?? '—')}</td>
            <td>{d.status === 'pending' ? when(d.nextAttemptAt) : '—'}</td>
            <td>
              {d.status === 'pending' ? (
                <span class="muted">being attempted</span>
              ) : (
                <ActionButton
                  action={`/dashboard/webhooks/${d.endpointId}/deliveries/${d.id}/resend`}
                  csrf={p.csrf}
                  label="Resend"
                  kind="secondary"
                  ariaLabel={`Resend the ${d.type} delivery of ${when(d.createdAt)}`}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  ) : (
    <p>No deliveries yet.</p>
  );

const EventsTable: FC<{ events: ProductEvent[] }> = (p) =>
  p.events.length ? (
    <table id="events">
      <caption class="sr-only">Recent events of watched products, newest first</caption>
      <ColumnHeads columns={['Time', 'Product', 'Type', 'Summary']} />
      <tbody>
        {p.events.map((e) => (
          <tr>
            <td>{when(e.occurredAt)}</td>
            <td>
              <ProductLink product={e.product} />
            </td>
            <td>{e.type}</td>
            <td>{e.summary}</td>
          </tr>
        ))}
      </tbody>
    </table>
  ) : (
    <p>No events yet: they appear when a watched product's readiness, OpenAPI, MCP tools or site change.</p>
  );

export const WatchesPage: FC<{
  csrf: string;
  watches: Watch[];
  webhooks: Webhook[];
  deliveries: DeliveryRowView[];
  events: ProductEvent[];
  /** The forms' values after a refused submission, shown again. */
  values?: Record<string, string>;
  notice?: DashNotice;
}> = (p) => (
  <Layout title="Watches" description="Watch products and receive signed webhooks when they change." noindex dashboard>
    <h1>Watches and webhooks</h1>
    <Notice notice={p.notice} />
    <h2>Watched products</h2>
    <form action="/dashboard/watches" method="post" class="card">
      <Csrf token={p.csrf} />
      <label for="watch-product">Product (registry slug or domain)</label>
      <input id="watch-product" type="text" name="product" maxlength={253} value={p.values?.product ?? ''} required placeholder="e.g. stripe or stripe.com" />
      <label for="watch-threshold">Threshold in points (optional)</label>
      <input
        id="watch-threshold"
        type="text"
        name="threshold"
        inputmode="numeric"
        value={p.values?.threshold ?? ''}
        placeholder="5"
        aria-describedby="watch-threshold-help"
      />
      <p id="watch-threshold-help" class="field-help">
        The smallest readiness move, 1 to 100 points, you are told of; 5 when empty. An unknown domain is audited first, free.
      </p>
      <p>
        <button type="submit">Add watch</button>
      </p>
    </form>
    <WatchesTable csrf={p.csrf} watches={p.watches} />

    <h2>Webhook endpoints</h2>
    <p>Each event of a watched product is POSTed, signed (Standard Webhooks), to every enabled endpoint that receives its type.</p>
    <form action="/dashboard/webhooks" method="post" class="card">
      <Csrf token={p.csrf} />
      <label for="webhook-url">Endpoint URL</label>
      <input id="webhook-url" type="url" name="url" maxlength={2048} value={p.values?.url ?? ''} required placeholder="https://hooks.example.com/agentdex" />{' '}
      <button type="submit">Add endpoint</button>
    </form>
    {p.webhooks.length ? p.webhooks.map((w, i) => <EndpointCard csrf={p.csrf} w={w} i={i} />) : <p>No endpoints yet.</p>}

    <h2>Recent deliveries</h2>
    <DeliveriesTable csrf={p.csrf} deliveries={p.deliveries} />

    <h2>Recent events</h2>
    <EventsTable events={p.events} />
  </Layout>
);

/** The one time a signing secret is shown (created or rotated): never cached, never rendered again. */
export const NewSecretPage: FC<{ secret: string; url: string; rotated: boolean; previousValidUntil: string | null }> = (p) => (
  <ShownOncePage
    heading="Your new signing secret"
    description="Your webhook endpoint's signing secret, shown once."
    dashboard
    noun="secret"
    warning="Copy this secret now: it is shown this once. Agentdex keeps it sealed and never shows it again."
    id="new-secret"
    value={p.secret}
    next="/dashboard/watches"
    lead={
      <p>
        Endpoint <code>{p.url}</code>
      </p>
    }
  >
    <p>
      Verify each delivery's <code>webhook-signature</code> header with it (Standard Webhooks).
      {p.rotated && p.previousValidUntil ? ` The previous secret keeps signing alongside it until ${when(p.previousValidUntil)}.` : ''}
    </p>
  </ShownOncePage>
);
