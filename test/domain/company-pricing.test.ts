import assert from 'node:assert/strict';
import { pageText } from '../../src/domain/audit/parse/text';
import { extractPricing } from '../../src/domain/company/pricing';
import type { CompanyPage, PageKind, PricingExtraction, PricingModel } from '../../src/domain/company/types';

const URLS: Record<PageKind, string> = {
  home: 'https://acme.test/',
  pricing: 'https://acme.test/pricing',
  docs: 'https://acme.test/docs/billing',
  legal: 'https://acme.test/terms',
  blog: 'https://acme.test/blog/launch',
  changelog: 'https://acme.test/changelog',
  about: 'https://acme.test/about',
  security: 'https://acme.test/security',
  careers: 'https://acme.test/careers',
  other: 'https://acme.test/other',
};

/** A page as the crawler stores it: the text is what the audit's text reader makes of the HTML. */
function page(kind: PageKind, body: string, lang = 'en'): CompanyPage {
  const html = `<!doctype html><html lang="${lang}"><head><title>Acme</title><style>.x{color:red}</style></head><body>
    <nav><a href="/">Acme</a><a href="/pricing">Pricing</a><a href="/docs">Docs</a></nav>${body}
    <footer><h4>Company</h4><ul><li><a href="/about">About</a></li><li><a href="/terms">Terms</a></li></ul></footer></body></html>`;
  const url = URLS[kind];
  return { url, finalUrl: url, kind, title: 'Acme', text: pageText(html, 'text/html'), html, contentType: 'text/html', fetchedAt: '2025-01-01T00:00:00Z' };
}

/** [name, priceMonthlyUsd, unit?, priceMonthly?, currency?]: what an agent is told about each plan. */
type Row = [string, number | null, string?, number?, string?];

interface Case {
  what: string;
  pages: CompanyPage[];
  model: PricingModel;
  freeTier: boolean;
  currency: string;
  plans: Row[];
  source?: PageKind | null;
  /** Extra checks: notes, features. */
  check?: (r: PricingExtraction) => void;
}

const card = (name: string, price: string, features: string[] = [], cta = 'Get started') =>
  `<div class="card"><h3>${name}</h3><div class="price">${price}</div><ul>${features.map((f) => `<li>${f}</li>`).join('')}</ul><a class="btn" href="/signup">${cta}</a></div>`;
const cards = (...c: string[]) => `<main><h1>Pricing</h1><p>Simple pricing for teams of every size.</p><section class="grid">${c.join('')}</section></main>`;

