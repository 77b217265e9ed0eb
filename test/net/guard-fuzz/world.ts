import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { gatherSite } from '../../../activities/audit/gather-site';
import { createRenderer, type Renderer } from '../../../activities/audit/render';
import { probeMcpEndpoint } from '../../../activities/audit/mcp-probe';
import { crawlCompanySite } from '../../../activities/company/crawl';
import { type AttemptOutcome, webhookActivities } from '../../../activities/webhooks';
import { parseAuditTarget } from '../../../src/domain/audit-target';
import { parseHostLiteral } from '../../../src/net/address-policy';
import { OutboundError } from '../../../src/net/errors';
import { createOutbound, type Outbound } from '../../../src/net/outbound';
import { parseAllowlistSetting, parseHostMapSetting } from '../../../src/net/settings';
import { discoverCandidates } from '../../../src/services/discovery';
import { gatherHowToSources } from '../../../src/services/how-to-sources';
import { createSecretBox, newSigningSecret } from '../../../src/services/webhook-secrets';
import { systemClock } from '../../../src/runtime/clock';
import type { Db } from '../../../src/store/db';
import { insertTestEvent } from '../../../src/store/product-events';
import { insertEndpoint, insertTestDelivery } from '../../../src/store/webhooks';
import { startDns, type DnsRecords, type TestDns } from '../support';
import { startCanary, type Canary } from './canary';
import { startHostileSite, type HostileSite } from './hostile-site';
import type { NotationContext } from './notations';
import { REAL_TIME_MARGIN_MS } from '../../support/eventually';

/**
 * Everything a guard-fuzz run needs: the canary, a real DNS server on loopback (the guard's resolver), the hostile
 * fixture site, the outbound layer configured as OUTBOUND_HOST_MAP / OUTBOUND_ALLOWLIST configure it (the
 * hostile names allowed, the canary not), and one driver per entry point that fetches.
 */
export const PUBLIC_DECOY = '93.184.216.34'; // only ever offered mixed with loopback, or to a preflight (never connects)
const HOSTILE = ['hostile.test', 'www.hostile.test', 'docs.hostile.test'];

export interface FuzzWorld {
  canary: Canary;
  dns: TestDns;
  site: HostileSite;
  ctx: NotationContext;
  /** Where each DNS/host-mapped name's connect-time answer lands (for the unguarded control). */
  nameAddress: Map<string, string>;
  outbound(): Outbound;
  /** A fresh outbound layer as the worker builds it for webhook deliveries (workers/deps.ts): same host map and
   *  allowlist, robots off, no redirects, no one-request-per-host. */
  webhookOutbound(): Outbound;
  /** A fresh name whose first answer (A and AAAA) is public and every later one `later(n)`. */
  rebindingName(later: (n: number) => { A: string[]; AAAA: string[] }): string;
  renderer?: Renderer;
  close(): Promise<void>;
}

