import type { OperationName, Operations, OutputOf } from '../operations';
import { NOT_AUDITED_SENTENCE } from '../schemas/registry';
import { mcpSummaryText, mcpToolsText } from './mcp-tools';
import { fields, table } from './table';
import { watchRenderers } from './watches';

/**
 * How text is dressed: plain for MCP tool results (compact, no escape codes), coloured with readiness bars
 * for the CLI on a terminal.
 */
export interface TextStyle {
  /** Draw readiness as a ten-cell bar before the number. */
  bars: boolean;
  /** Colour a readiness figure by its band. */
  score(readiness: number, text: string): string;
  bold(text: string): string;
  dim(text: string): string;
}

export const plainStyle: TextStyle = { bars: false, score: (_n, t) => t, bold: (t) => t, dim: (t) => t };

type Out<K extends OperationName> = OutputOf<Operations[K]>;
type Row = { slug: string; name: string; domain: string; readiness: number };
type Renderers = { [K in OperationName]?: (body: Out<K>, s: TextStyle) => string };

const MAX_ROWS = 25;

export function readinessCell(n: number, s: TextStyle): string {
  const figure = String(n).padStart(3);
  if (!s.bars) return s.score(n, figure);
  const filled = Math.round(n / 10);
  return s.score(n, `${'█'.repeat(filled)}${'░'.repeat(10 - filled)} ${figure}`);
}

function rows(list: Row[], s: TextStyle, extra: Array<{ head: string; cell: (r: Row) => string }> = []): string {
  if (!list.length) return 'No products matched.';
  const shown = list.slice(0, MAX_ROWS);
  const head = ['readiness', 'slug', 'name', 'domain', ...extra.map((e) => e.head)];
  const body = shown.map((r) => [readinessCell(r.readiness, s), r.slug, r.name, r.domain, ...extra.map((e) => e.cell(r))]);
  const more = list.length > shown.length ? `\n${s.dim(`… ${list.length - shown.length} more (full list in the JSON)`)}` : '';
  return table(head, body) + more;
}

const scores = (x: { readiness: number; discovery: number; understanding: number; adoption: number; operability: number }, s: TextStyle) =>
  table(
    ['', 'score'],
    (['readiness', 'discovery', 'understanding', 'adoption', 'operability'] as const).map((k) => [k, readinessCell(x[k], s)]),
  );

const list = (title: string, items: string[], numbered = false) =>
  items.length ? `${title}\n${items.map((t, i) => `${numbered ? `${i + 1}.` : '-'} ${t}`).join('\n')}` : '';

const yes = (b: boolean) => (b ? 'yes' : 'no');

/**
 * A profile as text. Where the findings go: "not audited yet" while the scores are provisional (an empty
 * issue list then means nothing was checked), the issues, or "No failing checks." when an audit found none
 * (`sayClean` false leaves that to the caller, which may list checks of its own).
 */
