import type { FC } from 'hono/jsx';
import type { OutputOf, Operations } from '../../operations';
import { UsageChart } from '../charts';
import { Layout } from '../layout';
import { ActionButton, ColumnHeads, Csrf, Field } from './field';

type Usage = OutputOf<Operations['getUsage']>;
type Keys = OutputOf<Operations['listKeys']>['keys'];
type Limits = OutputOf<Operations['getLimits']>;
type Entitlements = OutputOf<Operations['getEntitlements']>['entitlements'];
type Billing = OutputOf<Operations['getBilling']>;
type Invoices = OutputOf<Operations['listInvoices']>['invoices'];

const usd = (n: number) => `$${n.toFixed(2)}`;
const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '—');

/** Every dashboard form carries the session's CSRF token. */

export const Notice: FC<{ notice?: { kind: 'good' | 'bad'; text: string } }> = ({ notice }) =>
  notice ? (
    <p class={`notice ${notice.kind}`} role={notice.kind === 'bad' ? 'alert' : 'status'}>
      {notice.text}
    </p>
  ) : null;

export type DashNotice = { kind: 'good' | 'bad'; text: string };

const Meters: FC<{ usage: Usage }> = ({ usage }) => (
  <table>
    <caption>
      Period {day(usage.period.start)} to {day(usage.period.end)}
    </caption>
    <ColumnHeads
      columns={[
        'Event type',
        { label: 'Included', num: true },
        { label: 'Used', num: true },
        { label: 'Remaining', num: true },
        { label: 'Estimated charge', num: true },
      ]}
    />
    <tbody>
      {usage.meters.map((m) => (
        <tr>
          <th scope="row">{m.eventType}</th>
          <td class="num">{m.included}</td>
          <td class="num">{m.used}</td>
          <td class="num">{m.remaining}</td>
          <td class="num">{usd(m.estimatedChargeUsd)}</td>
        </tr>
      ))}
    </tbody>
  </table>
);