export async function startFuzzWorld(o: { chromiumPath?: string } = {}): Promise<FuzzWorld> {
  const canary = await startCanary();
  const site = await startHostileSite();
  const ipv6 = canary.addresses.includes('::1');
  const records: DnsRecords = {
    localhost: { A: ['127.0.0.1'], AAAA: ipv6 ? ['::1'] : [] },
    'api.localhost': { A: ['127.0.0.1'] },
    'fuzz.test': { A: ['127.0.0.1'] },
    'loop.fuzz.test': { A: ['127.0.0.1'] },
    'mapped.fuzz.test': { AAAA: ['::ffff:127.0.0.1'] },
    'zero.fuzz.test': { A: ['0.0.0.0'] },
    'mixed.fuzz.test': { A: ['127.0.0.1', PUBLIC_DECOY] },
    // Answers that change between lookups: loopback alone, then loopback hidden among public addresses.
    'flap.fuzz.test': (type, n) => (type === 'A' ? (n % 2 ? ['127.0.0.1', PUBLIC_DECOY] : ['127.0.0.1']) : n % 3 ? [] : ['::ffff:127.0.0.1']),
    ...(ipv6 ? { 'six.fuzz.test': { AAAA: ['::1'] } } : {}),
  };
  const dns = await startDns(records);
  const nameAddress = new Map<string, string>([
    ['localhost', '127.0.0.1'],
    ['api.localhost', '127.0.0.1'],
    ['fuzz.test', '127.0.0.1'],
    ['loop.fuzz.test', '127.0.0.1'],
    ['mapped.fuzz.test', '::ffff:127.0.0.1'],
    ['zero.fuzz.test', '0.0.0.0'],
    ['mixed.fuzz.test', '127.0.0.1'],
    ['flap.fuzz.test', '127.0.0.1'],
    ['trap.test', '127.0.0.1'],
    ...(ipv6
      ? ([
          ['six.fuzz.test', '::1'],
          ['trap6.test', '::1'],
        ] as const)
      : []),
  ]);
  // The production settings format, parsed by the production parsers.
  const hostMap = parseHostMapSetting(
    [
      ...HOSTILE.map((h) => `${h}=127.0.0.1:${site.port}`),
      `trap.test=127.0.0.1:${canary.port}`, // host-mapped to the canary, not allowlisted
      ...(ipv6 ? [`trap6.test=[::1]:${canary.port}`] : []),
    ].join(','),
  );
  const allowlist = parseAllowlistSetting(HOSTILE.join(','));
  let rebinds = 0;
  const outbound = () => createOutbound({ hostMap, allowlist, resolve: dns.resolver, timeoutMs: 2000 });
  // The browser fetches through whichever outbound instance the current run uses.
  let current = outbound();
  const renderer = o.chromiumPath ? createRenderer(o.chromiumPath, (input, init) => current.webFetchWith({ robots: true })(input, init)) : undefined;
  return {
    canary,
    dns,
    site,
    ctx: {
      port: canary.port,
      ipv6,
      loopbackNames: [...nameAddress.keys()].filter((n) => !n.startsWith('trap')),
      hostMappedNames: [...nameAddress.keys()].filter((n) => n.startsWith('trap')),
      allowedHost: HOSTILE[0],
    },
    nameAddress,
    outbound: () => {
      current = outbound();
      return current;
    },
    webhookOutbound: () => createOutbound({ hostMap, allowlist, resolve: dns.resolver, timeoutMs: 2000, robots: false, maxRedirects: 0, onePerHost: false }),
    rebindingName(later) {
      const name = `rebind-${++rebinds}.fuzz.test`;
      records[name] = (type, n) => (n === 1 ? (type === 'A' ? [PUBLIC_DECOY] : []) : later(n)[type]);
      nameAddress.set(name, later(2).A[0] ?? later(2).AAAA[0]);
      return name;
    },
    renderer,
    close: async () => {
      await renderer?.close();
      await Promise.all([canary.close(), site.close(), dns.close()]);
    },
  };
}

/** What a driver saw: requests made, refusals by the guard, and anything that unexpectedly succeeded. */
export interface DriveStats {
  attempts: number;
  blocked: number;
  /** Requests the hostile (allowed) site served during the drive: proof the entry point ran at all. */
  fixtureRequests: number;
}

const blockedIn = (text: string) => (text.match(/blocked: points at a non-public address|BLOCKED_ADDRESS|is not a public internet host/g) ?? []).length;

async function tally(world: FuzzWorld, work: (s: DriveStats) => Promise<void>): Promise<DriveStats> {
  const before = world.site.requests();
  const stats: DriveStats = { attempts: 0, blocked: 0, fixtureRequests: 0 };
  await work(stats);
  stats.fixtureRequests = world.site.requests() - before;
  return stats;
}

async function attempt(stats: DriveStats, work: () => Promise<unknown>): Promise<void> {
  stats.attempts += 1;
  try {
    await work();
  } catch (err) {
    if (err instanceof OutboundError && err.code === 'BLOCKED_ADDRESS') stats.blocked += 1;
  }
}

const AUDIT = { requestTimeoutMs: 2000, auditTimeoutMs: 20_000 };

/** The outbound layer itself: fetch, WHATWG webFetch, fetchSite and preflight, directly and via redirect chains. */
export function driveOutbound(world: FuzzWorld, urls: string[], sites: string[]): Promise<DriveStats> {
  return tally(world, async (s) => {
    const outbound = world.outbound();
    world.site.setPayload(urls);
    for (const [i, url] of urls.entries()) {
      await attempt(s, () => outbound.fetch(url));
      await attempt(s, () => outbound.fetch(url, { method: 'POST', body: 'x', robots: false }));
      await attempt(s, () => outbound.webFetch(url));
      await attempt(s, () => outbound.fetch(`http://${world.ctx.allowedHost}/hop/${i % 5}?i=${i}`));
      await attempt(s, () => outbound.webFetch(`http://docs.hostile.test/hop/${(i + 2) % 5}?i=${i}`));
    }
    for (const site of sites) {
      await attempt(s, () => outbound.preflight(site.replace(/:\d+$/, '')));
      await attempt(s, () => outbound.fetchSite(site, '/'));
    }
  });
}