const cases: Case[] = [
  {
    what: 'plan cards: free, paid and contact-sales is freemium; Contact sales is null, never 0',
    pages: [
      page(
        'pricing',
        cards(
          card('Hobby', '$0<span>/month</span>', ['1 project', 'Community support']),
          card('Pro', '$20<span>/month</span>', ['Unlimited projects', 'Email support']),
          card('Enterprise', 'Custom', ['SSO', 'SLA'], 'Contact sales'),
        ),
      ),
    ],
    model: 'freemium',
    freeTier: true,
    currency: 'USD',
    plans: [
      ['Hobby', 0],
      ['Pro', 20],
      ['Enterprise', null],
    ],
    check: (r) => {
      assert.deepEqual(r.plans[1].features, ['Unlimited projects', 'Email support']);
      assert.equal(r.plans[1].quote, '$20/month');
      assert.equal(r.plans[2].quote, 'Custom');
    },
  },
  {
    what: 'paid plans only is paid',
    pages: [page('pricing', cards(card('Starter', '$9 / mo'), card('Growth', '$49 / mo'), card('Scale', '$199 / mo')))],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [
      ['Starter', 9],
      ['Growth', 49],
      ['Scale', 199],
    ],
  },
  {
    what: 'a single free plan is free',
    pages: [page('pricing', cards(card('Community', 'Free', ['Unlimited public repos'])))],
    model: 'free',
    freeTier: true,
    currency: 'USD',
    plans: [['Community', 0]],
  },
  {
    what: 'only contact-sales plans is contact, "Let\'s talk" and "Get a quote" are null',
    pages: [page('pricing', cards(card('Team', "Let's talk", ['SSO']), card('Enterprise', 'Get a quote', ['Audit logs'])))],
    model: 'contact',
    freeTier: false,
    currency: 'USD',
    plans: [
      ['Team', null],
      ['Enterprise', null],
    ],
  },
  {
    what: 'an enterprise card with only a "Contact sales" button is null, not 0',
    pages: [
      page(
        'pricing',
        cards(card('Pro', '$15/mo'), `<div class="card"><h3>Enterprise</h3><p>For large organisations.</p><a href="/sales">Contact sales</a></div>`),
      ),
    ],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [
      ['Pro', 15],
      ['Enterprise', null],
    ],
  },
  {
    what: 'per-seat prices put the seat in unit',
    pages: [page('pricing', cards(card('Free', '$0'), card('Team', '$12 per user / month'), card('Business', '$24 <small>/seat/mo</small>')))],
    model: 'freemium',
    freeTier: true,
    currency: 'USD',
    plans: [
      ['Free', 0],
      ['Team', 12, 'per user'],
      ['Business', 24, 'per seat'],
    ],
  },
  {
    what: 'usage-only pricing is usage, with the quantity in the unit',
    pages: [
      page('pricing', cards(card('API requests', '$0.50 per 1,000 requests'), card('Storage', '$0.02 per GB'), card('Bandwidth', '$0.08 / GB transferred'))),
    ],
    model: 'usage',
    freeTier: false,
    currency: 'USD',
    plans: [
      ['API requests', 0.5, 'per 1,000 requests'],
      ['Storage', 0.02, 'per GB'],
      ['Bandwidth', 0.08, 'per GB'],
    ],
  },
  {
    what: 'usage price list in a table, one item per row',
    pages: [
      page(
        'pricing',
        `<h1>Pricing</h1><p>Pay only for what you use. Free tier: 10,000 requests a month.</p>
         <table><thead><tr><th>Resource</th><th>Price</th></tr></thead><tbody>
         <tr><td>Requests</td><td>$0.40 per million requests</td></tr><tr><td>Compute</td><td>$0.00001667 per GB-second</td></tr></tbody></table>`,
      ),
    ],
    model: 'usage',
    freeTier: true,
    currency: 'USD',
    plans: [
      ['Requests', 0.4, 'per million requests'],
      ['Compute', 0.00001667, 'per GB-second'],
    ],
  },
  {
    what: 'comparison table: plans as columns, a price row, check marks become features',
    pages: [
      page(
        'pricing',
        `<h1>Compare plans</h1><table><thead><tr><th></th><th>Basic</th><th>Premium</th><th>Enterprise</th></tr></thead><tbody>
         <tr><th>Price</th><td>$0</td><td>$29/mo</td><td>Contact us</td></tr>
         <tr><th>Projects</th><td>3</td><td>Unlimited</td><td>Unlimited</td></tr>
         <tr><th>SSO</th><td>—</td><td>✓</td><td>✓</td></tr></tbody></table>`,
      ),
    ],
    model: 'freemium',
    freeTier: true,
    currency: 'USD',
    plans: [
      ['Basic', 0],
      ['Premium', 29],
      ['Enterprise', null],
    ],
    check: (r) => assert.deepEqual(r.plans[1].features, ['Projects: Unlimited', 'SSO']),
  },
  {
    what: 'monthly/annual toggle in data attributes reports the monthly price',
    pages: [
      page(
        'pricing',
        `<div class="toggle"><button>Monthly</button><button>Annual (save 20%)</button></div>` +
          cards(
            card('Basic', '<span class="amount" data-monthly="10" data-annual="8">$10</span>/mo'),
            card('Plus', '<span class="amount" data-monthly="25" data-annual="20">$25</span>/mo'),
          ),
      ),
    ],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [
      ['Basic', 10],
      ['Plus', 25],
    ],
  },
  {
    what: 'toggle showing the annual side by default: the monthly price comes from data-monthly, with a note',
    pages: [
      page(
        'pricing',
        cards(
          card('Basic', '<span data-price-monthly="12" data-price-yearly="10">$10</span>/mo billed yearly'),
          card('Plus', '<span data-price-monthly="30" data-price-yearly="24">$24</span>/mo billed yearly'),
        ),
      ),
    ],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [
      ['Basic', 12],
      ['Plus', 30],
    ],
    check: (r) => assert.match(r.plans[0].note ?? '', /toggle/),
  },
  {
    what: 'toggle with the yearly price in a hidden element: a yearly price is not read as monthly',
    pages: [
      page(
        'pricing',
        cards(
          card('Pro', '<span class="price-monthly">$19/mo</span><span class="price-yearly" hidden>$190/yr</span>'),
          card('Team', '<span class="price-yearly" style="display:none">$490</span><span class="price-monthly">$49</span>'),
        ),
      ),
    ],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [
      ['Pro', 19],
      ['Team', 49],
    ],
  },
  {
    what: 'toggle as two blocks of cards: the monthly block wins, each plan once',
    pages: [
      page(
        'pricing',
        `<h1>Pricing</h1><div id="billing-annual" class="plans annual">${card('Solo', '$96')}${card('Studio', '$240')}</div>
         <div id="billing-monthly" class="plans monthly">${card('Solo', '$10')}${card('Studio', '$25')}</div>`,
      ),
    ],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [
      ['Solo', 10],
      ['Studio', 25],
    ],
  },
  {
    what: 'a plan only sold annually ("$1,188 billed yearly") is reported monthly with a note',
    pages: [page('pricing', cards(card('Business', '$1,188 billed yearly', ['Priority support'])))],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [['Business', 99]],
    check: (r) => assert.equal(r.plans[0].note, 'billed annually: $1,188 / 12'),
  },
  {
    what: '"$99/mo billed annually" with no monthly option is 99 with a note',
    pages: [page('pricing', cards(card('Pro', '$99/mo <span class="sub">billed annually</span>')))],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [['Pro', 99]],
    check: (r) => assert.match(r.plans[0].note ?? '', /billed annually/),
  },
  {
    what: 'a promotional price beside a struck-through list price reports the list price',
    pages: [page('pricing', cards(card('Pro', '<s>$29</s> <strong>$19</strong>/mo'), card('Max', '<del>$59</del> $39/mo')))],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [
      ['Pro', 29],
      ['Max', 59],
    ],
    check: (r) => assert.match(r.plans[0].note ?? '', /promotional price \$19/),
  },
  {
    what: 'line-through by class or style, and "was $X" in words, are list prices',
    pages: [
      page(
        'pricing',
        cards(
          card('Lite', '<span class="old-price">$15</span> <span>$9</span>/mo'),
          card('Plus', '<span style="text-decoration: line-through">$40</span> $30/mo'),
          card('Max', '$49/mo (was $69)'),
        ),
      ),
    ],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [
      ['Lite', 15],
      ['Plus', 40],
      ['Max', 69],
    ],
  },
  {
    what: 'duplicated markup (mobile and desktop copies) gives each plan once',
    pages: [
      page(
        'pricing',
        `<h1>Pricing</h1><div class="md:hidden">${card('Free', '$0')}${card('Pro', '$8/mo', ['A', 'B'])}</div>
         <div class="hidden md:grid">${card('Free', '$0')}${card('Pro', '$8/mo', ['A', 'B'])}</div>`,
      ),
    ],
    model: 'freemium',
    freeTier: true,
    currency: 'USD',
    plans: [
      ['Free', 0],
      ['Pro', 8],
    ],
    check: (r) => assert.deepEqual(r.plans[1].features, ['A', 'B']),
  },
  {
    what: 'cards and a comparison table of the same plans give each plan once, with the card features',
    pages: [
      page(
        'pricing',
        cards(card('Starter', '$5/mo', ['1 site']), card('Agency', '$50/mo', ['25 sites'])) +
          `<h2>Compare features</h2><table><tr><th>Feature</th><th>Starter</th><th>Agency</th></tr>
           <tr><td>Price</td><td>$5/mo</td><td>$50/mo</td></tr><tr><td>Staging</td><td>—</td><td>✓</td></tr></table>`,
      ),
    ],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [
      ['Starter', 5],
      ['Agency', 50],
    ],
    check: (r) => assert.deepEqual(r.plans[1].features, ['25 sites']),
  },
  {
    what: 'an example price in documentation is not a plan',
    pages: [page('docs', '<h1>Billing API</h1><h2>Charges</h2><p>In this example the call costs $0.002.</p><h3>Pro</h3><p>$20/month</p>')],
    model: 'unknown',
    freeTier: false,
    currency: 'USD',
    plans: [],
    source: null,
  },
  {
    what: 'a refund amount in the terms of service is not a plan; the pricing page is read',
    pages: [
      page('legal', '<h1>Terms</h1><h2>Refunds</h2><p>We refund up to $500 per month of service.</p>'),
      page('pricing', cards(card('Standard', '$30/month'))),
      page('blog', '<h1>Launch</h1><h2>Pro</h2><p>Pro is now $10/month!</p>'),
    ],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [['Standard', 30]],
    source: 'pricing',
  },
  {
    what: 'an example price on the pricing page itself is not the plan price',
    pages: [page('pricing', cards(card('Pay as you go', '$0.01 per request <p>For example, 10,000 requests cost $100.</p>')))],
    model: 'usage',
    freeTier: false,
    currency: 'USD',
    plans: [['Pay as you go', 0.01, 'per request']],
  },
  {
    what: 'plan cards on the homepage when there is no pricing page',
    pages: [
      page('docs', '<h1>Docs</h1><h2>Example</h2><p>$5 per month</p>'),
      page('home', `<h1>Acme ships faster</h1><h2>Fast</h2><p>Really fast.</p>${card('Indie', '$7/mo')}${card('Company', '$70/mo')}`),
    ],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [
      ['Indie', 7],
      ['Company', 70],
    ],
    source: 'home',
  },
  {
    what: 'the pricing page is read before the homepage',
    pages: [page('home', card('Old', '$1/mo')), page('pricing', cards(card('New', '$2/mo')))],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [['New', 2]],
    source: 'pricing',
  },
  {
    what: 'no prices anywhere is unknown with a null source',
    pages: [page('home', '<h1>Acme</h1><h2>Build</h2><p>We build things.</p>'), page('about', '<h1>About</h1><p>Founded 2020.</p>')],
    model: 'unknown',
    freeTier: false,
    currency: 'USD',
    plans: [],
    source: null,
  },
  {
    what: 'euro prices in European formats: the plan keeps EUR and no USD figure',
    pages: [page('pricing', cards(card('Basic', '19 € / month'), card('Pro', '49,00 €/month'), card('Corporate', '1.199 € per month'), card('Trial', '€0')))],
    model: 'freemium',
    freeTier: true,
    currency: 'EUR',
    plans: [
      ['Basic', null, undefined, 19, 'EUR'],
      ['Pro', null, undefined, 49, 'EUR'],
      ['Corporate', null, undefined, 1199, 'EUR'],
      ['Trial', 0, undefined, 0, 'EUR'],
    ],
  },
  {
    what: 'pounds, and dollars the page says are Canadian',
    pages: [page('pricing', `<p>All prices are in CAD.</p>${cards(card('Small', '$15/mo'), card('Large', '£40/mo'))}`)],
    model: 'paid',
    freeTier: false,
    currency: 'CAD',
    plans: [
      ['Small', null, undefined, 15, 'CAD'],
      ['Large', null, undefined, 40, 'GBP'],
    ],
  },
  {
    what: 'CA$, A$ and US$ forms and a code after the figure',
    pages: [page('pricing', cards(card('North', 'CA$25/mo'), card('South', 'A$30/mo'), card('West', 'US$20/mo'), card('East', '$18 USD/mo')))],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [
      ['North', null, undefined, 25, 'CAD'],
      ['South', null, undefined, 30, 'AUD'],
      ['West', 20],
      ['East', 18],
    ],
  },
  {
    what: 'a German pricing page: Preise, pro Monat, jährlich, pro Nutzer, Vertrieb kontaktieren',
    pages: [
      page(
        'pricing',
        `<h1>Preise</h1><div class="tarife">${card('Kostenlos', '0 €', ['1 Projekt'], 'Jetzt starten')}${card('Team', '12 € pro Nutzer pro Monat')}${card(
          'Business',
          '240 € jährlich',
        )}${card('Enterprise', 'Individuell', ['SSO'], 'Vertrieb kontaktieren')}</div>`,
        'de',
      ),
    ],
    model: 'freemium',
    freeTier: true,
    currency: 'EUR',
    plans: [
      ['Kostenlos', 0, undefined, 0, 'EUR'],
      ['Team', null, 'per user', 12, 'EUR'],
      ['Business', null, undefined, 20, 'EUR'],
      ['Enterprise', null, undefined, undefined, 'EUR'],
    ],
  },
  {
    what: 'a German page whose only offer is "Kontakt"',
    pages: [page('pricing', `<h1>Preise</h1>${card('Enterprise', 'Preis auf Anfrage', ['SLA'], 'Kontakt')}`, 'de')],
    model: 'contact',
    freeTier: false,
    currency: 'USD',
    plans: [['Enterprise', null]],
  },
  {
    what: 'a French pricing page: par mois, annuel, par utilisateur, Nous contacter',
    pages: [
      page(
        'pricing',
        `<h1>Tarifs</h1>${card('Gratuit', 'Gratuit', ['3 projets'], 'Commencer')}${card('Équipe', '9,90 € par utilisateur par mois')}${card(
          'Annuel',
          '120 € / an <span>facturation annuelle</span>',
        )}${card('Entreprise', 'Sur devis', ['SSO'], 'Nous contacter')}`,
        'fr',
      ),
    ],
    model: 'freemium',
    freeTier: true,
    currency: 'EUR',
    plans: [
      ['Gratuit', 0],
      ['Équipe', null, 'per user', 9.9, 'EUR'],
      ['Annuel', null, undefined, 10, 'EUR'],
      ['Entreprise', null, undefined, undefined, 'EUR'],
    ],
  },
  {
    what: 'price split over elements (symbol, amount, period in separate blocks) and a badge in the heading',
    pages: [
      page(
        'pricing',
        cards(
          `<div class="card"><h3>Pro <span class="badge">Most popular</span></h3><div class="price"><div class="cur">$</div><div class="num">39</div><div class="per">/month</div></div></div>`,
          card('Lite', '$9/month'),
        ),
      ),
    ],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [
      ['Pro', 39],
      ['Lite', 9],
    ],
  },
  {
    what: 'plan names in classed divs instead of headings; a dollar amount in a feature is not the price',
    pages: [
      page(
        'pricing',
        `<h1>Plans</h1><div class="row"><div class="plan"><div class="plan-name">Launch</div><p class="amount">$29/mo</p><ul><li>$100 in credits</li></ul></div>
         <div class="plan"><div class="plan-name">Orbit</div><p class="amount">$99/mo</p><ul><li>$500 in credits</li></ul></div></div>`,
      ),
    ],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [
      ['Launch', 29],
      ['Orbit', 99],
    ],
  },
  {
    what: 'an FAQ answer mentioning a price is not a plan',
    pages: [
      page('pricing', `${cards(card('Team', '$10/mo'))}<section><h2>FAQ</h2><h3>Can I add storage?</h3><p>Yes, extra storage is $5 per month.</p></section>`),
    ],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [['Team', 10]],
  },
  {
    what: 'cards without headings: a styled paragraph names each plan',
    pages: [
      page(
        'pricing',
        `<h1>Pricing</h1><div class="grid"><div class="rounded p-6"><p class="text-lg font-semibold">Starter</p><p><span class="text-4xl">$19</span><span>/month</span></p>
         <ul><li>5 users</li></ul><a>Buy</a></div><div class="rounded p-6"><p class="text-lg font-semibold">Scale</p><p><span class="text-4xl">$99</span><span>/month</span></p>
         <ul><li>50 users</li></ul><a>Buy</a></div></div>`,
      ),
    ],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [
      ['Starter', 19],
      ['Scale', 99],
    ],
    check: (r) => assert.deepEqual(r.plans[1].features, ['50 users']),
  },
  {
    what: 'a table with Monthly and Annual columns: the rows are plans, the monthly column is the price',
    pages: [
      page(
        'pricing',
        `<h1>Pricing</h1><table><tr><th>Plan</th><th>Annual</th><th>Monthly</th></tr><tr><td>Basic</td><td>$100</td><td>$10</td></tr>
         <tr><td>Pro</td><td>$200</td><td>$20</td></tr></table>`,
      ),
    ],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [
      ['Basic', 10],
      ['Pro', 20],
    ],
  },
  {
    what: 'toggle prices side by side on one line (data-period): the monthly one, quoted alone',
    pages: [
      page(
        'pricing',
        `<h1>Pricing</h1><div><h2>Pro</h2><span data-period="annually">$15</span><span data-period="monthly">$19</span><span>/mo</span></div>
         <div><h2>Team</h2><span data-period="annually">$31</span><span data-period="monthly">$39</span><span>/mo</span></div>`,
      ),
    ],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [
      ['Pro', 19],
      ['Team', 39],
    ],
    check: (r) => assert.equal(r.plans[0].quote, '$19/mo'),
  },
  {
    what: "toggle with the yearly side shown: the monthly side's figure is the price, not read with the yearly side's caption",
    pages: [
      page(
        'pricing',
        `<h1>Pricing</h1><div class="tiers">
         <div class="tier"><h3>Solo</h3><p><span class="amount-yearly">$12</span><span class="amount-monthly" style="display:none">$15</span> per month</p>
         <p><span class="amount-yearly">Billed annually at $144</span><span class="amount-monthly" style="display:none">Billed every month</span></p></div>
         <div class="tier"><h3>Crew</h3><p><span class="amount-yearly">$40</span><span class="amount-monthly" style="display:none">$50</span> per month</p>
         <p><span class="amount-yearly">Billed annually at $480</span><span class="amount-monthly" style="display:none">Billed every month</span></p></div></div>`,
      ),
    ],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [
      ['Solo', 15],
      ['Crew', 50],
    ],
    check: (r) => assert.equal(r.plans[0].note, undefined),
  },
  {
    what: 'cards that are the items of a list: the contact-sales card is kept, only the nested list items are features',
    pages: [
      page(
        'pricing',
        `<h1>Plans</h1><ol class="plan-list">
         <li class="plan"><h2>Basic</h2><p class="cost">$0</p><ul><li>3 dashboards</li></ul></li>
         <li class="plan"><h2>Team</h2><p class="cost">$24<small>/mo</small></p><ul><li>Unlimited dashboards</li><li>Alerts</li></ul></li>
         <li class="plan"><h2>Corporate</h2><p class="cost">Custom</p><ul><li>SAML SSO</li></ul><a href="/contact">Talk to sales</a></li></ol>`,
      ),
    ],
    model: 'freemium',
    freeTier: true,
    currency: 'USD',
    plans: [
      ['Basic', 0],
      ['Team', 24],
      ['Corporate', null],
    ],
    check: (r) => assert.deepEqual(r.plans[1].features, ['Unlimited dashboards', 'Alerts']),
  },
  {
    what: 'a rate table keeps its Free and Contact sales rows when they sit in the price column, not a note saying Contact us',
    pages: [
      page(
        'pricing',
        `<h1>Pricing</h1><table><thead><tr><th>Product</th><th>Rate</th><th>Notes</th></tr></thead><tbody>
         <tr><td>Geocoding</td><td>$5 per 1,000 requests</td><td>Forward and reverse</td></tr>
         <tr><td>Routing</td><td>$12 per 1,000 requests</td><td>Up to 25 waypoints</td></tr>
         <tr><td>Sandbox</td><td>Free</td><td>100 requests a day</td></tr>
         <tr><td>Dedicated</td><td>Contact sales</td><td>Private cluster</td></tr>
         <tr><td>Support</td><td>Email</td><td>Contact us</td></tr></tbody></table>`,
      ),
    ],
    model: 'usage',
    freeTier: true,
    currency: 'USD',
    plans: [
      ['Geocoding', 5, 'per 1,000 requests'],
      ['Routing', 12, 'per 1,000 requests'],
      ['Sandbox', 0],
      ['Dedicated', null],
    ],
  },
  {
    what: 'plan cards laid out in the cells of a one-row table; a typographic apostrophe in “Let’s talk”',
    pages: [
      page(
        'pricing',
        `<h1>Our prices</h1><table width="100%" class="layout"><tr>
         <td valign="top"><h3>Personal</h3><p class="fee">$8 a month</p><p>One mailbox, 10 GB.</p></td>
         <td valign="top"><h3>Family</h3><p class="fee">$14 a month</p><p>Six mailboxes, 60 GB.</p></td>
         <td valign="top"><h3>Schools</h3><p class="fee">Let’s talk</p><p>Hundreds of mailboxes.</p></td></tr></table>`,
      ),
    ],
    model: 'paid',
    freeTier: false,
    currency: 'USD',
    plans: [
      ['Personal', 8],
      ['Family', 14],
      ['Schools', null],
    ],
  },
  {
    what: 'on a page priced in pounds, the request-a-quote plan carries GBP with a null figure, never 0',
    pages: [
      page(
        'pricing',
        cards(card('Shop', '£18 per month'), card('Chain', '£45 per month'), card('Franchise', 'Request a quote', ['Multi-site reporting'])),
        'en-GB',
      ),
    ],
    model: 'paid',
    freeTier: false,
    currency: 'GBP',
    plans: [
      ['Shop', null, undefined, 18, 'GBP'],
      ['Chain', null, undefined, 45, 'GBP'],
      ['Franchise', null, undefined, undefined, 'GBP'],
    ],
    check: (r) => assert.equal(r.plans[2].priceMonthly, null),
  },
  {
    what: 'a free allowance line is a free plan; usage beside it stays usage',
    pages: [
      page(
        'pricing',
        `<h1>Pricing</h1><div class="plan"><h4>Developer</h4><div>Free up to 10k requests</div></div><div class="plan"><h4>Pay as you go</h4><div>$1 per 1K requests</div></div>`,
      ),
    ],
    model: 'usage',
    freeTier: true,
    currency: 'USD',
    plans: [
      ['Developer', 0],
      ['Pay as you go', 1, 'per 1K requests'],
    ],
  },
];