function profile(p: Out<'getProfile'>, s: TextStyle, sayClean = true): string {
  const signals = p.signals;
  return [
    `${s.bold(p.name)} (${p.domain}), slug ${p.slug}${p.claimed ? ', claimed' : ''}`,
    p.description,
    scores(p.scores, s),
    `MCP ${yes(signals.mcpAvailable)} · CLI ${yes(signals.cliAvailable)} · llms.txt ${yes(signals.llmsTxt)} · OpenAPI ${yes(signals.openapi)}` +
      (signals.sdkLanguages.length ? ` · SDKs ${signals.sdkLanguages.join(', ')}` : ''),
    `categories: ${p.categories.join(', ') || '-'} · scores from ${p.freshness.source} as of ${p.freshness.asOf.slice(0, 10)}`,
    p.mcp ? mcpSummaryText(p.mcp, s) : '',
    p.audited ? '' : NOT_AUDITED_SENTENCE,
    list('Findings:', p.issues.slice(0, 10)),
    p.audited && !p.issues.length && sayClean ? 'No failing checks.' : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

const RENDERERS: Renderers = {
  ...watchRenderers,
  listRegistry: (b, s) => rows(b, s),
  search: (b, s) => rows(b, s),
  getProfile: profile,
  listCategories: (b) =>
    table(
      ['slug', 'name', 'products'],
      b.categories.map((c) => [c.slug, c.name, c.productCount]),
    ),
  getCategory: (b, s) => `${s.bold(b.name)} (${b.productCount} products): ${b.description}\n\n${rows(b.products, s)}`,
  compare: (b, s) =>
    table(
      ['field', ...b.rows.map((r) => r.slug)],
      b.fields.map((f) => [f, ...b.rows.map((r) => (typeof r.values[f] === 'boolean' ? yes(r.values[f] as boolean) : readinessCell(Number(r.values[f]), s)))]),
    ),
  audit: (b, s) => {
    const failing = b.checks.filter((c) => c.score !== null && c.score < 1).sort((x, y) => (x.score ?? 0) - (y.score ?? 0));
    const head = b.reachable ? profile(b, s, !failing.length) : `${b.domain} could not be reached.\n\n${list('Findings:', b.issues)}`;
    return [
      head,
      list(
        'Checks to fix:',
        failing.slice(0, 10).map((c) => `${c.title}: ${c.fix ?? c.detail}`),
      ),
    ]
      .filter(Boolean)
      .join('\n\n');
  },
  findTools: (b, s) => {
    const required = Object.keys(b.intent.requirements).join(', ');
    const fit = new Map(b.results.map((r) => [r.slug, r]));
    return [
      `Ranked by fit for "${b.task}"${required ? `, requiring ${required}` : ''}.`,
      b.note,
      rows(b.results, s, [{ head: 'match', cell: (r) => fit.get(r.slug)!.match.toFixed(2) }]),
      list(
        'Why:',
        b.results.slice(0, 5).map((r) => r.reason),
      ),
    ]
      .filter(Boolean)
      .join('\n\n');
  },
  resolve: (b, s) => {
    const head = b.capabilities.length ? `Capabilities: ${b.capabilities.join(', ')}` : 'No capability in the vocabulary matched this task.';
    const found = b.discovered ? `\n${b.discovered} product(s) discovered and audited into the registry.` : '';
    const fit = new Map(b.results.map((r) => [r.slug, r]));
    return [
      `${head}${found}`,
      b.note,
      rows(b.results, s, [
        { head: 'match', cell: (r) => fit.get(r.slug)!.match.toFixed(2) },
        { head: 'covers', cell: (r) => fit.get(r.slug)!.matched.join(', ') },
      ]),
    ]
      .filter(Boolean)
      .join('\n\n');
  },
  howTo: (b) =>
    [
      `${b.task} (as of ${b.asOf})`,
      b.approach,
      list('Steps:', b.steps, true),
      list('Gotchas:', b.gotchas),
      list('Avoid:', b.deprecated),
      list(
        'Recommended tools:',
        b.recommendedTools.map((t) => `${t.name} (${t.domain}, readiness ${t.readiness}): ${t.why}`),
      ),
      list('Sources:', b.sources),
    ]
      .filter(Boolean)
      .join('\n\n'),
  getJob: (b) => (b.status === 'failed' ? `Job failed: ${b.error}` : `Job ${b.status}.`),
  signup: (b, s) => `${s.bold('API key (shown once, store it now):')} ${b.key}\nkey id ${b.id}, workspace ${b.workspaceId ?? '-'}`,
  createKey: (b, s) => `${s.bold('API key (shown once, store it now):')} ${b.key}\nkey id ${b.id}, prefix ${b.prefix}`,
  listKeys: (b) =>
    table(
      ['id', 'prefix', 'label', 'created', 'last used', 'revoked'],
      b.keys.map((k) => [
        k.id,
        k.prefix,
        k.label ?? '-',
        k.createdAt.slice(0, 10),
        k.lastUsedAt?.slice(0, 16).replace('T', ' ') ?? '-',
        k.revokedAt?.slice(0, 10) ?? '-',
      ]),
    ),
  revokeKey: () => 'Revoked.',
  getUsage: (b) =>
    `Plan ${b.plan}, period ${b.period.start.slice(0, 10)} to ${b.period.end.slice(0, 10)}\n\n` +
    table(
      ['event type', 'included', 'used', 'remaining', 'overage', 'est. charge'],
      b.meters.map((m) => [m.eventType, m.included, m.used, m.remaining, m.billableOverage, `$${m.estimatedChargeUsd.toFixed(2)}`]),
    ) +
    `\n\nEstimated charges: $${b.estimatedChargesUsd.toFixed(2)}`,
  getEntitlements: (b) =>
    table(
      ['event type', 'allowed', 'reason', 'included', 'used', 'remaining'],
      b.entitlements.map((e) => [e.eventType, yes(e.allowed), e.reason, e.included, e.used, e.remaining]),
    ) + `\n\nMetered calls: ${b.callLimits.rate} per second (bursts of ${b.callLimits.burst}), ${b.callLimits.inFlight} in flight`,
  listUsageEvents: (b) =>
    b.events.length
      ? table(
          ['when', 'event type', 'source', 'billable', 'sync', 'id'],
          b.events.map((e) => [e.occurred_at.slice(0, 19).replace('T', ' '), e.event_type, e.source, e.billable_quantity, e.payments_sync_status, e.id]),
        )
      : 'No usage events.',
  getCompany: (b, s) =>
    [
      `${s.bold(b.name)} (${b.domain})${b.description.tagline ? `: ${b.description.tagline}` : ''}`,
      b.description.summary,
      fields([
        ['founded', b.description.founded],
        ['headquarters', b.description.headquarters],
        ['products', b.description.products?.join(', ')],
        ['categories', b.description.categories.join(', ') || undefined],
      ]),
      s.dim(freshnessLine(b)),
    ].join('\n\n'),
  getPricing: (b, s) => {
    if (!b.plans.length)
      return `${s.bold(b.name)}: pricing model ${b.model}; no plans could be read${b.sourceUrl ? ` from ${b.sourceUrl}` : ''}.\n${s.dim(freshnessLine(b))}`;
    const price = (p: Out<'getPricing'>['plans'][number]) =>
      p.priceMonthlyUsd !== null ? `$${p.priceMonthlyUsd}` : p.priceMonthly != null ? `${p.priceMonthly} ${p.currency}` : 'contact sales';
    return [
      `${s.bold(b.name)}: ${b.model}${b.freeTier ? ', free tier' : ''}, from ${b.sourceUrl}`,
      table(
        ['plan', 'a month', 'unit', 'read from'],
        b.plans.map((p) => [p.name, price(p), p.unit ?? '', `"${p.quote}"${p.note ? ` (${p.note})` : ''}`]),
      ),
      s.dim(freshnessLine(b)),
    ].join('\n\n');
  },
  findCompetitors: (b, s) =>
    b.competitors.length
      ? `Competitors of ${b.name}:\n\n${table(
          ['readiness', 'slug', 'name', 'shares'],
          b.competitors.map((c) => [readinessCell(c.readiness ?? 0, s), c.slug ?? '', c.name, c.overlap.join(', ')]),
        )}`
      : `No registry product shares a capability or category with ${b.name}.`,
  compareCompanies: (b) =>
    table(
      ['field', ...b.companies.map((c) => c.domain)],
      b.rows
        .filter((r) => r.field !== 'summary')
        .map((r) => [
          r.field,
          ...b.companies.map((c) =>
            r.values[c.domain] === null ? '-' : typeof r.values[c.domain] === 'boolean' ? yes(r.values[c.domain] as boolean) : String(r.values[c.domain]),
          ),
        ]),
    ),
  research: (b, s) =>
    [
      s.bold(b.question),
      b.answer,
      list(
        'Sources:',
        b.citations.map((c, i) => `[${i + 1}] ${c.title} ${c.url} (fetched ${c.fetchedAt.slice(0, 10)})`),
      ),
      s.dim(freshnessLine(b)),
    ]
      .filter(Boolean)
      .join('\n\n'),
  getLimits: (b) => limits(b),
  setLimits: (b) => limits(b),
  getPlans: (b) =>
    `${list(
      'Plans:',
      b.plans.map((p) => `${p.name} (${p.key}): ${p.description}`),
    )}\n\n` +
    table(
      ['event type', 'per call', 'per 1,000', 'free monthly'],
      b.primitives.map((p) => [p.eventType, `$${p.ratePerCallUsd}`, `$${p.ratePer1kUsd}`, p.freeMonthly]),
    ),
  getBilling: (b) =>
    fields([
      ['plan', `${b.plan}${b.meteredEnabled ? ' (overage billed)' : ''}`],
      ['period', `${b.period.start} to ${b.period.end}`],
      ['spent', `$${b.spend.spentUsd.toFixed(2)} (${b.spend.status})`],
      ['hard limit', b.spend.hardLimitUsd === null ? 'none' : `$${b.spend.hardLimitUsd.toFixed(2)}`],
      ['est. charges', `$${b.estimatedUpcomingUsd.toFixed(2)}`],
      [
        'payments',
        b.paymentsConfigured
          ? b.paymentMethod
            ? 'payment method on file'
            : 'no payment method yet (agentdex billing checkout)'
          : 'not configured on this deployment',
      ],
    ]),
  createCheckout: (b) => `Open this page to add a payment method and pay by usage:\n${b.url}`,
  createPortal: (b) => `Open the billing portal:\n${b.url}`,
  listInvoices: (b) =>
    b.invoices.length
      ? table(
          ['invoice', 'period', 'amount due', 'status'],
          b.invoices.map((i) => [i.id, `${i.periodStart} to ${i.periodEnd}`, `$${i.amountDueUsd.toFixed(2)}`, i.status]),
        )
      : 'No invoices yet.',
  startClaim: (b, s) =>
    [
      fields([
        ['claim', b.claimId],
        ['token', s.bold(b.token)],
      ]),
      b.instructions,
    ].join('\n\n'),
  verifyClaim: (b, s) =>
    [
      fields([
        ['product', b.slug],
        ['claim', `${b.claimId} (${b.method})`],
        ['status', b.verified ? s.bold('verified') : 'pending'],
        ['checked', b.checkedAt ?? 'not yet'],
      ]),
      b.detail,
    ].join('\n\n'),
};

function freshnessLine(b: { cached: boolean; freshness: { fetchedAt: string; ageSeconds: number } }): string {
  return `${b.cached ? 'from the cache; ' : ''}pages fetched ${b.freshness.fetchedAt.slice(0, 16).replace('T', ' ')} UTC`;
}

function limits(b: Out<'getLimits'>): string {
  const usd = (n: number | null) => (n === null ? 'none' : `$${n}`);
  return fields([
    ['spend status', b.spendStatus],
    ['spent this period', `$${b.spentUsd}`],
    ['monthly budget', usd(b.monthlyBudgetUsd)],
    ['warning threshold', usd(b.warningThresholdUsd)],
    ['hard limit', usd(b.hardLimitUsd)],
    ['notifications', b.notificationsEnabled ? 'on' : 'off'],
  ]);
}

/** Whether an operation has a rendering of its own (every operation with a tool or a command should). */
export const hasRenderer = (operation: string) => operation in RENDERERS;

/** A short readable rendering of an operation's answer; the JSON itself is always available beside it. */
export function renderText(operation: string, body: unknown, style: TextStyle = plainStyle, view?: string): string {
  const chosen = view ? VIEWS[operation as OperationName]?.[view] : undefined;
  const render = (chosen ?? RENDERERS[operation as OperationName]) as ((b: unknown, s: TextStyle) => string) | undefined;
  return render ? render(body, style) : JSON.stringify(body, null, 2);
}

/** The other renderings a command's view flag chooses (operation.ts, `cli.views`). */
const VIEWS: { [K in OperationName]?: Record<string, (body: Out<K>, s: TextStyle) => string> } = {
  getProfile: {
    tools: (p, s) => (p.mcp ? mcpToolsText(p.mcp, s) : `${p.name} (${p.domain}): no live MCP server was found by its last audit.`),
  },
};
