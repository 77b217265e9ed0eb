/**
 * Builds data/registry-seed.json from the three public data sets (llms-txt-hub, public-apis, the MCP
 * registry seed) plus our hand-curated list, merged by domain. Run by a developer when the sources
 * change: `npm run seed:build -- [path/to/shared/data]`. Nothing at run time reads the sources; the
 * generated seed and data/NOTICE are committed.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decodeHTML } from 'entities';
import { getDomain, getHostname } from 'tldts';
import { CATEGORY_SLUGS, classifyCategories } from '../src/domain/taxonomy';
import type { SeedFile, SeedProduct } from '../src/domain/seed';
import { describeListings, type Listing, siteName } from '../src/domain/seed-listings';

const ROOT = path.resolve(__dirname, '../..');
const sharedData = path.resolve(process.argv[2] ?? path.join(ROOT, '../shared/data'));

/** Hosts that serve other people's projects: a link there names no vendor domain. */
const NON_VENDOR_HOSTS = new Set([
  'github.com',
  'gitlab.com',
  'bitbucket.org',
  'rapidapi.com',
  'npmjs.com',
  'sourceforge.net',
  'medium.com',
  'postman.com',
  'getpostman.com',
  'google.com',
  'docs.google.com',
  'sites.google.com',
  'notion.site',
  'wikipedia.org',
  'twitter.com',
  'x.com',
  'youtube.com',
  'linkedin.com',
  'facebook.com',
  'blogspot.com',
]);

/**
 * Hosts whose subdomains are their customers' API docs (kitsu.docs.apiary.io is Kitsu's, spyse-dev.readme.io
 * Spyse's): a link there names the tenant's own host as the product's domain, not the host's maker.
 */
const TENANT_HOSTS = new Set(['apiary.io', 'readme.io']);

const SDK_IDS = new Set(['javascript', 'python', 'go', 'ruby', 'java', 'php', 'csharp', 'rust', 'swift', 'kotlin', 'dart', 'elixir']);

interface Draft {
  domain: string;
  /** What each source says of the domain: a name and a description per entry. */
  listings: Listing[];
  categoryHints: string[];
  fixedCategories?: string[];
  facts: SeedProduct['facts'];
  sources: Set<string>;
  mcpServers: NonNullable<SeedProduct['mcpServers']>;
  curated: boolean;
}

function registrableDomain(urlOrHost: string): string | undefined {
  const host = getHostname(urlOrHost.includes('://') ? urlOrHost : `https://${urlOrHost}`);
  if (!host || NON_VENDOR_HOSTS.has(host.replace(/^www\./, ''))) return undefined;
  const domain = getDomain(host, { allowPrivateDomains: true });
  if (!domain || NON_VENDOR_HOSTS.has(domain)) return undefined;
  if (TENANT_HOSTS.has(domain.toLowerCase()) && host.toLowerCase() !== domain.toLowerCase()) return host.toLowerCase().replace(/^www\./, '');
  return domain.toLowerCase();
}

const drafts = new Map<string, Draft>();

function draftFor(domain: string): Draft {
  let d = drafts.get(domain);
  if (!d) {
    d = {
      domain,
      listings: [],
      categoryHints: [],
      facts: { api: false, mcp: false, selfServe: false, openapi: false, cli: false, llmsTxt: false, sdkLanguages: [] },
      sources: new Set(),
      mcpServers: [],
      curated: false,
    };
    drafts.set(domain, d);
  }
  return d;
}