export const OverviewPage: FC<{
  csrf: string;
  usage: Usage;
  sessions: Array<{ id: string; created_at: Date; last_seen_at: Date }>;
  currentSessionId: string;
  notice?: DashNotice;
}> = (p) => (
  <Layout title="Dashboard" description="Your Agentdex workspace." noindex dashboard>
    <h1>Workspace</h1>
    <Notice notice={p.notice} />
    <p>
      Plan <strong>{p.usage.plan}</strong>; estimated charges this period <strong>{usd(p.usage.estimatedChargesUsd)}</strong>.
    </p>
    <Meters usage={p.usage} />
    <h2>Sessions</h2>
    <table>
      <caption class="sr-only">Signed-in sessions</caption>
      <ColumnHeads columns={['Signed in', 'Last seen', 'Action']} />
      <tbody>
        {p.sessions.map((s) => (
          <tr>
            <td>{new Date(s.created_at).toISOString().replace('T', ' ').slice(0, 16)} UTC</td>
            <td>
              {new Date(s.last_seen_at).toISOString().replace('T', ' ').slice(0, 16)} UTC{s.id === p.currentSessionId ? ' (this one)' : ''}
            </td>
            <td>
              <ActionButton
                action={`/dashboard/sessions/${s.id}/revoke`}
                csrf={p.csrf}
                label="Revoke"
                kind="secondary"
                ariaLabel={`Revoke the session signed in ${new Date(s.created_at).toISOString().slice(0, 16)}`}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
    <form action="/dashboard/signout" method="post">
      <Csrf token={p.csrf} />
      <p>
        <button type="submit" class="secondary">
          Sign out
        </button>
      </p>
    </form>
  </Layout>
);

export const KeysPage: FC<{ csrf: string; keys: Keys; notice?: DashNotice }> = (p) => (
  <Layout title="API keys" description="Create, list and revoke API keys." noindex dashboard>
    <h1>API keys</h1>
    <Notice notice={p.notice} />
    <form action="/dashboard/keys" method="post" class="card">
      <Csrf token={p.csrf} />
      <label for="key-label">Label</label>
      <input id="key-label" type="text" name="label" maxlength={100} placeholder="e.g. production agent" /> <button type="submit">Create key</button>
    </form>
    <table>
      <caption class="sr-only">Keys of this workspace</caption>
      <ColumnHeads columns={['Key', 'Label', 'Created', 'Last used', 'Status']} />
      <tbody>
        {p.keys.map((k) => (
          <tr>
            <td>
              <code>{k.prefix}…</code>
            </td>
            <td>{k.label ?? ''}</td>
            <td>{day(k.createdAt)}</td>
            <td>{k.lastUsedAt ? k.lastUsedAt.replace('T', ' ').slice(0, 16) : 'never'}</td>
            <td>
              {k.revokedAt ? (
                `revoked ${day(k.revokedAt)}`
              ) : (
                <ActionButton
                  action={`/dashboard/keys/${k.id}/revoke`}
                  csrf={p.csrf}
                  label="Revoke"
                  kind="danger"
                  ariaLabel={`Revoke key ${k.prefix}`}
                  confirm={`Revoke ${k.prefix}…? Calls with it will fail at once.`}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </Layout>
);

export const UsagePage: FC<{ usage: Usage; entitlements: Entitlements; chart: { days: string[]; series: Array<{ name: string; values: number[] }> } }> = (
  p,
) => (
  <Layout title="Usage" description="Metered calls per day, meters and estimated charges." noindex dashboard>
    <h1>Usage</h1>
    <div class="chart card">
      <UsageChart days={p.chart.days} series={p.chart.series} />
    </div>
    <p id="usage-total">
      Calls in the last {p.chart.days.length} days: <strong>{p.chart.series.reduce((n, s) => n + s.values.reduce((a, b) => a + b, 0), 0)}</strong>
    </p>
    <h2>Meters</h2>
    <Meters usage={p.usage} />
    <p>
      Estimated charges this period: <strong>{usd(p.usage.estimatedChargesUsd)}</strong>
    </p>
    <h2>Entitlements</h2>
    <table>
      <caption class="sr-only">Whether each metered call is allowed now</caption>
      <ColumnHeads columns={['Event type', 'Allowed', 'Reason', { label: 'Remaining', num: true }]} />
      <tbody>
        {p.entitlements.map((e) => (
          <tr>
            <th scope="row">{e.eventType}</th>
            <td>{e.allowed ? 'yes' : 'no'}</td>
            <td>{e.reason}</td>
            <td class="num">{e.remaining}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </Layout>
);

const LIMIT_FIELDS = [
  ['monthlyBudgetUsd', 'Monthly budget (USD)', 'A warning is sent when spend passes it.'],
  ['warningThresholdUsd', 'Warning threshold (USD)', 'An earlier warning.'],
  ['hardLimitUsd', 'Hard limit (USD)', 'Metered calls are refused (402) once spend reaches it.'],
] as const;

export const LimitsPage: FC<{ csrf: string; limits: Limits; values?: Record<string, string>; errors?: Record<string, string>; notice?: DashNotice }> = (p) => (
  <Layout title="Spend limits" description="Budget, warning threshold and hard spend limit." noindex dashboard>
    <h1>Spend limits</h1>
    <Notice notice={p.notice} />
    <p>
      Spent this period: <strong>{usd(p.limits.spentUsd)}</strong> (status {p.limits.spendStatus}). Leave a field empty for no limit.
    </p>
    <form action="/dashboard/limits" method="post" class="card" novalidate>
      <Csrf token={p.csrf} />
      {LIMIT_FIELDS.map(([name, label, help]) => {
        const current = p.limits[name];
        return (
          <div>
            <Field
              id={`limit-${name}`}
              label={label}
              name={name}
              inputmode="decimal"
              value={p.values?.[name] ?? (current === null ? '' : String(current))}
              help={help}
              error={p.errors?.[name]}
            />
          </div>
        );
      })}
      <label>
        <input
          type="checkbox"
          name="notificationsEnabled"
          value="true"
          checked={p.values ? p.values.notificationsEnabled === 'true' : p.limits.notificationsEnabled}
        />{' '}
        Send spend notifications
      </label>
      {p.errors?._form ? (
        <p class="error" role="alert">
          {p.errors._form}
        </p>
      ) : null}
      <button type="submit">Save limits</button>
    </form>
  </Layout>
);

export const BillingPage: FC<{ csrf: string; billing: Billing; invoices: Invoices; notice?: DashNotice }> = (p) => (
  <Layout title="Billing" description="Plan, payment method and invoices." noindex dashboard>
    <h1>Billing</h1>
    <Notice notice={p.notice} />
    <p>
      Plan <strong>{p.billing.plan}</strong>; spent this period <strong>{usd(p.billing.spentUsd)}</strong>; estimated charges{' '}
      <strong>{usd(p.billing.estimatedChargesUsd)}</strong>.
    </p>
    {p.billing.paymentsConfigured ? (
      <div class="card">
        <ActionButton action="/dashboard/billing/checkout" csrf={p.csrf} label={p.billing.paymentMethod ? 'Change plan' : 'Add a payment method'} />{' '}
        <ActionButton action="/dashboard/billing/portal" csrf={p.csrf} label="Open the billing portal" kind="secondary" />
      </div>
    ) : (
      <p class="notice">
        Payments are not configured on this deployment (no Stripe key), so checkout and the billing portal are unavailable (the API answers 503). Usage is still
        metered and limits still apply.
      </p>
    )}
    <h2>Invoices</h2>
    {p.invoices.length ? (
      <table>
        <caption class="sr-only">Invoices</caption>
        <ColumnHeads columns={['Period', { label: 'Amount', num: true }, 'Status', 'Invoice']} />
        <tbody>
          {p.invoices.map((i) => (
            <tr>
              <td>
                {i.periodStart} to {i.periodEnd}
              </td>
              <td class="num">{usd(i.amountDueUsd)}</td>
              <td>{i.status}</td>
              <td>{i.hostedUrl && /^https:\/\//.test(i.hostedUrl) ? <a href={i.hostedUrl}>View</a> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    ) : (
      <p>No invoices yet.</p>
    )}
  </Layout>
);

export interface ClaimView {
  slug: string;
  name: string;
  method: string;
  status: string;
  token: string;
  instructions: string;
  checkedAt: string | null;
  detail: string | null;
}

export const ClaimsPage: FC<{ csrf: string; claims: ClaimView[]; values?: Record<string, string>; error?: string; notice?: DashNotice }> = (p) => (
  <Layout title="Claims" description="Claim your product's registry page by DNS TXT record or meta tag." noindex dashboard>
    <h1>Vendor claims</h1>
    <Notice notice={p.notice} />
    <p>Prove you run a product's domain, and its page shows it as claimed, with a followed link to your site.</p>
    <form action="/dashboard/claims" method="post" class="card">
      <Csrf token={p.csrf} />
      <label for="claim-slug">Product (registry slug)</label>
      <input id="claim-slug" type="text" name="slug" value={p.values?.slug ?? ''} required placeholder="e.g. stripe" />
      <label for="claim-email">Contact email</label>
      <input id="claim-email" type="email" name="email" value={p.values?.email ?? ''} required autocomplete="email" />
      <label for="claim-method">Method</label>
      <select id="claim-method" name="method">
        <option value="dns" selected={p.values?.method !== 'meta'}>
          DNS TXT record
        </option>
        <option value="meta" selected={p.values?.method === 'meta'}>
          Meta tag in the homepage
        </option>
      </select>
      {p.error ? (
        <p class="error" role="alert">
          {p.error}
        </p>
      ) : null}
      <p>
        <button type="submit">Start the claim</button>
      </p>
    </form>
    {p.claims.map((c, i) => (
      <section class="card" aria-labelledby={`claim-${i}`}>
        <h2 id={`claim-${i}`}>
          {c.name} <span class="pill">{c.status}</span>
        </h2>
        <p id={`claim-${i}-instructions`}>{c.instructions}</p>
        <p>
          Token: <code id={`claim-${i}-token`}>{c.token}</code>{' '}
          <button type="button" class="secondary" data-copy={`claim-${i}-token`}>
            Copy token
          </button>
          <span id={`claim-${i}-token-status`} role="status" class="muted" />
        </p>
        {c.detail ? (
          <p class="muted">
            Last check{c.checkedAt ? ` ${c.checkedAt.replace('T', ' ').slice(0, 16)} UTC` : ''}: {c.detail}
          </p>
        ) : null}
        {c.status === 'pending' ? (
          <form action="/dashboard/claims/verify" method="post">
            <Csrf token={p.csrf} />
            <input type="hidden" name="slug" value={c.slug} />
            <button type="submit">Verify now</button>
          </form>
        ) : null}
      </section>
    ))}
  </Layout>
);