/** The readiness audit's gatherer, on the hostile site (links, llms.txt, sitemaps, redirects) and on canary hosts. */
export function driveAudit(world: FuzzWorld, urls: string[], sites: string[]): Promise<DriveStats> {
  return tally(world, async (s) => {
    const outbound = world.outbound();
    world.site.setPayload(urls);
    const g = await gatherSite(outbound, world.ctx.allowedHost, AUDIT);
    s.attempts += 1;
    s.blocked += blockedIn(JSON.stringify(g));
    for (const site of sites) {
      // As GET /v1/audit does it: the target parsed, preflighted (a refusal there is a 400), then, should the
      // preflight have let it through, gathered by the worker; here gathered regardless, to test the worker's guard.
      const target = parseAuditTarget(site);
      if (target.kind === 'host') await attempt(s, () => outbound.preflight(target.host));
      const gathering = await gatherSite(outbound, site, AUDIT);
      s.attempts += 1;
      s.blocked += blockedIn(JSON.stringify(gathering));
    }
  });
}

/**
 * The MCP probe's verified call (issue 38), against the hostile MCP server: its tool's schemas and values
 * name canary URLs and its tools/call answers with redirects to the canary. The handshake and list must
 * reach the allowed site; nothing must reach the canary.
 */
export function driveMcpCall(world: FuzzWorld, urls: string[]): Promise<DriveStats> {
  return tally(world, async (s) => {
    const outbound = world.outbound();
    world.site.setPayload(urls);
    const probe = await probeMcpEndpoint(`http://${world.ctx.allowedHost}/mcp-server`, outbound.webFetch, 5000, systemClock, { verify: true });
    s.attempts += 1;
    // The call must have been made (to its one read-only tool) and must have failed: its only answer is a redirect to the canary.
    if (probe.outcome !== 'ok' || probe.verifiedCall?.tool !== 'lookup' || probe.verifiedCall.outcome !== 'protocol-error')
      throw new Error(`the hostile MCP server's call did not run into the guard: ${JSON.stringify(probe.verifiedCall ?? probe).slice(0, 300)}`);
    s.blocked += blockedIn(JSON.stringify(probe.verifiedCall));
  });
}

/** The company research crawl (homepage, chosen pages, sitemap from robots.txt), on the hostile site and canary hosts. */
export function driveResearch(world: FuzzWorld, db: Db, urls: string[], sites: string[]): Promise<DriveStats> {
  return tally(world, async (s) => {
    const outbound = world.outbound();
    world.site.setPayload(urls);
    for (const domain of [world.ctx.allowedHost, ...sites]) {
      const r = await crawlCompanySite(db, outbound, domain, { requestTimeoutMs: 2000, crawlTimeoutMs: 20_000, maxPages: 12 });
      s.attempts += 1 + r.pages.length + r.skipped.length;
      s.blocked += blockedIn(JSON.stringify(r));
    }
  });
}

/** How-to sources: llms.txt and its same-site links (which redirect to the canary), package registry lookups. */
export function driveHowTo(world: FuzzWorld, urls: string[], sites: string[]): Promise<DriveStats> {
  return tally(world, async (s) => {
    const outbound = world.outbound();
    world.site.setPayload(urls);
    const tool = (domain: string, i: number) => ({ slug: `t${i}`, name: `t${i}`, domain, readiness: 50, matched: [], capScore: 1, reason: '' });
    const tools = [world.ctx.allowedHost, 'docs.hostile.test', ...sites].map(tool);
    const r = await gatherHowToSources(outbound, { packageRegistryUrl: 'http://hostile.test/npm' }, tools, 'send email from node');
    s.attempts += r.docs.length + r.failed;
    s.blocked += r.failed; // failures are swallowed by design; the canary count is the verdict
  });
}

/** Live discovery (MCP registry and search answers full of canary URLs, behind redirects too), then the audit
 *  of each candidate as the resolve workflow would run it. */