/** Whitespace collapsed, as an agent (or a test) compares quotes with page text. */
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('company pricing extraction', () => {
  for (const c of cases) {
    it(c.what, () => {
      const r = extractPricing(c.pages);
      const rows: Row[] = r.plans.map((p) => {
        const row: Row = [p.name, p.priceMonthlyUsd, p.unit, p.priceMonthly ?? undefined, p.currency];
        while (row.length > 2 && row[row.length - 1] === undefined) row.pop();
        return row;
      });
      assert.deepEqual(rows, c.plans);
      assert.equal(r.model, c.model);
      assert.equal(r.freeTier, c.freeTier);
      assert.equal(r.currency, c.currency);
      const source = c.source === undefined ? (c.plans.length ? 'pricing' : null) : c.source;
      assert.equal(r.sourceUrl, source && URLS[source]);
      const from = c.pages.find((p) => p.finalUrl === r.sourceUrl);
      for (const p of r.plans) {
        assert.ok(p.quote.length > 0 && p.quote.length <= 160, `short quote for ${p.name}: ${JSON.stringify(p.quote)}`);
        assert.ok(from && squash(from.text).includes(p.quote), `quote for ${p.name} is page text: ${JSON.stringify(p.quote)}`);
      }
      c.check?.(r);
    });
  }

  it('reads a large page quickly', () => {
    const many = Array.from({ length: 60 }, (_, i) => card(`Plan ${i}`, `$${i + 1}/mo`, ['A', 'B', 'C']));
    const filler = `<section><h2>Customers</h2>${'<div><p>Lorem ipsum dolor sit amet.</p></div>'.repeat(2000)}</section>`;
    const started = process.hrtime.bigint();
    const r = extractPricing([page('pricing', cards(...many) + filler)]);
    assert.equal(r.plans.length, 60);
    // real time: the speed of a pure function over a 60-plan page, about 0.5 s on a quiet machine; the bound
    // catches a runaway (quadratic) reading and holds at a tenth of that speed.
    assert.ok(Number(process.hrtime.bigint() - started) / 1e6 < 5000);
  });

  it('is pure: the same pages give the same answer', () => {
    const pages = cases[0].pages;
    assert.deepEqual(extractPricing(pages), extractPricing(pages));
  });
});
