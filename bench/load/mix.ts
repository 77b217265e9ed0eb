/**
 * The load's request mix (issue 16): 70% open reads, 25% metered find-tools and resolve, 5% audits of
 * fixture sites. Each request is drawn independently; the routes within a class are weighted like an
 * agent's session (list and profile reads most, badges and comparisons less).
 */
export type LoadClass = 'read' | 'metered' | 'audit';

export interface LoadRequest {
  cls: LoadClass;
  /** The route, for per-route figures: "GET /v1/profile/{slug}". */
  route: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export interface MixData {
  slugs: string[];
  categories: string[];
  auditDomains: string[];
}

const TASKS = [
  'send transactional email from a Node app',
  'scrape JS-heavy pages',
  'vector search with an MCP server',
  'charge customers a monthly subscription',
  'transcribe sales calls to text',
  'add user login and signup to a Next.js app',
  'geocode addresses and show them on an interactive map',
  'track errors and monitor uptime of our API',
  'web search API for my AI agent',
  'store files in the cloud with signed URLs',
];

const QUERIES = ['email', 'payments', 'vector database', 'auth', 'monitoring', 'web scraping', 'maps', 'speech to text', 'sms', 'feature flags'];

type Make = (d: MixData) => Omit<LoadRequest, 'cls'>;

const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)];

const READS: Array<[number, Make]> = [
  [20, (d) => ({ route: 'GET /v1/registry', method: 'GET', path: `/v1/registry?limit=20&category=${pick(d.categories)}` })],
  [25, (d) => ({ route: 'GET /v1/profile/{slug}', method: 'GET', path: `/v1/profile/${pick(d.slugs)}` })],
  [5, () => ({ route: 'GET /v1/categories', method: 'GET', path: '/v1/categories' })],
  [10, (d) => ({ route: 'GET /v1/categories/{slug}', method: 'GET', path: `/v1/categories/${pick(d.categories)}` })],
  [20, () => ({ route: 'POST /v1/search', method: 'POST', path: '/v1/search', body: { query: pick(QUERIES), limit: 10 } })],
  [10, (d) => ({ route: 'POST /v1/compare', method: 'POST', path: '/v1/compare', body: { slugs: twoSlugs(d.slugs) } })],
  [10, (d) => ({ route: 'GET /badge/{slug}.svg', method: 'GET', path: `/badge/${pick(d.slugs)}.svg` })],
];

const METERED: Array<[number, Make]> = [
  [50, () => ({ route: 'POST /v1/find-tools', method: 'POST', path: '/v1/find-tools', body: { task: pick(TASKS) } })],
  [50, () => ({ route: 'POST /v1/resolve', method: 'POST', path: '/v1/resolve', body: { task: pick(TASKS) } })],
];

const AUDITS: Array<[number, Make]> = [[1, (d) => ({ route: 'GET /v1/audit', method: 'GET', path: `/v1/audit?domain=${pick(d.auditDomains)}` })]];

const CLASSES: Array<[number, [LoadClass, Array<[number, Make]>]]> = [
  [70, ['read', READS]],
  [25, ['metered', METERED]],
  [5, ['audit', AUDITS]],
];

export function drawRequest(d: MixData): LoadRequest {
  const [cls, routes] = weighted(CLASSES);
  return { cls, ...weighted(routes)(d) };
}

function weighted<T>(items: Array<[number, T]>): T {
  let r = Math.random() * items.reduce((sum, [w]) => sum + w, 0);
  for (const [w, item] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items[items.length - 1][1];
}

function twoSlugs(slugs: string[]): string[] {
  const a = pick(slugs);
  let b = pick(slugs);
  while (b === a) b = pick(slugs);
  return [a, b];
}