/** One line of plain text: HTML entities decoded, line breaks written out as "\r\n" in the source read as spaces, links as their text. */
function clean(text: string): string {
  return decodeHTML(text)
    .replace(/\\[rn]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim();
}

// 1. Hand-curated products: authoritative names, descriptions, categories and facts.
interface Curated {
  name: string;
  domain: string;
  description: string;
  categories: string[];
  api: boolean;
  openapi: boolean;
  cli: boolean;
  mcp: boolean;
  selfServe: boolean;
  llmsTxt: boolean;
  sdkLanguages: string[];
}
const curated = JSON.parse(readFileSync(path.join(ROOT, 'data/sources/curated-products.json'), 'utf8')) as Curated[];
for (const c of curated) {
  const domain = registrableDomain(c.domain) ?? c.domain.toLowerCase();
  const d = draftFor(domain);
  d.curated = true;
  d.listings.unshift({ kind: 'site', name: c.name, description: clean(c.description) });
  d.fixedCategories = c.categories.filter((s) => CATEGORY_SLUGS.has(s));
  d.facts = {
    api: c.api,
    mcp: c.mcp,
    selfServe: c.selfServe,
    openapi: c.openapi,
    cli: c.cli,
    llmsTxt: c.llmsTxt,
    sdkLanguages: c.sdkLanguages.filter((l) => SDK_IDS.has(l)),
  };
  d.sources.add('curated');
}

// 2. llms-txt-hub: the site publishes /llms.txt; its category is a hint.
const HUB_CATEGORY: Record<string, string> = {
  'developer-tools': 'developer-tools',
  'ai-ml': 'ai-models',
  'data-analytics': 'analytics',
  'infrastructure-cloud': 'hosting',
  'security-identity': 'security',
};
const hub = JSON.parse(readFileSync(path.join(sharedData, 'llms-txt-hub/websites.json'), 'utf8')) as Array<{
  name: string;
  domain: string;
  description: string;
  category: string;
}>;
// The hub lists any site with an llms.txt, shops and agencies included; keep the ones that are software.
const SOFTWARE =
  /\b(apis?|sdks?|developers?|dev|platform|software|saas|apps?|cloud|data|ai|agents?|agentic|llms?|models?|code|open[- ]source|tools?|automation|analytics|database|framework|library|integrations?|infrastructure|security|hosting|docs|documentation|workflows?|server|mcp|cli|devops|protocol|engine|blockchain|crypto|payments?|email|runtime|bundler|javascript|typescript|orm|frontend|backend|tooling|npm|node(js)?|python|rust|golang|react|compiler|testing|deploy|serverless|kubernetes|docker|git|ide|editor|terminal|linux|web3|headless|scraping|crawler|vector|embeddings?|auth|oauth|sso|monitoring|observability|logging|cms)\b/i;
for (const h of hub) {
  const domain = registrableDomain(h.domain);
  if (!domain || !h.name?.trim()) continue;
  if (!drafts.has(domain) && !SOFTWARE.test(`${h.name} ${h.description ?? ''}`)) continue;
  const d = draftFor(domain);
  d.listings.push({ kind: 'site', name: siteName(clean(h.name)), description: h.description ? clean(h.description) : '' });
  if (HUB_CATEGORY[h.category]) d.categoryHints.push(HUB_CATEGORY[h.category]);
  d.facts.llmsTxt = true;
  d.sources.add('llms-txt-hub');
}

// 3. public-apis: the product has a public API; auth "No" or "apiKey" in a list of free APIs means a
//    developer can start without a sales conversation.
const PUBLIC_APIS_CATEGORY: Record<string, string> = {
  Animals: 'open-data',
  Anime: 'media-entertainment',
  'Anti-Malware': 'security',
  'Art & Design': 'design',
  'Authentication & Authorization': 'auth',
  Blockchain: 'finance',
  Books: 'open-data',
  Business: 'crm-sales',
  Calendar: 'productivity',
  'Cloud Storage & File Sharing': 'storage-media',
  'Continuous Integration': 'ci-cd',
  Cryptocurrency: 'finance',
  'Currency Exchange': 'finance',
  'Data Validation': 'developer-tools',
  Development: 'developer-tools',
  Dictionaries: 'language',
  'Documents & Productivity': 'productivity',
  Email: 'email',
  Entertainment: 'media-entertainment',
  Environment: 'open-data',
  Events: 'open-data',
  Finance: 'finance',
  'Food & Drink': 'open-data',
  'Games & Comics': 'media-entertainment',
  Geocoding: 'maps-location',
  Government: 'open-data',
  Health: 'open-data',
  Jobs: 'open-data',
  'Machine Learning': 'ai-models',
  Music: 'media-entertainment',
  News: 'open-data',
  'Open Data': 'open-data',
  'Open Source Projects': 'developer-tools',
  Patent: 'open-data',
  Personality: 'media-entertainment',
  Phone: 'messaging',
  Photography: 'storage-media',
  Programming: 'developer-tools',
  'Science & Math': 'open-data',
  Security: 'security',
  Shopping: 'ecommerce',
  Social: 'marketing',
  'Sports & Fitness': 'open-data',
  'Test Data': 'developer-tools',
  'Text Analysis': 'language',
  Tracking: 'ecommerce',
  Transportation: 'open-data',
  'URL Shorteners': 'marketing',
  Vehicle: 'open-data',
  Video: 'storage-media',
  Weather: 'open-data',
};
const readme = readFileSync(path.join(sharedData, 'public-apis/README.md'), 'utf8');
let section: string | undefined;
for (const line of readme.slice(readme.indexOf('## Index')).split('\n')) {
  const heading = /^### (.+)$/.exec(line);
  if (heading) {
    section = heading[1].trim();
    continue;
  }
  const row = /^\|\s*\[([^\]]+)\]\(([^)\s]+)\s*\)\s*\|\s*(.*?)\s*\|\s*`?([A-Za-z]+)`?\s*\|\s*(Yes|No)\s*\|\s*(Yes|No|Unknown)\s*\|/i.exec(line);
  if (!row || !section) continue;
  const [, name, link, description, auth] = row;
  const domain = registrableDomain(link);
  if (!domain) continue;
  const d = draftFor(domain);
  d.listings.push({ kind: 'api', name: clean(name), description: clean(description) });
  if (PUBLIC_APIS_CATEGORY[section]) d.categoryHints.push(PUBLIC_APIS_CATEGORY[section]);
  d.facts.api = true;
  if (!d.curated && (auth === 'No' || auth === 'apiKey')) d.facts.selfServe = true;
  d.sources.add('public-apis');
}

