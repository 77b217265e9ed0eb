import assert from 'node:assert/strict';
import { pageText } from '../../src/domain/audit/parse/text';
import { extractCompanyFacts } from '../../src/domain/company/facts';
import { choosePages, kindOf } from '../../src/domain/company/page-kinds';
import type { CompanyFacts, CompanyPage, PageKind } from '../../src/domain/company/types';

const ORIGIN = 'https://acme.test/';

/** A stored page as the crawler would keep it: text is derived from the HTML the same way the crawler does. */
function page(kind: PageKind, body: string, head = '', path = kind === 'home' ? '/' : `/${kind}`): CompanyPage {
  const html = `<!doctype html><html><head><title>Acme</title>${head}</head><body>${body}</body></html>`;
  const url = new URL(path, ORIGIN).toString();
  return { url, finalUrl: url, kind, title: 'Acme', text: pageText(html, 'text/html'), html, contentType: 'text/html', fetchedAt: '2025-06-01T00:00:00Z' };
}

function jsonLd(doc: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(doc)}</script>`;
}

const meta = (name: string, content: string) => `<meta name="${name}" content="${content}">`;
const og = (property: string, content: string) => `<meta property="og:${property}" content="${content}">`;
const PROSE = '<p>Acme builds the payment rails that software agents use to buy things on behalf of people and teams.</p>';

type Expected = Partial<CompanyFacts> & { absent?: Array<keyof CompanyFacts> };

describe('company facts', () => {
  const cases: Array<[string, CompanyPage[], Expected]> = [
    [
      'JSON-LD Organization: name, description, founding date and postal address with an ISO country code',
      [
        page(
          'home',
          '<h1>Payments for agents</h1>',
          jsonLd({
            '@context': 'https://schema.org',
            '@type': 'Organization',
            name: 'Acme Inc.',
            description: 'Acme builds payment rails for AI agents. It serves 4,000 companies. It was founded by two engineers.',
            foundingDate: '2014-03-01',
            address: { '@type': 'PostalAddress', streetAddress: 'Torstraße 1', addressLocality: 'Berlin', addressCountry: 'DE' },
          }) + meta('description', 'A different, less trusted description.'),
        ),
      ],
      {
        name: 'Acme Inc.',
        summary: 'Acme builds payment rails for AI agents. It serves 4,000 companies.',
        founded: 2014,
        headquarters: 'Berlin, Germany',
        tagline: 'Payments for agents',
      },
    ],
    [
      'JSON-LD @graph: a SoftwareApplication whose publisher is an Organization referenced by @id, country as a Country node',
      [
        page(
          'home',
          PROSE,
          jsonLd({
            '@context': 'https://schema.org',
            '@graph': [
              { '@type': 'SoftwareApplication', name: 'Acme App', publisher: { '@id': '#org' } },
              {
                '@id': '#org',
                '@type': 'Corporation',
                name: 'Acme SAS',
                foundingDate: 2012,
                address: { addressLocality: 'Lyon', addressCountry: { '@type': 'Country', name: 'France' } },
              },
            ],
          }),
        ),
      ],
      { name: 'Acme SAS', founded: 2012, headquarters: 'Lyon, France' },
    ],
    [
      'several JSON-LD addresses: the one labelled headquarters wins over the first',
      [
        page(
          'about',
          '',
          jsonLd({
            '@type': 'Organization',
            name: 'Acme',
            address: [
              { '@type': 'PostalAddress', name: 'Sales office', addressLocality: 'London', addressCountry: 'GB' },
              { '@type': 'PostalAddress', name: 'Headquarters', addressLocality: 'Austin', addressCountry: 'US' },
            ],
          }),
        ),
      ],
      { name: 'Acme', headquarters: 'Austin, United States' },
    ],
    [
      'several unlabelled JSON-LD addresses: the first is kept, a free-text address is not split',
      [
        page(
          'home',
          PROSE,
          jsonLd({
            '@type': 'Organization',
            name: 'Acme',
            address: ['1 Main St, Springfield', { addressLocality: 'Toronto', addressCountry: 'CA' }, { addressLocality: 'Paris', addressCountry: 'FR' }],
          }),
        ),
      ],
      { headquarters: 'Toronto, Canada' },
    ],
    [
      'no JSON-LD: meta description, og:site_name, and the tagline cut from og:title',
      [page('home', PROSE, meta('description', 'Acme runs payments for agents.') + og('site_name', 'Acme') + og('title', 'Acme | Payments for agents'))],
      { name: 'Acme', summary: 'Acme runs payments for agents.', tagline: 'Payments for agents', absent: ['founded', 'headquarters', 'products'] },
    ],
    [
      'og:description stands in for a missing meta description',
      [page('home', PROSE, og('description', 'Ledgers for agents. Built for scale. Trusted by many.'))],
      { summary: 'Ledgers for agents. Built for scale.' },
    ],
    [
      'facts only in prose: founded by named people, headquarters with state, offices elsewhere ignored',
      [
        page('home', PROSE),
        page(
          'about',
          '<h1>About us</h1><p>Acme was founded by Jane Doe and John Roe in 2016. We are headquartered in San Francisco, CA, with offices in London and Berlin.</p>',
        ),
      ],
      {
        founded: 2016,
        headquarters: 'San Francisco, CA',
        summary: 'Acme builds the payment rails that software agents use to buy things on behalf of people and teams.',
      },
    ],
    [
      'German about page: "wurde 2015 gegründet" and "Sitz in"',
      [page('about', '<h2>Über uns</h2><p>Die Acme GmbH wurde 2015 gegründet und hat ihren Sitz in Frankfurt am Main, Deutschland.</p>', '', '/ueber-uns')],
      { founded: 2015, headquarters: 'Frankfurt am Main, Deutschland' },
    ],
    [
      'German fact list: "Gegründet 2011", "Hauptsitz: Hamburg"',
      [page('about', '<ul><li>Gegründet 2011</li><li>Hauptsitz: Hamburg</li><li>120 Mitarbeitende</li></ul>')],
      { founded: 2011, headquarters: 'Hamburg' },
    ],
    [
      'French about page: "Fondée en" and "basée à"',
      [page('about', '<p>Fondée en 2012, Acme est basée à Lyon, France, et emploie 40 personnes.</p>', '', '/a-propos')],
      { founded: 2012, headquarters: 'Lyon, France' },
    ],
    [
      '"offices in" a list: only the first place, no headquarters phrase needed',
      [page('about', '<p>Today we have offices in Berlin, London and Paris.</p>')],
      { headquarters: 'Berlin', absent: ['founded'] },
    ],
    [
      '"since" counts only when nothing states the founding outright',
      [page('home', '<p>Trusted by developers since 2019.</p>'), page('about', '<p>Established 2014 in a garage, Acme is based in Austin, Texas, USA.</p>')],
      { founded: 2014, headquarters: 'Austin, Texas, USA' },
    ],
    ['"since" alone is read as the founding year', [page('about', '<p>Building developer tools since 2010.</p>')], { founded: 2010 }],
    [
      'years after the crawl are not founding years, and a lower-case "based in" is not a place',
      [
        page('home', PROSE, jsonLd({ '@type': 'Organization', name: 'Acme', foundingDate: '2031' })),
        page('about', '<p>Our platform is based in the cloud. Serving customers since 2030.</p>'),
      ],
      { name: 'Acme', absent: ['founded', 'headquarters'] },
    ],
    [
      'a place ends where capitalized words do; a later trigger is tried when the first names no place; "database in" is no trigger',
      [page('about', '<p>Our database in Postgres never sleeps. The team is based in the cloud, but our headquarters are in Paris and we love it.</p>')],
      { headquarters: 'Paris' },
    ],
    [
      "without a homepage the about page's first paragraph is the summary, and no tagline is read from it",
      [page('about', '<h1>About Acme</h1><p>Acme makes invoicing software for freelancers in twelve countries. We started with a spreadsheet.</p>')],
      { summary: 'Acme makes invoicing software for freelancers in twelve countries. We started with a spreadsheet.', absent: ['tagline', 'founded'] },
    ],
    [
      'a products menu in the navigation: names, not descriptions; no external, generic or pricing links',
      [
        page(
          'home',
          `<header><nav><ul>
            <li><a href="/products">Products</a><ul>
              <li><a href="/products/pay"><strong>Acme Pay</strong><span>Accept payments from agents</span></a></li>
              <li><a href="/products/ledger">Ledger</a></li>
              <li><a href="https://pay.acme.test/">Acme Checkout</a></li>
              <li><a href="/products">All products</a></li>
              <li><a href="https://github.com/acme/sdk">Acme SDK</a></li>
              <li><a href="/pricing">Pricing</a></li>
            </ul></li>
            <li><a href="/docs">Docs</a></li></ul></nav></header>${PROSE}`,
        ),
      ],
      { products: ['Acme Pay', 'Ledger', 'Acme Checkout'] },
    ],
    [
      'a products column in the footer, and a button menu wired by aria-controls',
      [
        page(
          'home',
          `<header><nav><button aria-controls="menu-1">Products</button><div id="menu-1"><a href="/radar">Radar</a><a href="/radar/overview">Overview</a></div>
            <a href="/about">About</a></nav></header>
           <footer><div><h4>Products</h4><ul><li><a href="/vault">Vault</a></li><li><a href="/radar">Radar</a></li></ul></div>
           <div><h4>Company</h4><ul><li><a href="/about">About</a></li><li><a href="/careers">Careers</a></li></ul></div></footer>`,
        ),
      ],
      { products: ['Radar', 'Vault'] },
    ],
    [
      'products named in an about-page sentence; a sentence without names gives none',
      [
        page(
          'about',
          '<p>Our products, Acme Pay and Acme Ledger, help finance teams close the books.</p><p>Our products are used by Fortune 500 companies.</p>',
        ),
      ],
      { products: ['Acme Pay', 'Acme Ledger'] },
    ],
    [
      'a sentence with no product names leaves products out',
      [page('about', '<p>Our products are trusted by thousands of teams. Our products include integrations for every stack.</p>')],
      { absent: ['products'] },
    ],
    [
      'a count between "our" and "products": "our three products, X, Y and Z,"',
      [page('about', '<p>Acme serves 2,000 clinics. Our three products, Acme Scheduler, Acme Billing and Acme Charts, share one patient record.</p>')],
      { products: ['Acme Scheduler', 'Acme Billing', 'Acme Charts'] },
    ],
    [
      '"we offer two products:" a list with articles and an appositive, ended by a relative clause',
      [
        page(
          'about',
          '<p>We offer two products: the Acme Planner, our route optimisation engine, and Acme Fleet, which tracks every vehicle in real time.</p>',
        ),
      ],
      { products: ['Acme Planner', 'Acme Fleet'] },
    ],
    [
      'products named after a clause and a colon keep their names, not what they are for',
      [page('about', '<p>Acme builds three products that share one login: Beacon for field teams, Harbor Desk for managers and Lantern.</p>')],
      { products: ['Beacon', 'Harbor Desk', 'Lantern'] },
    ],
    [
      '"we build X, Y and Z" counts when the names are one family; a list of unrelated capitalized words does not',
      [
        page('about', '<p>We build Vega Metrics, Vega Traces and the Vega Alerts service.</p>'),
        page('home', '<p>We build Tools for Teams at Google and Amazon.</p><p>Customers build Dashboards with it.</p>'),
      ],
      { products: ['Vega Metrics', 'Vega Traces', 'Vega Alerts'] },
    ],
    [
      'a "Products:" label in the footer, names split at middle dots',
      [page('home', `${PROSE}<footer><p>Products: Relay · Vault Pro</p><p>© 2025 Acme</p></footer>`)],
      { products: ['Relay', 'Vault Pro'] },
    ],
    [
      "cards in a products section: each card's heading, not the section's own title",
      [
        page(
          'home',
          `${PROSE}<section class="products"><h2>Two Tools, One Record</h2><div class="card"><h3>Pulse</h3><p>Vitals at a glance.</p></div>
           <div class="card"><h3>Chart Room</h3><p>Notes everyone can find.</p></div></section>
           <section class="features"><div class="card"><h3>Fast Search</h3><p>Find any note.</p></div></section>`,
        ),
      ],
      { products: ['Pulse', 'Chart Room'] },
    ],
    [
      "names in the brand's family used in prose count; the company's legal name and its blog do not",
      [
        page(
          'home',
          `<p>Clinics use Acme Scheduler to fill empty slots, and Acme Charts keeps notes in one place. Read the Acme Blog for news.</p>
           <p class="legal">© 2025 Acme Technologies, Inc.</p>`,
        ),
      ],
      { products: ['Acme Scheduler', 'Acme Charts'] },
    ],
    [
      'a flat navigation bar whose "Produkte" entry is one link among its peers has no product menu',
      [
        page(
          'home',
          `<header><nav><a href="/#produkte">Produkte</a><a href="/preise">Preise</a><a href="/entwickler">Entwickler</a><a href="/partner">Partnerprogramm</a></nav></header>${PROSE}`,
        ),
      ],
      { absent: ['products'] },
    ],
    [
      "a menu's short name gives way to the full name the prose uses",
      [
        page(
          'home',
          `<header><nav><ul><li><span>Products</span><ul><li><a href="/relay">Relay</a></li><li><a href="/vault">Vault</a></li></ul></li></ul></nav></header>
           <p>Acme Relay moves files between offices overnight.</p>`,
        ),
      ],
      { products: ['Acme Relay', 'Vault'] },
    ],
    [
      '"we started <brand> in" and "<brand> began in" are founding statements; launching a product is not',
      [page('about', '<p>We started Acme in March 2017 in a spare bedroom. We launched Acme Pay in 2021.</p>')],
      { founded: 2017 },
    ],
    [
      '"<brand> began in" a year; another thing beginning then is no founding',
      [page('about', '<p>Our migration to Kubernetes began in 2019.</p>'), page('home', '<p>Acme began in 2013 as a research project at a university.</p>')],
      { founded: 2013 },
    ],
    [
      'a launch or a migration alone gives no founding year',
      [page('about', '<p>We launched Acme Pay in 2021. Our migration began in 2019.</p>')],
      { absent: ['founded'] },
    ],
    ['"our home base is" a place', [page('about', '<p>We are a team of 30, and our home base is Lisbon, Portugal.</p>')], { headquarters: 'Lisbon, Portugal' }],
    [
      '"our head office is located in" a place; "our main office is the cloud" names none',
      [page('home', '<p>Our main office is the cloud.</p>'), page('about', '<p>Our head office is located in Porto, Portugal.</p>')],
      { headquarters: 'Porto, Portugal' },
    ],
    [
      '"<place> is still our headquarters": the place opens the sentence',
      [page('about', '<p>Acme was started by two nurses. Utrecht is still our headquarters, and we have a small team in Ghent.</p>')],
      { headquarters: 'Utrecht' },
    ],
    ['"<place> remains our head office"', [page('about', '<p>We grew up in the north. Leeds remains our head office.</p>')], { headquarters: 'Leeds' }],
    [
      '"registered in" a city counts when nothing better is stated',
      [page('about', '<p>The association is registered in Geneva and has members in 30 countries.</p>')],
      { headquarters: 'Geneva' },
    ],
    ['"registered in" a state is a jurisdiction, not a seat', [page('about', '<p>Acme, Inc. is registered in Delaware.</p>')], { absent: ['headquarters'] }],
    [
      'summary from the first substantive homepage paragraph, skipping the cookie banner and short blurbs, two sentences at most',
      [
        page(
          'home',
          `<div class="cookie-banner"><p>We use cookies to improve your experience on this website, as described in our policy.</p></div>
           <p>Ship faster.</p><main><p>Acme is the ledger for agent payments. Every transfer is recorded twice. Nothing is ever lost.</p></main>`,
        ),
      ],
      { summary: 'Acme is the ledger for agent payments. Every transfer is recorded twice.' },
    ],
    [
      'a greeting h1 and a bare-name og:title are not taglines',
      [page('home', '<h1>Welcome to Acme</h1>', og('title', 'Acme') + og('site_name', 'Acme'))],
      { name: 'Acme', absent: ['tagline'] },
    ],
    [
      "JSON-LD on the about page outranks og:site_name on the homepage; another company's JSON-LD is ignored",
      [
        page('home', PROSE, og('site_name', 'Acme Cloud')),
        page(
          'about',
          '',
          jsonLd([
            { '@type': 'Organization', name: 'Acme Corporation', foundingDate: '2009' },
            { '@type': 'Organization', name: 'Customer Co', foundingDate: '1990', address: { addressLocality: 'Oslo', addressCountry: 'NO' } },
          ]),
        ),
      ],
      { name: 'Acme Corporation', founded: 2009, absent: ['headquarters'] },
    ],
    [
      "an imprint's registered office counts; a privacy policy's servers do not",
      [
        page('home', PROSE),
        page('legal', '<p>Our servers are based in Frankfurt.</p>', '', '/privacy'),
        page('legal', '<p>Acme GmbH. Sitz der Gesellschaft: Hamburg. Registergericht: Amtsgericht Hamburg.</p>', '', '/impressum'),
      ],
      { headquarters: 'Hamburg' },
    ],
    [
      'nothing stated: nothing guessed',
      [page('home', '<div id="root"></div>')],
      { summary: '', absent: ['name', 'tagline', 'products', 'founded', 'headquarters'] },
    ],
  ];

  for (const [what, pages, expected] of cases) {
    it(what, () => {
      const facts = extractCompanyFacts(pages);
      const { absent = [], ...present } = expected;
      for (const [k, v] of Object.entries(present)) assert.deepEqual(facts[k as keyof CompanyFacts], v, k);
      for (const k of absent) assert.ok(!(k in facts), `${k} should be absent, got ${JSON.stringify(facts[k])}`);
    });
  }

  it('an empty crawl gives an empty summary and nothing else', () => assert.deepEqual(extractCompanyFacts([]), { summary: '' }));
});

describe('page kinds', () => {
  const cases: Array<[string, string | undefined, PageKind]> = [
    ['https://acme.test/', 'About', 'home'],
    ['https://acme.test/about-us', undefined, 'about'],
    ['https://acme.test/de/ueber-uns', undefined, 'about'],
    ['https://acme.test/fr/%C3%A0-propos', undefined, 'about'],
    ['https://acme.test/fr/tarifs', undefined, 'pricing'],
    ['https://acme.test/company/careers', undefined, 'careers'],
    ['https://acme.test/docs/security', undefined, 'docs'],
    ['https://acme.test/en/release-notes', undefined, 'changelog'],
    ['https://acme.test/trust-center', undefined, 'security'],
    ['https://acme.test/impressum', undefined, 'legal'],
    ['https://acme.test/blog/2024/launch-week', undefined, 'blog'],
    ['https://docs.acme.test/', undefined, 'docs'],
    ['https://acme.test/team', 'Who we are', 'about'],
    ['https://acme.test/updates', "What's new →", 'changelog'],
    ['https://acme.test/entwickler', undefined, 'docs'],
    ['https://acme.test/api-hub', 'Entwickler', 'docs'],
    ['https://acme.test/customers', 'Customers', 'other'],
    ['not a url', 'Pricing', 'other'],
  ];
  for (const [url, text, kind] of cases) it(`${url}${text ? ` "${text}"` : ''} → ${kind}`, () => assert.equal(kindOf(url, text), kind));
});

describe('choosing pages to crawl', () => {
  const link = (url: string, text: string) => ({ url, text });
  const cases: Array<[string, Array<{ url: string; text: string }>, string[], number, Array<[string, PageKind]>]> = [
    [
      'a nav menu with external links, fragments, another host and deep docs',
      [
        link('#features', 'Features'),
        link('/pricing#faq', 'Pricing'),
        link('https://github.com/acme', 'GitHub'),
        link('https://docs.acme.test/', 'Docs'),
        link('/docs/quickstart/install', 'Quickstart'),
        link('/docs', 'Docs'),
        link('/docs/api', 'API reference'),
        link('/about', 'About'),
        link('mailto:hi@acme.test', 'Contact'),
      ],
      [],
      20,
      [
        ['https://acme.test/about', 'about'],
        ['https://acme.test/pricing', 'pricing'],
        ['https://acme.test/docs', 'docs'],
        ['https://acme.test/docs/api', 'docs'],
      ],
    ],
    [
      'sitemap-only pages: the blog index, not its posts; no images; a pricing PDF but no other PDF',
      [],
      [
        'https://acme.test/blog/hello-world',
        'https://acme.test/blog',
        'https://acme.test/blog/page/2',
        'https://acme.test/careers',
        'https://acme.test/terms',
        'https://acme.test/legal/privacy',
        'https://acme.test/imprint',
        'https://acme.test/security',
        'https://acme.test/changelog',
        'https://acme.test/logo.png',
        'https://acme.test/pricing.pdf',
        'https://acme.test/about/brochure.pdf',
      ],
      20,
      [
        ['https://acme.test/pricing.pdf', 'pricing'],
        ['https://acme.test/changelog', 'changelog'],
        ['https://acme.test/security', 'security'],
        ['https://acme.test/terms', 'legal'],
        ['https://acme.test/imprint', 'legal'],
        ['https://acme.test/careers', 'careers'],
        ['https://acme.test/blog', 'blog'],
      ],
    ],
    ['blog posts without an index give no blog page', [link('/blog/2024/launch', 'Read the launch post')], ['https://acme.test/blog/2023/recap'], 20, []],
    [
      'the www. twin is the same site; other subdomains are not; one page per URL whatever its slash, fragment or tracking',
      [
        link('https://www.acme.test/pricing/', 'Pricing'),
        link('/pricing?utm_source=nav', 'Pricing'),
        link('https://shop.acme.test/about', 'About'),
        link('http://acme.test/about?ref=footer#team', 'About'),
      ],
      ['https://acme.test/pricing'],
      20,
      [
        ['http://acme.test/about', 'about'],
        ['https://acme.test/pricing', 'pricing'],
      ],
    ],
    [
      'German site: kinds from German paths and texts, shorter paths first, one careers page',
      [
        link('/karriere/stellenangebote', 'Stellen'),
        link('/jobs', 'Jobs'),
        link('/datenschutz', 'Datenschutz'),
        link('/impressum', 'Impressum'),
        link('/agb', 'AGB'),
        link('/preise', 'Preise'),
        link('/ueber-uns', 'Über uns'),
        link('/team', 'Unternehmen'),
      ],
      [],
      20,
      [
        ['https://acme.test/team', 'about'],
        ['https://acme.test/preise', 'pricing'],
        ['https://acme.test/agb', 'legal'],
        ['https://acme.test/impressum', 'legal'],
        ['https://acme.test/jobs', 'careers'],
      ],
    ],
    [
      'at most max pages, kinds in crawl order',
      [link('/blog', 'Blog'), link('/careers', 'Careers'), link('/pricing', 'Pricing'), link('/about', 'About'), link('/docs', 'Docs')],
      [],
      3,
      [
        ['https://acme.test/about', 'about'],
        ['https://acme.test/pricing', 'pricing'],
        ['https://acme.test/docs', 'docs'],
      ],
    ],
    ['max 0 chooses nothing', [link('/about', 'About')], [], 0, []],
    [
      'the budget left goes to the other pages the navigation links (not sign-in, the app, or the sitemap’s)',
      [
        link('/features', 'Features'),
        link('/help', 'Help centre'),
        link('/login', 'Log in'),
        link('/app/new', 'Start free'),
        link('/pricing', 'Pricing'),
        link('/customers/acme-corp', 'Case study'),
      ],
      ['https://acme.test/customers/other-corp', 'https://acme.test/landing/black-friday'],
      4,
      [
        ['https://acme.test/pricing', 'pricing'],
        ['https://acme.test/help', 'other'],
        ['https://acme.test/features', 'other'],
        ['https://acme.test/customers/acme-corp', 'other'],
      ],
    ],
  ];

  for (const [what, links, sitemap, max, expected] of cases) {
    it(what, () => {
      const chosen = choosePages(ORIGIN, links, sitemap, max);
      assert.deepEqual(
        chosen.map((c) => [c.url, c.kind]),
        expected,
      );
      // The same links in another order are the same choice: the crawl must not depend on markup order.
      assert.deepEqual(choosePages(ORIGIN, [...links].reverse(), [...sitemap].reverse(), max), chosen);
    });
  }
});