export function driveDiscovery(world: FuzzWorld, db: Db, urls: string[]): Promise<DriveStats> {
  return tally(world, async (s) => {
    const outbound = world.outbound();
    world.site.setPayload(urls);
    const sources = { mcpRegistryUrl: 'http://hostile.test/registry', searchProviderUrl: 'http://hostile.test/searx', maxAudits: 5 };
    const found = await discoverCandidates({ db, outbound, sources }, { task: 'send transactional email' });
    // The same sources behind a redirect chain that ends at the canary.
    const redirected = await discoverCandidates({ db, outbound, sources: { ...sources, mcpRegistryUrl: 'http://hostile.test/hop/3?i=0' } }, { task: 'email' });
    s.attempts += 2 + found.errors.length + redirected.errors.length;
    s.blocked += blockedIn(JSON.stringify(redirected.errors));
    for (const c of found.candidates) {
      await attempt(s, () => outbound.preflight(c.domain));
      s.blocked += blockedIn(JSON.stringify(await gatherSite(outbound, c.domain, AUDIT)));
    }
  });
}

const WEBHOOK_POLICY = { firstDelayMs: 10, maxDelayMs: 10, windowMs: 60_000 };

interface Delivered {
  outcome: AttemptOutcome;
  /** The attempt's recorded status code and error (webhook_attempts), and the delivery's state after it. */
  statusCode: number | null;
  error: string | null;
  status: string;
  lastError: string | null;
}

/**
 * The worker's delivery round (activities/webhooks/index.ts) on the real store: a workspace of its own, and per URL
 * an endpoint row (its secret sealed under a random key), a `webhook.test` event and a delivery, then one
 * `attemptDeliveries` round through the worker's webhook outbound. The workspace (and its rows) is removed afterwards.
 */
async function withWebhookRig(world: FuzzWorld, db: Db, work: (deliver: (url: string) => Promise<Delivered>) => Promise<void>): Promise<void> {
  const key = randomBytes(32);
  const box = createSecretBox(key);
  const [{ id: workspaceId }] = await db('workspaces')
    .insert({ name: `guard-fuzz-webhooks-${randomBytes(6).toString('hex')}` })
    .returning('id');
  const activities = webhookActivities({
    db,
    outbound: world.webhookOutbound(),
    webhooks: { secretsKey: key, retry: WEBHOOK_POLICY, timeoutMs: 2000, watchReauditHours: 24 },
    publicBaseUrl: 'http://agentdex.test',
  });
  const deliver = async (url: string): Promise<Delivered> => {
    const endpoint = await insertEndpoint(db, workspaceId, { url, events: null, secretCiphertext: box.seal(newSigningSecret()) }, 1000);
    if (endpoint === 'limit-reached') throw new Error('the fuzz workspace hit its endpoint limit');
    const eventId = await insertTestEvent(db, workspaceId, { fuzz: true });
    const { id, run } = await insertTestDelivery(db, workspaceId, endpoint.id, eventId);
    const round = await activities.attemptDeliveries({
      deliveries: [{ id, run }],
      attempt: 1,
      firstAttemptAt: Date.now(),
      policy: WEBHOOK_POLICY,
      random: 0.5,
    });
    const attempt = await db('webhook_attempts').where({ delivery_id: id, run, attempt: 1 }).first();
    const row = await db('webhook_deliveries').where({ id }).first();
    return {
      outcome: round.outcomes[id],
      statusCode: attempt?.status_code ?? null,
      error: attempt?.error ?? null,
      status: row?.status ?? 'missing',
      lastError: row?.last_error ?? null,
    };
  };
  try {
    await work(deliver);
  } finally {
    await db('workspaces').where({ id: workspaceId }).delete();
  }
}

const show = (d: Delivered) => JSON.stringify(d).slice(0, 300);

/**
 * Webhook endpoints whose URLs are canary notations (issue 39). At creation, the API's check (`checkUrl` in
 * src/services/webhooks.ts) preflights `url.host` on the API's outbound and refuses on BLOCKED_ADDRESS or
 * BAD_URL (any other error lets the URL through): each must be refused so. Were such an endpoint stored anyway,
 * the worker's delivery must be refused by the guard: a `retry` with the error recorded. A delivery to the allowed
 * fixture receiver, signed, must be delivered (the path really ran and reached allowed hosts).
 */