// 4. MCP registry: servers named by GitHub repository. A server belongs to a vendor when the repository
//    owner is that vendor (owner "stripe" → stripe.com); community servers are not vendors' products.
const byLabel = new Map<string, Draft>();
for (const d of drafts.values()) {
  const label = d.domain.split('.')[0];
  if (!byLabel.has(label)) byLabel.set(label, d);
  const compact = (d.listings[0]?.name ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
  if (compact && !byLabel.has(compact)) byLabel.set(compact, d);
}
function ownerCandidates(owner: string): string[] {
  const o = owner.toLowerCase();
  const stripped = o
    .replace(/^(get|use|try)(?=[a-z]{4,})/, '')
    .replace(/[-_]?(hq|inc|labs|lab|dev|ai|io|app|js|community|official|oss|data|database|tech|team|org|api)$/, '');
  // Four characters at least: shorter owner names ("oxy", "exa") match unrelated domains too often.
  return [...new Set([o, stripped, stripped.replace(/[-_]/g, ''), o.replace(/[-_]/g, '')])].filter((s) => s.length >= 4);
}
const mcp = JSON.parse(readFileSync(path.join(sharedData, 'mcp-registry/seed_2025_05_16.json'), 'utf8')) as Array<{
  name: string;
  description: string;
  repository?: { url?: string };
  packages?: Array<{ registry_name: string; name: string }>;
}>;
let attached = 0;
for (const server of mcp) {
  const repo = /github\.com\/([^/]+)\/([^/#?]+)/.exec(server.repository?.url ?? '');
  if (!repo || repo[1].toLowerCase() === 'modelcontextprotocol') continue; // reference servers belong to no vendor
  const vendor = ownerCandidates(repo[1])
    .map((c) => byLabel.get(c))
    .find(Boolean);
  if (!vendor) continue;
  vendor.facts.mcp = true;
  vendor.mcpServers.push({
    name: server.name,
    repository: server.repository!.url!,
    packages: (server.packages ?? []).map((p) => `${p.registry_name}:${p.name}`),
  });
  vendor.sources.add('mcp-registry');
  attached++;
}

// 5. Names, slugs, categories; curated first so well-known products get the plain slugs.
function slugify(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}
// Slugs are public (URLs, badges, the API): a domain keeps the slug the last seed gave it, whatever its name
// becomes, so a rebuild renames no product.
const publishedSlugs = previousSlugs(path.join(ROOT, 'data/registry-seed.json'));
const used = new Set<string>();
const products: SeedProduct[] = [];
const ordered = [...drafts.values()].sort((a, b) => Number(b.curated) - Number(a.curated) || a.domain.localeCompare(b.domain));
for (const d of ordered) {
  const kept = publishedSlugs.get(d.domain);
  if (kept) used.add(kept); // reserved before any new product picks a slug
}
for (const d of ordered) {
  // A curated product's own name and description are authoritative; otherwise they come from one listing.
  const { name, description } = d.curated ? d.listings[0] : describeListings(d.domain, d.listings);
  const label = d.domain.split('.')[0];
  const candidates = [slugify(name), slugify(label), slugify(d.domain)].filter((s) => s.length >= 2);
  const slug = publishedSlugs.get(d.domain) ?? candidates.find((s) => !used.has(s)) ?? `${slugify(d.domain)}-${products.length}`;
  used.add(slug);
  const categories = d.fixedCategories?.length
    ? d.fixedCategories
    : classifyCategories(`${name} ${d.listings.map((l) => l.description).join(' ')}`, mostCommon(d.categoryHints));
  products.push({
    slug,
    name,
    domain: d.domain,
    description,
    categories,
    facts: { ...d.facts, sdkLanguages: [...new Set(d.facts.sdkLanguages)].sort() },
    sources: [...d.sources].sort(),
    ...(d.mcpServers.length ? { mcpServers: d.mcpServers } : {}),
  });
}
products.sort((a, b) => a.slug.localeCompare(b.slug));

function previousSlugs(seedPath: string): Map<string, string> {
  if (!existsSync(seedPath)) return new Map();
  const previous = JSON.parse(readFileSync(seedPath, 'utf8')) as SeedFile;
  return new Map(previous.products.map((p) => [p.domain, p.slug]));
}

function mostCommon(xs: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

const body = { sources: sourceList(), products };
const seed: SeedFile = {
  version: createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16),
  ...body,
};
writeFileSync(path.join(ROOT, 'data/registry-seed.json'), `${JSON.stringify(seed, null, 1)}\n`);
writeFileSync(path.join(ROOT, 'data/NOTICE'), notice() + otherNotices(path.join(ROOT, 'data/NOTICE')));

const perCategory = new Map<string, number>();
for (const p of products) perCategory.set(p.categories[0], (perCategory.get(p.categories[0]) ?? 0) + 1);
console.log(`seed ${seed.version}: ${products.length} products (${curated.length} curated), ${attached} vendor MCP servers attached`);
console.log(
  [...perCategory]
    .sort((a, b) => b[1] - a[1])
    .map(([c, n]) => `${c} ${n}`)
    .join(', '),
);

function sourceList() {
  return ['llms-txt-hub', 'public-apis', 'mcp-registry'].map((dir) => {
    const [repo, commit, date, file] = readFileSync(path.join(sharedData, dir, 'SOURCE'), 'utf8')
      .trim()
      .split(/\s+/);
    return { name: dir, repository: repo, commit, date, file, license: 'MIT' };
  });
}

/** The sections of data/NOTICE that other builders own (from the first line of "=" on): kept as they are. */
function otherNotices(noticePath: string): string {
  if (!existsSync(noticePath)) return '';
  const text = readFileSync(noticePath, 'utf8');
  const at = text.search(/^={20,}$/m);
  return at < 0 ? '' : `\n${text.slice(at)}`;
}

function notice(): string {
  const parts = [
    'Agentdex registry seed (data/registry-seed.json)',
    '',
    'The seed is derived from the following public data sets, each under the MIT licence, and from a list',
    'curated by the Agentdex developers (data/sources/curated-products.json). Facts taken: names, domains,',
    'descriptions, categories, and whether a product publishes llms.txt, has a public API or an MCP server.',
    '',
  ];
  for (const dir of ['llms-txt-hub', 'public-apis', 'mcp-registry']) {
    const [repo, commit, date, file] = readFileSync(path.join(sharedData, dir, 'SOURCE'), 'utf8')
      .trim()
      .split(/\s+/);
    parts.push(
      '-'.repeat(78),
      `${dir}: https://github.com/${repo} (${file} at ${commit}, ${date})`,
      '',
      readFileSync(path.join(sharedData, dir, 'LICENSE'), 'utf8').trim(),
      '',
    );
  }
  return parts.join('\n');
}
