/** Company facts from its pages; each source (JSON-LD, meta tags, prose) and each fact read from prose has its file in facts/. */
import { brandsOf, productsOf } from './facts/products';
import { foundedYear } from './facts/founded';
import { headquartersOf } from './facts/headquarters';
import { organizationFacts, websiteName } from './facts/json-ld';
import { metaFacts } from './facts/meta-tags';
import { byTrust, latestPlausibleYear, parse } from './facts/pages';
import { clipSentences, firstParagraph, taglineOf } from './facts/summary';
import type { CompanyFacts, CompanyPage } from './types';

/**
 * Facts about a company from its pages, most trusted source first: JSON-LD the company published about itself,
 * then its meta and OpenGraph tags, then the prose of its about page and homepage. What no page states is left out.
 */
export function extractCompanyFacts(pages: CompanyPage[]): CompanyFacts {
  const parsed = byTrust(pages).map(parse);
  const home = parsed.find((p) => p.page.kind === 'home');
  const about = parsed.find((p) => p.page.kind === 'about');
  const latestYear = latestPlausibleYear(pages);
  const org = organizationFacts(parsed, latestYear);
  const meta = home?.$ ? metaFacts(home.$) : {};
  const prose = parsed.filter((p) => p.page.kind === 'about' || p.page.kind === 'home');
  const legal = parsed.filter((p) => p.page.kind === 'legal');

  const name = org.name ?? meta.siteName ?? websiteName(parsed);
  // The about page's first paragraph is the last resort: it describes the company too, if less sharply than the homepage.
  const paragraph = (home && firstParagraph(home)) ?? (about && firstParagraph(about));
  const facts: CompanyFacts = { summary: clipSentences(org.description ?? meta.description ?? paragraph ?? '') };
  if (name) facts.name = name;
  const tagline = home?.$ ? taglineOf(home.$, meta.ogTitle, name) : undefined;
  if (tagline) facts.tagline = tagline;
  const brands = brandsOf(name, pages, prose);
  const products = productsOf(prose, brands);
  if (products.length > 0) facts.products = products;
  const founded = org.founded ?? foundedYear(prose, latestYear, brands);
  if (founded !== undefined) facts.founded = founded;
  const headquarters = org.headquarters ?? headquartersOf(prose, legal);
  if (headquarters) facts.headquarters = headquarters;
  return facts;
}