export function driveWebhookDelivery(world: FuzzWorld, db: Db, urls: string[]): Promise<DriveStats> {
  return tally(world, async (s) => {
    const api = world.outbound();
    for (const url of urls) {
      s.attempts += 1;
      const refusal = await api.preflight(new URL(url).host).then(
        () => undefined,
        (err: unknown) => err,
      );
      if (!(refusal instanceof OutboundError && (refusal.code === 'BLOCKED_ADDRESS' || refusal.code === 'BAD_URL')))
        throw new Error(`endpoint creation would accept ${JSON.stringify(url)}: its preflight ${refusal ? `failed otherwise: ${String(refusal)}` : 'passed'}`);
    }
    await withWebhookRig(world, db, async (deliver) => {
      const posts = world.site.webhookPosts();
      const control = await deliver(`http://${world.ctx.allowedHost}/webhook`);
      s.attempts += 1;
      if (control.outcome !== 'delivered' || control.status !== 'delivered' || world.site.webhookPosts() - posts !== 1)
        throw new Error(`the signed delivery to the allowed receiver did not arrive: ${show(control)}`);
      for (const url of urls) {
        const d = await deliver(url);
        s.attempts += 1;
        if (d.outcome !== 'retry' || !d.error || d.status !== 'pending' || d.lastError !== d.error)
          throw new Error(`the delivery to ${JSON.stringify(url)} was not refused and retried: ${show(d)}`);
        s.blocked += blockedIn(d.error);
      }
    });
  });
}

/**
 * An allowed receiver that answers every delivery with a 307 or 308 (method and body kept) to a canary URL,
 * absolute or protocol-relative: the worker must not follow (`followRedirects: false`, `maxRedirects: 0`). Each
 * delivery is one signed POST to the receiver, then a `retry` whose error names the redirect.
 */
export function driveWebhookRedirect(world: FuzzWorld, db: Db, urls: string[]): Promise<DriveStats> {
  return tally(world, async (s) => {
    world.site.setPayload(urls);
    await withWebhookRig(world, db, async (deliver) => {
      for (const i of urls.keys()) {
        const posts = world.site.webhookPosts();
        const requests = world.site.requests();
        const d = await deliver(`http://${world.ctx.allowedHost}/webhook/redirect?i=${i}`);
        s.attempts += 1;
        if (world.site.webhookPosts() - posts !== 1 || world.site.requests() - requests !== 1)
          throw new Error(`the delivery was not exactly one signed POST to the receiver: ${show(d)}`);
        const code = d.statusCode;
        if (d.outcome !== 'retry' || (code !== 307 && code !== 308) || !d.error?.includes('redirects are not followed') || d.status !== 'pending')
          throw new Error(`the receiver's redirect to ${JSON.stringify(urls[i])} was not answered as a failed attempt: ${show(d)}`);
      }
    });
  });
}

/** The headless browser (the audit's render activity): a script-only page whose every resource is a canary URL. */
export function driveBrowser(world: FuzzWorld, urls: string[]): Promise<DriveStats> {
  return tally(world, async (s) => {
    if (!world.renderer) throw new Error('no Chromium: the browser entry point cannot be driven');
    world.outbound();
    world.site.setPayload(urls);
    s.attempts += 1;
    await world.renderer.render('http://hostile.test/shell', 8000).catch(() => undefined);
  });
}

/** Control: an unguarded client (the URL parser, the name table, a plain TCP connect) reaches the canary, which
 *  heard this very socket. */
export async function unguardedConnect(world: FuzzWorld, raw: string): Promise<boolean> {
  const url = new URL(raw);
  const literal = parseHostLiteral(url.hostname);
  const address = literal.kind === 'ipv4' || literal.kind === 'ipv6' ? literal.ip : literal.kind === 'name' ? world.nameAddress.get(literal.name) : undefined;
  if (!address) return false;
  return new Promise((resolve) => {
    const socket = net.connect({ host: address, port: Number(url.port) || 80 }, () => {
      const local = socket.localPort;
      socket.destroy();
      // The server's connection event can trail the client's connect by a tick or two, and by far more on a busy
      // machine. real time: only a URL that misses the canary waits the whole margin, and the control expects none.
      const started = Date.now();
      const poll = () => {
        if (local !== undefined && world.canary.heardFrom(local)) resolve(true);
        else if (Date.now() - started > REAL_TIME_MARGIN_MS) resolve(false);
        else setTimeout(poll, 1);
      };
      poll();
    });
    socket.on('error', () => resolve(false));
  });
}
