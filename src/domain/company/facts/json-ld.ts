/** What the company's JSON-LD states about it: the most trusted source of name, description, founding and address. */
import type { CheerioAPI } from 'cheerio';
import { jsonLdNodes } from '../../audit/parse/homepage';
import { plausibleYear } from './founded';
import type { Parsed } from './pages';
import { squash } from './text';

/** What JSON-LD says about the company, field by field. */
interface OrgFacts {
  name?: string;
  description?: string;
  founded?: number;
  headquarters?: string;
}

type Json = Record<string, unknown>;

const ORG_TYPE = /^(Organization|Corporation|LocalBusiness|OnlineBusiness|ProfessionalService|NGO)$/;
// Properties by which an application, product or site names the organization behind it.
const ORG_PROPERTIES = ['publisher', 'provider', 'author', 'creator', 'manufacturer', 'producer', 'brand'];

/** Fields of the company's Organization nodes, first stated wins; nodes naming another organization are ignored. */
export function organizationFacts(parsed: Parsed[], latestYear: number): OrgFacts {
  const orgs = parsed.flatMap((p) => (p.$ ? organizationNodes(p.$) : []));
  const first = orgs[0];
  if (!first) return {};
  const firstName = str(first.name);
  const same = orgs.filter((o) => !firstName || !str(o.name) || str(o.name)!.toLowerCase() === firstName.toLowerCase());
  const pick = <T>(read: (o: Json) => T | undefined) => same.map(read).find((v) => v !== undefined);
  return {
    name: pick((o) => str(o.name) ?? str(o.legalName)),
    description: pick((o) => str(o.description)),
    founded: pick((o) => plausibleYear(String(o.foundingDate ?? '').match(/^\s*(\d{4})/)?.[1], latestYear)),
    headquarters: pick((o) => postalAddress(o)),
  };
}

/** Organization nodes on one page: those typed so first, then those an application or site names as its publisher. */
function organizationNodes($: CheerioAPI): Json[] {
  const nodes = $('script[type="application/ld+json"]')
    .toArray()
    .flatMap((el) => jsonLdNodes($(el).text()));
  const byId = new Map(nodes.filter((n) => typeof n['@id'] === 'string').map((n) => [n['@id'] as string, n]));
  const resolve = (v: unknown): Json | undefined => {
    const n = first(v);
    if (!n || typeof n !== 'object') return undefined;
    const ref = (n as Json)['@id'];
    return typeof ref === 'string' && byId.has(ref) ? byId.get(ref) : (n as Json);
  };
  const direct = nodes.filter(isOrganization);
  const named = nodes.flatMap((n) => ORG_PROPERTIES.map((p) => resolve(n[p]))).filter((n): n is Json => !!n && isOrganization(n));
  return [...direct, ...named];
}

function isOrganization(node: Json): boolean {
  return types(node).some((t) => ORG_TYPE.test(t));
}

/**
 * "City, Country" from a PostalAddress (or a Place's). Of several addresses the one labelled headquarters wins, else
 * the first: sites list their head office first. A free-text address is not split up (that would be guessing).
 */
function postalAddress(org: Json): string | undefined {
  const candidates = [...list(org.address), ...list(org.location).flatMap((l) => (l && typeof l === 'object' ? list((l as Json).address) : []))].filter(
    (a): a is Json => !!a && typeof a === 'object',
  );
  const hq = candidates.find((a) => /head ?quarters|\bHQ\b|hauptsitz|siège/i.test(`${str(a.name) ?? ''} ${str(a.description) ?? ''}`));
  for (const a of hq ? [hq, ...candidates] : candidates) {
    const city = str(a.addressLocality);
    const country = countryName(a.addressCountry);
    if (city || country) return [city, country].filter(Boolean).join(', ');
  }
  return undefined;
}

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/** "DE" is Germany; a Country node gives its name; a longer string is already a name. */
function countryName(v: unknown): string | undefined {
  const raw = v && typeof v === 'object' ? str((v as Json).name) : str(v);
  if (!raw || !/^[A-Za-z]{2}$/.test(raw)) return raw;
  try {
    return REGION_NAMES.of(raw.toUpperCase()) ?? raw;
  } catch {
    return raw;
  }
}

export function websiteName(parsed: Parsed[]): string | undefined {
  for (const p of parsed) {
    if (!p.$) continue;
    const $ = p.$;
    const site = $('script[type="application/ld+json"]')
      .toArray()
      .flatMap((el) => jsonLdNodes($(el).text()))
      .find((n) => types(n).includes('WebSite') && str(n.name));
    if (site) return str(site.name);
  }
  return undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? squash(v) : undefined;
}

function list(v: unknown): unknown[] {
  return v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
}

function first(v: unknown): unknown {
  return Array.isArray(v) ? v[0] : v;
}

function types(node: Json): string[] {
  return list(node['@type']).map(String);
}
