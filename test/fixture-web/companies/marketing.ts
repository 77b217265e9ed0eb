import { html, page, routes, text, type SiteHandler } from '../respond';
import { ldJson, sitemapXml, xml } from './kit';

/**
 * The marketing-site family: sticky header, mega-menu nav, utility-class soup, a footer with four columns.
 * Tallyhive, BrightCanvas, MosaicDesk, Tidepool and CobaltMetrics (as if all built on the same site builder).
 */

interface Brand {
  name: string;
  origin: string;
  nav: Array<[string, string]>;
  footer: Array<[string, Array<[string, string]>]>;
  cta?: [string, string];
  head?: string;
}

function shell(b: Brand, title: string, main: string, head = ''): string {
  const nav = b.nav.map(([label, href]) => `<li class="nav-item"><a class="nav-link px-3 py-2 text-sm" href="${href}">${label}</a></li>`).join('');
  const cols = b.footer
    .map(
      ([h, links]) =>
        `<div class="footer-col"><h4 class="text-xs uppercase">${h}</h4><ul>${links.map(([l, u]) => `<li><a href="${u}">${l}</a></li>`).join('')}</ul></div>`,
    )
    .join('');
  const cta = b.cta ?? ['Start free', '/signup'];
  return page(
    title,
    `<div class="announcement-bar" role="region"><p>New: read our <a href="/blog">latest product news</a> →</p></div>
<header class="site-header sticky top-0 z-50 bg-white/90 backdrop-blur">
  <div class="container mx-auto flex items-center justify-between">
    <a href="/" class="logo" aria-label="${b.name} home"><svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true"><circle cx="14" cy="14" r="12"/></svg><span class="font-semibold">${b.name}</span></a>
    <nav aria-label="Main"><ul class="flex gap-1">${nav}</ul></nav>
    <div class="header-actions"><a href="/login" class="btn btn-ghost">Log in</a><a href="${cta[1]}" class="btn btn-primary">${cta[0]}</a></div>
    <button class="mobile-menu-toggle md:hidden" aria-expanded="false" aria-controls="mobile-nav"><span class="sr-only">Open menu</span></button>
  </div>
</header>
<main id="main-content">${main}</main>
<footer class="site-footer border-t">
  <div class="container grid grid-cols-4 gap-8">${cols}</div>
  <div class="container footer-bottom"><p>© 2024 ${b.name}. All rights reserved.</p><div class="cookie-settings"><button type="button">Cookie settings</button></div></div>
</footer>
<script>document.querySelector('.mobile-menu-toggle').addEventListener('click',function(e){e.currentTarget.setAttribute('aria-expanded','true')})</script>`,
    `<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="/assets/site.3f9c2.css">${b.head ?? ''}${head}`,
  );
}

const robots = (o: string, extra = '') => `User-agent: *\nDisallow: /app/\nDisallow: /login\nDisallow: /signup\n${extra}\nSitemap: ${o}/sitemap.xml\n`;

// ---------------------------------------------------------------------------------------------------------------
// Tallyhive: time tracking. Plan cards with a monthly/annual toggle; annual shown, monthly in data attributes.

const TALLY: Brand = {
  name: 'Tallyhive',
  origin: 'http://tallyhive.test',
  nav: [
    ['Product', '/#features'],
    ['Pricing', '/pricing'],
    ['Customers', '/customers'],
    ['Developers', '/docs/api'],
    ['Company', '/about'],
    ['Blog', '/blog'],
  ],
  footer: [
    [
      'Product',
      [
        ['Timer', '/#timer'],
        ['Invoices', '/#invoices'],
        ['Pricing', '/pricing'],
        ['Changelog', '/changelog'],
      ],
    ],
    [
      'Company',
      [
        ['About us', '/about'],
        ['Careers', '/careers'],
        ['Blog', '/blog'],
      ],
    ],
    [
      'Resources',
      [
        ['API docs', '/docs/api'],
        ['Security', '/security'],
        ['Status', 'https://status.tallyhive.io'],
      ],
    ],
    [
      'Legal',
      [
        ['Terms of Service', '/legal/terms'],
        ['Privacy Policy', '/legal/privacy'],
      ],
    ],
  ],
  head: `<meta name="description" content="Tallyhive is time tracking and invoicing for agencies and consultancies. Track hours, approve timesheets and bill clients in one place.">
<meta property="og:title" content="Tallyhive — time tracking and invoicing for teams"><meta property="og:type" content="website"><meta property="og:url" content="http://tallyhive.test/">
${ldJson({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Tallyhive',
  legalName: 'Tallyhive Inc.',
  url: 'http://tallyhive.test',
  logo: 'http://tallyhive.test/assets/logo.svg',
  foundingDate: '2016-03-14',
  address: {
    '@type': 'PostalAddress',
    streetAddress: '1120 NW Couch St, Suite 400',
    addressLocality: 'Portland',
    addressRegion: 'OR',
    postalCode: '97209',
    addressCountry: 'US',
  },
  sameAs: ['https://www.linkedin.com/company/tallyhive', 'https://x.com/tallyhive'],
})}`,
};

function tallyPlan(
  name: string,
  blurb: string,
  annual: number | null,
  monthly: number | null,
  unit: string,
  features: string[],
  cta: string,
  featured = false,
) {
  const price =
    annual === null
      ? '<div class="plan-price"><span class="amount amount--custom">Let’s talk</span></div>'
      : `<div class="plan-price"><span class="currency">$</span><span class="amount js-price" data-annual="${annual}" data-monthly="${monthly}">${annual}</span><span class="per">${unit}</span></div>
         <p class="billing-note js-billing-note" data-annual="billed annually" data-monthly="billed monthly">billed annually</p>`;
  return `<div class="plan-card${featured ? ' plan-card--featured' : ''}">${featured ? '<span class="badge">Most popular</span>' : ''}
    <h3 class="plan-name">${name}</h3><p class="plan-blurb">${blurb}</p>${price}
    <a class="btn ${featured ? 'btn-primary' : 'btn-outline'}" href="${annual === null ? '/contact-sales' : '/signup'}">${cta}</a>
    <ul class="plan-features">${features.map((f) => `<li><svg class="check" aria-hidden="true"></svg>${f}</li>`).join('')}</ul></div>`;
}

const tallyhive = routes({
  '/robots.txt': (_q, r) => text(r, robots(TALLY.origin)),
  '/sitemap.xml': (_q, r) =>
    xml(
      r,
      sitemapXml(TALLY.origin, [
        '/',
        '/pricing',
        '/about',
        '/careers',
        '/security',
        '/docs/api',
        '/changelog',
        '/blog',
        '/blog/approvals-without-the-spreadsheet',
        '/legal/terms',
        '/legal/privacy',
      ]),
    ),
  '/': (_q, r) =>
    html(
      r,
      shell(
        TALLY,
        'Tallyhive | Time tracking and invoicing for agencies',
        `<section class="hero"><h1>Know where every hour goes.</h1>
<p class="lead">Tallyhive is time tracking and invoicing for agencies and consultancies. Your team tracks hours from the browser, the desktop app or Slack; you approve timesheets and turn billable time into invoices without a spreadsheet in between.</p>
<div class="hero-ctas"><a class="btn btn-primary" href="/signup">Start tracking free</a><a class="btn btn-ghost" href="/demo">Book a demo</a></div>
<p class="social-proof">Trusted by 9,000+ teams, from two-person studios to 400-person agencies.</p></section>
<section id="features" class="features grid"><div class="feature" id="timer"><h2>Tallyhive Timer</h2><p>One-click timers, idle detection and calendar import. Hours land on the right project and client, every time.</p></div>
<div class="feature" id="invoices"><h2>Tallyhive Invoices</h2><p>Turn approved hours and expenses into branded invoices, send reminders automatically and get paid by card or bank transfer.</p></div>
<div class="feature"><h2>Reports your finance team trusts</h2><p>Budgets, utilization and profitability per project, per client and per person, updated live.</p></div></section>
<section class="testimonial"><blockquote>“We stopped losing a day a month to timesheet chasing.”</blockquote><cite>Maya Ortiz, COO at Fieldnote Studio</cite></section>`,
      ),
    ),
  '/pricing': (_q, r) =>
    html(
      r,
      shell(
        TALLY,
        'Pricing | Tallyhive',
        `<section class="pricing-hero"><h1>Simple pricing that scales with your team</h1><p>Start free. Upgrade when you need approvals, invoicing and integrations. Save 2 months with annual billing.</p>
<div class="billing-toggle" role="radiogroup" aria-label="Billing period"><button role="radio" aria-checked="false" data-period="monthly">Monthly</button><button role="radio" aria-checked="true" data-period="annual" class="active">Annually <span class="pill">Save 17%</span></button></div></section>
<section class="plans grid grid-cols-4">
${tallyPlan('Free', 'For freelancers and tiny teams getting started.', 0, 0, '/seat/mo', ['Up to 3 users', 'Unlimited time tracking', '2 active projects', 'Basic reports'], 'Get started')}
${tallyPlan('Starter', 'For small teams that bill by the hour.', 10, 12, '/seat/mo', ['Unlimited projects', 'Timesheet approvals', 'Invoices and expenses', 'QuickBooks and Xero sync'], 'Start 14-day trial', true)}
${tallyPlan('Business', 'For agencies managing budgets and utilization.', 20, 24, '/seat/mo', ['Everything in Starter', 'Project budgets and forecasting', 'Utilization reports', 'EU data residency', 'SAML single sign-on'], 'Start 14-day trial')}
${tallyPlan('Enterprise', 'For large organizations with custom requirements.', null, null, '', ['Everything in Business', 'Dedicated success manager', 'Custom contracts and invoicing', '99.9% uptime SLA'], 'Contact sales')}
</section>
<section class="faq"><h2>Frequently asked questions</h2>
<details><summary>Is there a free trial?</summary><p>Yes. Starter and Business come with a 14-day free trial, no credit card required.</p></details>
<details><summary>How does per-seat billing work?</summary><p>You pay for each active member of your workspace. Clients and guests who only view reports are free.</p></details>
<details><summary>Can I switch between monthly and annual billing?</summary><p>You can switch from monthly to annual at any time and we will credit the unused part of your month.</p></details></section>
<script>
document.querySelectorAll('.billing-toggle [data-period]').forEach(function (btn) {
  btn.addEventListener('click', function () {
    var period = btn.getAttribute('data-period');
    document.querySelectorAll('.js-price').forEach(function (el) { el.textContent = el.getAttribute('data-' + period); });
    document.querySelectorAll('.js-billing-note').forEach(function (el) { el.textContent = el.getAttribute('data-' + period); });
  });
});
</script>`,
      ),
    ),
  '/about': (_q, r) =>
    html(
      r,
      shell(
        TALLY,
        'About Tallyhive',
        `<article class="prose"><h1>About us</h1>
<p>Tallyhive started in 2016 in a converted warehouse in Portland, Oregon, where our two founders, Dana Whitfield and Arjun Mehta, were running a small design agency. Every month ended the same way: a day lost chasing timesheets, reconciling them against a spreadsheet and rebuilding invoices by hand. They built the first version of Tallyhive for themselves, and three other agencies in the building asked to use it within a month.</p>
<p>Today Tallyhive is used by more than 9,000 teams in 60 countries. Our two products, Tallyhive Timer and Tallyhive Invoices, share one data model, so the hour someone tracks on Tuesday is the same hour that shows up, approved and priced, on the invoice at the end of the month.</p>
<p>We are still headquartered in Portland, with a second office in Toronto and teammates working remotely across North America. We are a profitable, employee-owned company, and we have never taken venture capital: we answer to our customers.</p>
<h2>What we believe</h2><p>Time tracking should be fast enough that nobody resents it, and honest enough that everybody trusts the reports. Everything we ship is measured against those two ideas.</p></article>`,
      ),
    ),
  '/careers': (_q, r) =>
    html(
      r,
      shell(
        TALLY,
        'Careers at Tallyhive',
        `<article class="prose"><h1>Work at Tallyhive</h1>
<p>We are a team of 85 people building calm software for busy teams. We work remotely across the United States and Canada, and we ask everyone to overlap between 10am and 2pm Pacific time; the rest of the day is yours to arrange.</p>
<p>Benefits include health, dental and vision coverage, a $1,500 yearly home-office budget, four weeks of paid vacation plus the week between Christmas and New Year, and 16 weeks of paid parental leave.</p>
<h2>Open roles</h2><ul class="jobs"><li><a href="/careers/senior-backend-engineer">Senior Backend Engineer (Go) — Remote, US or Canada</a></li><li><a href="/careers/product-designer">Product Designer — Remote, US or Canada</a></li><li><a href="/careers/account-executive">Account Executive, Mid-Market — Portland, OR (hybrid)</a></li></ul>
<p>Do not see your role? Write to jobs@tallyhive.io and tell us what you would build.</p></article>`,
      ),
    ),
  '/security': (_q, r) =>
    html(
      r,
      shell(
        TALLY,
        'Security at Tallyhive',
        `<article class="prose"><h1>Security and compliance</h1>
<p>Your timesheets and invoices are business records, and we treat them that way. Tallyhive has completed a SOC 2 Type II audit covering security, availability and confidentiality; customers on Business and Enterprise can request the report under NDA from our trust team.</p>
<h2>Where your data lives</h2><p>By default, customer data is stored in Amazon Web Services in the us-west-2 (Oregon) region. Workspaces on the Business and Enterprise plans can choose EU data residency, in which case all customer data, including backups, is stored in the eu-central-1 (Frankfurt) region and never leaves the European Union.</p>
<h2>Encryption</h2><p>All data is encrypted in transit with TLS 1.2 or higher and at rest with AES-256. Database backups are encrypted and retained for 35 days.</p>
<h2>Access and monitoring</h2><p>Production access is limited to a small on-call group, requires hardware security keys and is logged. We run an external penetration test every year and a public bug bounty program.</p>
<h2>Privacy</h2><p>We are GDPR and CCPA compliant and sign a Data Processing Agreement with every customer who asks. See our <a href="/legal/privacy">Privacy Policy</a>.</p></article>`,
      ),
    ),
  '/docs/api': (_q, r) =>
    html(
      r,
      shell(
        TALLY,
        'Tallyhive API reference',
        `<div class="docs-layout"><aside class="docs-sidebar"><ul><li><a href="#auth">Authentication</a></li><li><a href="#limits">Rate limits</a></li><li><a href="#sdks">Client libraries</a></li><li><a href="#time-entries">Time entries</a></li></ul></aside>
<article class="docs-content"><h1>Tallyhive REST API</h1><p>The Tallyhive API gives you programmatic access to projects, clients, time entries and invoices. All requests go to <code>https://api.tallyhive.io/v2</code> and return JSON.</p>
<h2 id="auth">Authentication</h2><p>Authenticate with a personal access token, created under Profile → Developer settings. Send it in the Authorization header as a bearer token: <code>Authorization: Bearer &lt;token&gt;</code>. Integrations that act on behalf of other workspaces must use OAuth 2.0 instead.</p>
<h2 id="limits">Rate limits</h2><p>Each token may make 100 requests per minute. When you exceed the limit the API answers <code>429 Too Many Requests</code> with a <code>Retry-After</code> header. Bulk endpoints count as one request per call.</p>
<h2 id="sdks">Client libraries</h2><p>We maintain official SDKs for JavaScript (Node.js and browsers), Python and Ruby.</p><pre><code>npm install @tallyhive/api
pip install tallyhive
gem install tallyhive</code></pre>
<h2 id="time-entries">Time entries</h2><pre><code>curl https://api.tallyhive.io/v2/time_entries \\
  -H "Authorization: Bearer $TALLYHIVE_TOKEN"</code></pre></article></div>`,
      ),
    ),
  '/changelog': (_q, r) =>
    html(
      r,
      shell(
        TALLY,
        'Changelog | Tallyhive',
        `<h1>Changelog</h1><p>New features and fixes, newest first.</p>
<article class="entry"><time datetime="2024-11-04">November 4, 2024</time><h2>Timesheet approvals for Business workspaces</h2><p>Managers can now approve or reject a whole week of timesheets at once, with a comment. Rejected weeks are reopened for the team member and highlighted in their timer.</p></article>
<article class="entry"><time datetime="2024-10-21">October 21, 2024</time><h2>Scheduled invoice reminders</h2><p>Set reminders to go out 3, 7 or 14 days after an invoice is due. Reminders stop as soon as the invoice is paid.</p></article>
<article class="entry"><time datetime="2024-09-30">September 30, 2024</time><h2>Xero sync improvements</h2><p>Tax rates now sync both ways, and partially paid invoices are reconciled correctly.</p></article>
<article class="entry"><time datetime="2024-09-02">September 2, 2024</time><h2>Idle detection on Linux</h2><p>The desktop app now detects idle time on Linux (X11 and Wayland).</p></article>`,
      ),
    ),
  '/blog': (_q, r) =>
    html(
      r,
      shell(
        TALLY,
        'Blog | Tallyhive',
        `<h1>The Tallyhive blog</h1><div class="post-list"><article class="post-card"><a href="/blog/approvals-without-the-spreadsheet"><h2>Approvals without the spreadsheet</h2></a><p>How three agencies cut their month-end close from two days to two hours.</p><time datetime="2024-11-05">Nov 5, 2024</time></article>
<article class="post-card"><a href="/blog/utilization-is-not-a-vanity-metric"><h2>Utilization is not a vanity metric</h2></a><p>What a healthy utilization rate looks like, and why 100% is a warning sign.</p><time datetime="2024-10-08">Oct 8, 2024</time></article></div>`,
      ),
    ),
  '/blog/approvals-without-the-spreadsheet': (_q, r) =>
    html(
      r,
      shell(
        TALLY,
        'Approvals without the spreadsheet | Tallyhive',
        `<article class="prose"><h1>Approvals without the spreadsheet</h1><p class="byline">By Dana Whitfield · November 5, 2024</p>
<p>For most agencies, month-end starts with a spreadsheet: a row per person, a column per project, and a long afternoon of messages asking people to fill in their hours. We talked to three of our customers about what changed when approvals moved into Tallyhive.</p>
<p>The short version: when people see their own week laid out, with their calendar next to it, they fix their own gaps. Managers stop being collectors and go back to being reviewers.</p>
<p>The longer version, with numbers, is below. Fieldnote Studio went from a two-day close to a two-hour one; Harbor &amp; Pine found 6% more billable time in the first quarter.</p></article>`,
      ),
    ),
  '/legal/terms': (_q, r) =>
    html(
      r,
      shell(
        TALLY,
        'Terms of Service | Tallyhive',
        `<article class="prose legal"><h1>Terms of Service</h1><p>Last updated: June 1, 2024</p>
<p>These Terms of Service govern your use of the Tallyhive services provided by Tallyhive Inc., an Oregon corporation. By creating an account you agree to these terms.</p>
<h2>4. Fees and payment</h2><p>Paid plans are billed in advance, per active seat, on a monthly or annual basis. Fees do not include taxes, which we will add where required.</p>
<h2>5. Cancellation and refunds</h2><p>You may cancel at any time. Monthly subscriptions are not refundable. If you cancel an annual subscription within 30 days of the start of the term, we will refund the fees you paid for the unused months; after 30 days annual fees are non-refundable.</p>
<h2>6. Your data</h2><p>You own your data. After cancellation you may export it for 60 days, after which we delete it from production systems.</p></article>`,
      ),
    ),
  '/legal/privacy': (_q, r) =>
    html(
      r,
      shell(
        TALLY,
        'Privacy Policy | Tallyhive',
        `<article class="prose legal"><h1>Privacy Policy</h1><p>Last updated: June 1, 2024</p><p>This policy explains what personal data Tallyhive Inc. collects, why, and the choices you have. We collect account information (name, email address), the time entries and invoices you create, and usage data about how the product is used.</p>
<p>We do not sell personal data. We use subprocessors, listed on our subprocessor page, to host and operate the service. You can request access to, correction of or deletion of your personal data by writing to privacy@tallyhive.io.</p></article>`,
      ),
    ),
});

// ---------------------------------------------------------------------------------------------------------------
// BrightCanvas: design tool. Promotional prices next to struck-through list prices. Meta tags only.

const BRIGHT: Brand = {
  name: 'BrightCanvas',
  origin: 'http://brightcanvas.test',
  nav: [
    ['Templates', '/templates'],
    ['Features', '/#features'],
    ['Pricing', '/pricing'],
    ['Blog', '/blog'],
    ['About', '/about'],
  ],
  footer: [
    [
      'BrightCanvas',
      [
        ['About', '/about'],
        ['Careers', '/careers'],
        ['What’s new', '/whats-new'],
      ],
    ],
    [
      'Product',
      [
        ['Pricing', '/pricing'],
        ['Templates', '/templates'],
      ],
    ],
    ['Help', [['Help center', '/help']]],
    [
      'Legal',
      [
        ['Terms', '/legal/terms'],
        ['Privacy', '/legal/privacy'],
      ],
    ],
  ],
  cta: ['Start designing', '/signup'],
  head: `<meta name="description" content="BrightCanvas is an online design tool for social media graphics, presentations and brand kits. Drag, drop, publish.">
<meta property="og:site_name" content="BrightCanvas"><meta property="og:title" content="BrightCanvas — design for everyone"><meta property="og:description" content="Online design tool for social media graphics and brand kits."><meta property="og:image" content="http://brightcanvas.test/og.png"><meta name="twitter:card" content="summary_large_image">`,
};

function brightCard(name: string, list: number | null, promo: number | null, features: string[]) {
  const price =
    list === 0
      ? '<p class="price"><span class="price__now">$0</span> <span class="price__period">forever</span></p>'
      : `<p class="price"><s class="price__was" aria-label="Regular price">$${list}</s> <span class="price__now">$${promo}</span><span class="price__period">/mo</span></p><p class="price__promo">Spring sale: ${Math.round((1 - (promo ?? 0) / (list ?? 1)) * 100)}% off your first 3 months</p>`;
  return `<li class="tier"><div class="tier__head"><h2>${name}</h2>${price}</div><ul class="tier__features">${features.map((f) => `<li>${f}</li>`).join('')}</ul><a href="/signup?plan=${name.toLowerCase()}" class="button">${list === 0 ? 'Sign up free' : `Try ${name}`}</a></li>`;
}

const brightcanvas = routes({
  '/robots.txt': (_q, r) => text(r, robots(BRIGHT.origin, 'Disallow: /editor/\n')),
  '/sitemap.xml': (_q, r) =>
    xml(r, sitemapXml(BRIGHT.origin, ['/', '/pricing', '/about', '/careers', '/whats-new', '/blog', '/templates', '/help', '/legal/terms', '/legal/privacy'])),
  '/': (_q, r) =>
    html(
      r,
      shell(
        BRIGHT,
        'BrightCanvas — Design anything, publish anywhere',
        `<section class="hero hero--gradient"><h1>Design anything. Publish anywhere.</h1><p>BrightCanvas is the online design tool for social media graphics, presentations and everything your brand puts out into the world. Thousands of templates, a drag-and-drop editor and a brand kit that keeps every design on-brand.</p><a class="button button--lg" href="/signup">Start designing — it’s free</a></section>
<section id="features"><div class="feature"><h2>BrightCanvas Editor</h2><p>Resize one design for every network in a click, remove backgrounds, animate text and collaborate in real time.</p></div><div class="feature"><h2>BrightCanvas Brand Kit</h2><p>Lock your logos, colors and fonts so every teammate designs on-brand, even the interns.</p></div></section>`,
      ),
    ),
  '/pricing': (_q, r) =>
    html(
      r,
      shell(
        BRIGHT,
        'Plans & Pricing — BrightCanvas',
        `<section class="pricing"><div class="promo-banner" role="note"><strong>Spring sale</strong> — save on Creator and Studio for your first three months. Ends May 31.</div>
<h1>Plans for every creator</h1><p class="sub">All prices in US dollars. Cancel anytime.</p>
<ul class="tiers">${brightCard('Free', 0, null, ['250,000+ free templates', '5 GB storage', 'Download as PNG, JPG and PDF'])}
${brightCard('Creator', 39, 29, ['Everything in Free', 'Premium templates and stock photos', 'Background remover', 'Brand Kit', '100 GB storage'])}
${brightCard('Studio', 79, 59, ['Everything in Creator', 'Up to 5 people', 'Shared folders and approvals', 'Content planner', '1 TB storage'])}</ul>
<p class="fine-print">Promotional prices apply to the first three monthly payments of new subscriptions; after that the regular price applies. Studio includes up to 5 people; extra people are $12/mo each.</p></section>`,
      ),
    ),
  '/about': (_q, r) =>
    html(
      r,
      shell(
        BRIGHT,
        'About — BrightCanvas',
        `<article class="about"><h1>We believe everyone can design</h1>
<p>BrightCanvas was founded in 2018 by Niamh Keane and Tomás Ferreira, who met while teaching a design night class in Dublin. Their students had great ideas and no patience for professional design software, so they built an editor that a first-timer could use in minutes.</p>
<p>We are headquartered in Dublin, Ireland, on the quays, with a product team in Lisbon. More than 4 million people have made something with BrightCanvas, from bakeries announcing a new loaf to universities launching a campaign.</p>
<p>We make two products: the BrightCanvas Editor, our drag-and-drop design tool, and BrightCanvas Brand Kit, which keeps teams on-brand. Both work in any modern browser; there is nothing to install.</p></article>`,
      ),
    ),
  '/careers': (_q, r) =>
    html(
      r,
      shell(
        BRIGHT,
        'Careers — BrightCanvas',
        `<article class="careers"><h1>Join BrightCanvas</h1><p>We are 120 people across Dublin and Lisbon. Most teams work from the office on Tuesdays and Thursdays and wherever they like the rest of the week. We hire within Ireland and Portugal only, for now.</p>
<p>Everyone gets 25 days of holiday, a learning budget of €1,000 a year and a new laptop of their choice.</p><h2>Open positions</h2><ul><li>Senior Frontend Engineer, Canvas Rendering — Dublin</li><li>Illustrator, Templates — Lisbon</li><li>Customer Support Specialist (Portuguese) — Lisbon</li></ul></article>`,
      ),
    ),
  '/whats-new': (_q, r) =>
    html(
      r,
      shell(
        BRIGHT,
        'What’s new — BrightCanvas',
        `<h1>What’s new</h1><div class="updates"><section><h2>Magic Resize for video</h2><p class="date">Published 12 April 2024</p><p>Magic Resize now works on video designs: one click turns a 16:9 clip into a 9:16 story, with captions repositioned.</p></section>
<section><h2>Brand Kit fonts for Studio</h2><p class="date">Published 28 February 2024</p><p>Studio teams can upload up to 50 custom fonts to their Brand Kit.</p></section></div>`,
      ),
    ),
  '/blog': (_q, r) =>
    html(
      r,
      shell(
        BRIGHT,
        'Blog — BrightCanvas',
        `<h1>Design tips & news</h1><article><h2><a href="/blog/thumbnail-rules">Seven rules for thumbnails that get clicked</a></h2><p>Faces, contrast and three words or fewer. Our designers share what works.</p></article>`,
      ),
    ),
  '/templates': (_q, r) =>
    html(r, shell(BRIGHT, 'Templates — BrightCanvas', '<h1>Templates</h1><p>Instagram posts, YouTube thumbnails, posters, presentations and more.</p>')),
  '/help': (_q, r) =>
    html(
      r,
      shell(
        BRIGHT,
        'Help center — BrightCanvas',
        '<h1>Help center</h1><p>Search our guides, or write to help@brightcanvas.app. Our support team answers in English and Portuguese, Monday to Friday.</p>',
      ),
    ),
  '/legal/terms': (_q, r) =>
    html(
      r,
      shell(
        BRIGHT,
        'Terms of Use — BrightCanvas',
        `<article class="legal"><h1>Terms of Use</h1><p>BrightCanvas Ltd is a company registered in Ireland. These terms apply to everyone who uses BrightCanvas.</p>
<h2>Subscriptions</h2><p>Paid subscriptions renew automatically each month until cancelled. Promotional prices apply only for the period stated in the offer.</p>
<h2>Refunds</h2><p>If you are not happy with a paid plan, contact us within 14 days of your first payment for a full refund. Renewals are not refunded, but you keep access until the end of the paid period.</p></article>`,
      ),
    ),
  '/legal/privacy': (_q, r) =>
    html(
      r,
      shell(
        BRIGHT,
        'Privacy — BrightCanvas',
        '<article class="legal"><h1>Privacy Notice</h1><p>BrightCanvas Ltd is the data controller for personal data processed through BrightCanvas. Designs you upload are stored in the EU.</p></article>',
      ),
    ),
});

// ---------------------------------------------------------------------------------------------------------------
// MosaicDesk: help desk. The plan cards exist twice (a mobile carousel and a desktop grid). Meta tags only.

const MOSAIC: Brand = {
  name: 'MosaicDesk',
  origin: 'http://mosaicdesk.test',
  nav: [
    ['Products', '/#products'],
    ['Pricing', '/pricing'],
    ['Security', '/security'],
    ['Developers', '/developers'],
    ['Company', '/company'],
  ],
  footer: [
    [
      'Company',
      [
        ['About', '/company'],
        ['Careers', '/company/careers'],
        ['Blog', '/blog'],
      ],
    ],
    [
      'Product',
      [
        ['Pricing', '/pricing'],
        ['Release notes', '/release-notes'],
        ['Security', '/security'],
      ],
    ],
    ['Developers', [['API documentation', '/developers']]],
    [
      'Legal',
      [
        ['Terms of Service', '/terms'],
        ['Privacy', '/privacy'],
      ],
    ],
  ],
  cta: ['Free trial', '/trial'],
  head: `<meta name="description" content="MosaicDesk is the customer support help desk that brings email, chat and your help center into one shared inbox.">
<meta property="og:title" content="MosaicDesk | Customer support software"><meta property="og:site_name" content="MosaicDesk">`,
};

const MOSAIC_PLANS: Array<[string, string | null, string, string[]]> = [
  ['Basic', '15', 'For small teams answering email.', ['Shared inbox', 'Email and web forms', 'Canned replies', 'Basic reports']],
  ['Plus', '35', 'For growing teams across channels.', ['Everything in Basic', 'Live chat and WhatsApp', 'Help center', 'SLA rules', 'Custom reports']],
  ['Enterprise', null, 'For support organizations at scale.', ['Everything in Plus', 'Sandbox', 'Data residency', 'Dedicated CSM', 'HIPAA BAA']],
];

const mosaicCard = (variant: 'mobile' | 'desktop') => (p: (typeof MOSAIC_PLANS)[number]) =>
  `<div class="${variant === 'mobile' ? 'swiper-slide' : 'col'}"><div class="card card-plan"><h3>${p[0]}</h3><p class="muted">${p[2]}</p>${
    p[1] === null
      ? '<div class="plan-price"><span class="h2">Custom</span><small>Tailored to your team</small></div><a class="btn" href="/contact">Contact sales</a>'
      : `<div class="plan-price"><span class="h2">$${p[1]}</span><small>per agent / month, billed monthly</small></div><a class="btn" href="/trial">Start free trial</a>`
  }<ul>${p[3].map((f) => `<li>${f}</li>`).join('')}</ul></div></div>`;

const mosaicdesk = routes({
  '/robots.txt': (_q, r) => text(r, robots(MOSAIC.origin)),
  '/sitemap.xml': (_q, r) =>
    xml(
      r,
      sitemapXml(MOSAIC.origin, ['/', '/pricing', '/company', '/company/careers', '/security', '/developers', '/release-notes', '/blog', '/terms', '/privacy']),
    ),
  '/': (_q, r) =>
    html(
      r,
      shell(
        MOSAIC,
        'MosaicDesk | Customer support software for growing teams',
        `<section class="hero"><h1>Every conversation, one calm inbox.</h1><p>MosaicDesk is customer support software that brings email, live chat, WhatsApp and your help center together, so your team can answer faster without tab-switching.</p></section>
<section id="products" class="products"><article><h2>Mosaic Inbox</h2><p>A shared inbox with assignment rules, collision detection and SLAs.</p></article><article><h2>Mosaic Chat</h2><p>Live chat and messaging for your website and apps.</p></article><article><h2>Mosaic Help Center</h2><p>A searchable knowledge base that deflects the easy questions.</p></article></section>`,
      ),
    ),
  '/pricing': (_q, r) =>
    html(
      r,
      shell(
        MOSAIC,
        'Pricing | MosaicDesk',
        `<section class="pricing-header"><h1>Pricing</h1><p>Every plan starts with a 14-day free trial. No credit card required.</p></section>
<div class="pricing-mobile d-md-none" aria-hidden="false"><div class="swiper"><div class="swiper-wrapper">${MOSAIC_PLANS.map(mosaicCard('mobile')).join('')}</div><div class="swiper-pagination"></div></div></div>
<div class="pricing-desktop d-none d-md-block"><div class="row row-cols-3">${MOSAIC_PLANS.map(mosaicCard('desktop')).join('')}</div></div>
<section class="pricing-faq"><h2>Questions</h2><h3>Who counts as an agent?</h3><p>Anyone who replies to customers. Light agents who only leave internal notes are free on Plus and Enterprise.</p><h3>Do you offer discounts?</h3><p>Registered nonprofits and startups under two years old get 50% off Basic and Plus for the first year.</p></section>`,
      ),
    ),
  '/company': (_q, r) =>
    html(
      r,
      shell(
        MOSAIC,
        'About MosaicDesk',
        `<article><h1>Our story</h1><p>MosaicDesk was founded in 2017 by two former support leads, Priya Raman and Cole Bennett, who had spent a decade watching great support agents fight their tools. The company is based in Austin, Texas, in the United States, and today serves 6,500 support teams.</p>
<p>We build three products that share one customer record: Mosaic Inbox, Mosaic Chat and Mosaic Help Center. Our customers range from five-person ecommerce stores to hospital networks.</p>
<p>We raised a Series B in 2022 led by Northgate Ventures, and we are 240 people strong.</p></article>`,
      ),
    ),
  '/company/careers': (_q, r) =>
    html(
      r,
      shell(
        MOSAIC,
        'Careers | MosaicDesk',
        `<article><h1>Careers</h1><p>We work in a hybrid model: our Austin and Dublin offices are open every day and teams come in three days a week (Tuesday to Thursday). A small number of engineering roles are fully remote within the United States.</p>
<h2>Open roles</h2><ul><li>Staff Engineer, Messaging Infrastructure — Remote (US)</li><li>Support Operations Analyst — Austin</li><li>Solutions Engineer, EMEA — Dublin</li></ul></article>`,
      ),
    ),
  '/security': (_q, r) =>
    html(
      r,
      shell(
        MOSAIC,
        'Security | MosaicDesk',
        `<article><h1>Security at MosaicDesk</h1><p>MosaicDesk is ISO/IEC 27001 certified and completes an annual SOC 2 Type II audit. Enterprise customers in healthcare can sign a HIPAA Business Associate Agreement.</p>
<h2>Data residency</h2><p>Customer data is hosted on Google Cloud. Accounts are created in our United States region (Iowa) by default; Enterprise customers can choose the European Union region (Belgium) instead, and all ticket data, attachments and backups then stay in the EU.</p>
<h2>Encryption</h2><p>Data is encrypted in transit with TLS 1.2+ and at rest with AES-256, with keys managed in Google Cloud KMS.</p></article>`,
      ),
    ),
  '/developers': (_q, r) =>
    html(
      r,
      shell(
        MOSAIC,
        'Developer documentation | MosaicDesk',
        `<article class="docs"><h1>MosaicDesk API</h1><p>Use the REST API to create tickets, sync contacts and build apps for the MosaicDesk sidebar.</p>
<h2>Authentication</h2><p>Use HTTP Basic authentication with your agent email address as the username and an API key as the password. API keys are created under Admin → Channels → API.</p>
<h2>Rate limits</h2><p>Basic accounts may make 200 requests per minute; Plus and Enterprise accounts 700 requests per minute.</p>
<h2>SDKs</h2><p>Official client libraries are available for Node.js, PHP and Java.</p></article>`,
      ),
    ),
  '/release-notes': (_q, r) =>
    html(
      r,
      shell(
        MOSAIC,
        'Release notes | MosaicDesk',
        `<h1>Release notes</h1><ul class="timeline"><li><strong>2024-10-15</strong> — WhatsApp templates: send approved WhatsApp message templates from any ticket.</li><li><strong>2024-09-03</strong> — Sandbox accounts for Enterprise.</li><li><strong>2024-07-22</strong> — SLA rules can now pause outside business hours.</li></ul>`,
      ),
    ),
  '/blog': (_q, r) =>
    html(
      r,
      shell(
        MOSAIC,
        'Blog | MosaicDesk',
        '<h1>The MosaicDesk blog</h1><article><h2>How to write a macro your agents will actually use</h2><p>Short, specific and with a clear next step.</p></article>',
      ),
    ),
  '/terms': (_q, r) =>
    html(
      r,
      shell(
        MOSAIC,
        'Terms of Service | MosaicDesk',
        `<article class="legal"><h1>Terms of Service</h1><p>These terms are an agreement between you and MosaicDesk, Inc., a Delaware corporation.</p><h2>Refunds</h2><p>Annual subscriptions cancelled within 14 days of purchase are refunded in full. Monthly subscriptions can be cancelled at any time and are not refunded.</p></article>`,
      ),
    ),
  '/privacy': (_q, r) =>
    html(
      r,
      shell(
        MOSAIC,
        'Privacy | MosaicDesk',
        '<article class="legal"><h1>Privacy Policy</h1><p>MosaicDesk processes customer data as a processor on behalf of its customers.</p></article>',
      ),
    ),
});

// ---------------------------------------------------------------------------------------------------------------
// Tidepool: product analytics. Toggle again, but the monthly price sits in a hidden span. Founding only in prose.

const TIDE: Brand = {
  name: 'Tidepool',
  origin: 'http://tidepool.test',
  nav: [
    ['Product', '/product'],
    ['Docs', '/docs'],
    ['Pricing', '/pricing'],
    ['Changelog', '/changelog'],
    ['About', '/about'],
  ],
  footer: [
    [
      'Product',
      [
        ['Analytics', '/product'],
        ['Replay', '/product#replay'],
        ['Pricing', '/pricing'],
      ],
    ],
    [
      'Developers',
      [
        ['Docs', '/docs'],
        ['Changelog', '/changelog'],
      ],
    ],
    [
      'Company',
      [
        ['About', '/about'],
        ['Jobs', '/jobs'],
        ['Trust center', '/trust'],
      ],
    ],
    [
      'Legal',
      [
        ['Terms', '/terms'],
        ['Privacy', '/privacy'],
        ['DPA', '/dpa'],
      ],
    ],
  ],
  cta: ['Get started', '/signup'],
  head: '<meta name="description" content="Tidepool is privacy-first product analytics: funnels, retention and session replay, hosted in the EU.">',
};

function tidePrice(annual: number, monthly: number) {
  return `<div class="price"><span class="price--annual">$${annual}</span><span class="price--monthly" hidden>$${monthly}</span><span class="interval">/month</span></div>
<p class="price-caption"><span class="price--annual">billed yearly ($${(annual * 12).toLocaleString('en-US')})</span><span class="price--monthly" hidden>billed monthly</span></p>`;
}

const tidepool = routes({
  '/robots.txt': (_q, r) => text(r, robots(TIDE.origin, 'Disallow: /share/\n')),
  '/sitemap.xml': (_q, r) =>
    xml(r, sitemapXml(TIDE.origin, ['/', '/product', '/pricing', '/docs', '/changelog', '/about', '/jobs', '/trust', '/terms', '/privacy', '/dpa'])),
  '/': (_q, r) =>
    html(
      r,
      shell(
        TIDE,
        'Tidepool — Privacy-first product analytics',
        `<section class="hero"><h1>Product analytics without the surveillance.</h1><p>Tidepool gives product teams funnels, retention, paths and session replay, without third-party cookies and with your data kept in the EU. Add one script, see your first funnel in five minutes.</p></section>
<section class="logos"><p>Used by product teams at 3,000+ companies</p></section>`,
      ),
    ),
  '/product': (_q, r) =>
    html(
      r,
      shell(
        TIDE,
        'Product — Tidepool',
        `<h1>Tidepool Analytics and Tidepool Replay</h1><section><h2>Tidepool Analytics</h2><p>Events, funnels, retention cohorts and paths. Query with clicks or SQL.</p></section><section id="replay"><h2>Tidepool Replay</h2><p>Session replay with automatic masking of inputs and text, so personal data never leaves the browser.</p></section>`,
      ),
    ),
  '/pricing': (_q, r) =>
    html(
      r,
      shell(
        TIDE,
        'Pricing — Tidepool',
        `<div class="pricing-page"><h1>Pricing</h1><p class="lead">Start free with 1 million events a month. Pay when you grow.</p>
<div class="switch"><label><input type="checkbox" id="billing-switch" checked> Pay yearly <em>(save ~20%)</em></label></div>
<div class="pricing-grid">
<div class="pricing-col"><h2>Free</h2><div class="price"><span>$0</span><span class="interval">/month</span></div><p>1M events / month · 1 year retention · 5,000 replays</p><a href="/signup">Get started</a></div>
<div class="pricing-col pricing-col--highlight"><h2>Growth</h2>${tidePrice(39, 49)}<p>10M events / month · 3 years retention · 25,000 replays · Group analytics</p><a href="/signup?plan=growth">Start trial</a></div>
<div class="pricing-col"><h2>Scale</h2>${tidePrice(99, 129)}<p>50M events / month · 7 years retention · 100,000 replays · SQL access · SSO</p><a href="/signup?plan=scale">Start trial</a></div>
<div class="pricing-col"><h2>Enterprise</h2><div class="price"><span>Custom</span></div><p>Unlimited events, dedicated infrastructure, custom DPA, uptime SLA.</p><a href="/contact">Talk to us</a></div>
</div></div>
<script>document.getElementById('billing-switch').addEventListener('change',function(e){var y=e.target.checked;document.querySelectorAll('.price--annual').forEach(function(n){n.hidden=!y});document.querySelectorAll('.price--monthly').forEach(function(n){n.hidden=y})});</script>`,
      ),
    ),
  '/docs': (_q, r) =>
    html(
      r,
      shell(
        TIDE,
        'Docs — Tidepool',
        `<div class="docs"><nav class="toc"><a href="#install">Install</a><a href="#auth">Authentication</a><a href="#limits">Limits</a></nav><article>
<h1>Tidepool documentation</h1><p>Send events from your website, apps and servers, then query them from the dashboard or the Query API.</p>
<h2 id="install">Install an SDK</h2><p>Official SDKs: JavaScript (browser), iOS (Swift), Android (Kotlin), Python and Go. Community libraries exist for Ruby and PHP but are not supported by us.</p><pre>npm i @tidepool/browser</pre>
<h2 id="auth">Authentication</h2><p>Client SDKs use your public project key, which can only write events. The Query API uses a secret key sent in the <code>X-Tidepool-Key</code> header; never ship it to a browser.</p>
<h2 id="limits">Limits</h2><p>Ingestion accepts up to 1,000 events per second per project; bursts above that are queued, not dropped. The Query API allows 60 requests per minute per secret key.</p></article></div>`,
      ),
    ),
  '/changelog': (_q, r) =>
    html(
      r,
      shell(
        TIDE,
        'Changelog — Tidepool',
        `<h1>Changelog</h1><div class="changes"><div class="change"><span class="change-date">Oct 30, 2024</span><h3>Funnels: conversion windows up to 90 days</h3><p>Funnels can now use conversion windows of up to 90 days, up from 30.</p></div>
<div class="change"><span class="change-date">Oct 9, 2024</span><h3>Go SDK 1.0</h3><p>The Go SDK is stable.</p></div><div class="change"><span class="change-date">Sep 18, 2024</span><h3>Replay masking rules</h3><p>Mask or unmask elements by CSS selector.</p></div></div>`,
      ),
    ),
  '/about': (_q, r) =>
    html(
      r,
      shell(
        TIDE,
        'About — Tidepool',
        `<article><h1>About Tidepool</h1><p>We started Tidepool in 2020, in the middle of a lockdown, because we were tired of choosing between useful analytics and respecting our users. The founders, Sanne de Vries and Marco Bianchi, previously built data infrastructure at a large European travel company.</p>
<p>Tidepool is headquartered in Amsterdam, the Netherlands, and is a team of 38 people across eleven countries. We are funded by European investors and by our customers.</p>
<p>Our products are Tidepool Analytics and Tidepool Replay. Both are built on the same event store, which runs in the European Union.</p></article>`,
      ),
    ),
  '/jobs': (_q, r) =>
    html(
      r,
      shell(
        TIDE,
        'Jobs — Tidepool',
        '<h1>Jobs</h1><p>We are a remote-first company: you can work from anywhere between UTC-1 and UTC+3, and we meet in Amsterdam twice a year. We currently have one opening: Senior Data Engineer (ClickHouse).</p>',
      ),
    ),
  '/trust': (_q, r) =>
    html(
      r,
      shell(
        TIDE,
        'Trust center — Tidepool',
        `<article><h1>Trust center</h1><p>Tidepool is ISO 27001 certified. We do not currently hold a SOC 2 report.</p><h2>Data residency</h2><p>All Tidepool data is stored and processed in the EU, in Frankfurt, Germany (AWS eu-central-1). Customers who need data in the United States can choose our US region (Virginia) when creating a project.</p><h2>Encryption</h2><p>TLS 1.3 in transit and AES-256 at rest.</p></article>`,
      ),
    ),
  '/terms': (_q, r) =>
    html(
      r,
      shell(
        TIDE,
        'Terms — Tidepool',
        '<article><h1>Terms of Service</h1><p>Tidepool B.V. provides the service. Yearly plans may be cancelled within 30 days for a prorated refund. Monthly plans are not refundable.</p></article>',
      ),
    ),
  '/privacy': (_q, r) => html(r, shell(TIDE, 'Privacy — Tidepool', '<article><h1>Privacy Policy</h1><p>We collect as little as we can.</p></article>')),
  '/dpa': (_q, r) =>
    html(r, shell(TIDE, 'DPA — Tidepool', '<article><h1>Data Processing Agreement</h1><p>Our standard DPA is included in the Terms.</p></article>')),
});

// ---------------------------------------------------------------------------------------------------------------
// CobaltMetrics: monitoring. Per-host price split across <sup>/<span>, a "Custom" enterprise plan. JSON-LD.

const COBALT: Brand = {
  name: 'CobaltMetrics',
  origin: 'http://cobaltmetrics.test',
  nav: [
    ['Platform', '/platform'],
    ['Pricing', '/pricing'],
    ['Docs', '/docs'],
    ['Security', '/security'],
    ['About', '/about'],
    ['Careers', '/careers'],
  ],
  footer: [
    [
      'Platform',
      [
        ['Infrastructure', '/platform#infra'],
        ['APM', '/platform#apm'],
        ['Logs', '/platform#logs'],
      ],
    ],
    [
      'Resources',
      [
        ['Docs', '/docs'],
        ['Changelog', '/changelog'],
      ],
    ],
    [
      'Company',
      [
        ['About', '/about'],
        ['Careers', '/careers'],
        ['Security', '/security'],
      ],
    ],
    [
      'Legal',
      [
        ['Terms', '/legal/terms'],
        ['Privacy', '/legal/privacy'],
      ],
    ],
  ],
  cta: ['Try free', '/signup'],
  head: `<meta name="description" content="CobaltMetrics: infrastructure monitoring, APM and logs in one place.">
${ldJson({
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'WebSite', name: 'CobaltMetrics', url: 'http://cobaltmetrics.test/' },
    {
      '@type': 'Organization',
      name: 'CobaltMetrics',
      url: 'http://cobaltmetrics.test/',
      foundingDate: '2015',
      address: { '@type': 'PostalAddress', addressLocality: 'Denver', addressRegion: 'Colorado', addressCountry: 'United States' },
      founders: [{ '@type': 'Person', name: 'Elena Petrova' }],
    },
  ],
})}`,
};

const cobaltmetrics = routes({
  '/robots.txt': (_q, r) => text(r, robots(COBALT.origin)),
  '/sitemap.xml': (_q, r) =>
    xml(
      r,
      sitemapXml(COBALT.origin, ['/', '/platform', '/pricing', '/docs', '/security', '/about', '/careers', '/changelog', '/legal/terms', '/legal/privacy']),
    ),
  '/': (_q, r) =>
    html(
      r,
      shell(
        COBALT,
        'CobaltMetrics — Monitoring for modern infrastructure',
        `<section class="hero"><h1>See everything. Fix it faster.</h1><p>CobaltMetrics is infrastructure monitoring, application performance monitoring and log management in one platform. Install one agent and get dashboards for your hosts, containers and services in minutes.</p></section>`,
      ),
    ),
  '/platform': (_q, r) =>
    html(
      r,
      shell(
        COBALT,
        'Platform — CobaltMetrics',
        `<h1>The CobaltMetrics platform</h1><section id="infra"><h2>Cobalt Infrastructure</h2><p>Metrics from hosts, containers, Kubernetes and 400 integrations.</p></section><section id="apm"><h2>Cobalt APM</h2><p>Distributed tracing and service maps.</p></section><section id="logs"><h2>Cobalt Logs</h2><p>Search, live tail and log-based alerts.</p></section>`,
      ),
    ),
  '/pricing': (_q, r) =>
    html(
      r,
      shell(
        COBALT,
        'Pricing — CobaltMetrics',
        `<h1>Pricing</h1><p>Infrastructure monitoring is priced per host. APM and Logs are add-ons, priced on the platform page of your account.</p>
<ul class="price-cards">
<li class="price-card"><header><h2>Free</h2><div class="figure"><sup>$</sup>0</div></header><p>Up to 5 hosts, 1-day metric retention, community support.</p><a href="/signup">Start free</a></li>
<li class="price-card price-card--pro"><header><h2>Pro</h2><div class="figure"><sup>$</sup>15<span class="unit">/host/mo*</span></div></header><p>Unlimited hosts, 15-month retention, alerts, 400+ integrations, email support.</p><a href="/signup?plan=pro">Start 14-day trial</a></li>
<li class="price-card"><header><h2>Enterprise</h2><div class="figure figure--text">Custom</div></header><p>Volume discounts, SAML SSO, HIPAA, premium support with a 1-hour response time.</p><a href="/contact">Contact us</a></li>
</ul><p class="footnote">* Billed monthly. Host counts are measured as the 99th percentile of hosts running during the month.</p>`,
      ),
    ),
  '/docs': (_q, r) =>
    html(
      r,
      shell(
        COBALT,
        'Docs — CobaltMetrics',
        `<article class="docs"><h1>Documentation</h1><h2>Authentication</h2><p>Every API call needs an API key in the <code>CM-API-KEY</code> header. Calls that read data also need an application key in <code>CM-APP-KEY</code>. Both are managed under Organization settings.</p>
<h2>Rate limits</h2><p>The metrics query API allows 300 requests per minute per organization. Metric submission is not rate limited, but payloads over 3 MB are rejected.</p>
<h2>Client libraries</h2><p>Official libraries: Python, Go, Java and Node.js. The agent itself runs on Linux, Windows and macOS.</p></article>`,
      ),
    ),
  '/security': (_q, r) =>
    html(
      r,
      shell(
        COBALT,
        'Security — CobaltMetrics',
        `<article><h1>Security</h1><p>CobaltMetrics holds a SOC 2 Type II report and an ISO 27001 certificate, and signs HIPAA Business Associate Agreements on the Enterprise plan.</p><h2>Regions</h2><p>You choose where your data lives when you create your organization: the US region (AWS us-east-1, Virginia) or the EU region (AWS eu-west-1, Ireland). Data never moves between regions.</p><h2>Encryption</h2><p>Everything is encrypted in transit with TLS 1.2+ and at rest with AES-256.</p></article>`,
      ),
    ),
  '/about': (_q, r) =>
    html(
      r,
      shell(
        COBALT,
        'About — CobaltMetrics',
        `<article><h1>About CobaltMetrics</h1><p>CobaltMetrics was founded by Elena Petrova, a former site reliability engineer, after one too many nights debugging with five different tools open. Today 2,400 engineering teams use CobaltMetrics to watch over their infrastructure.</p><p>Our headquarters are in Denver, Colorado. We build Cobalt Infrastructure, Cobalt APM and Cobalt Logs.</p></article>`,
      ),
    ),
  '/careers': (_q, r) =>
    html(
      r,
      shell(
        COBALT,
        'Careers — CobaltMetrics',
        '<h1>Careers</h1><p>CobaltMetrics is a fully remote company within the Americas. Our Denver office is available to anyone who wants a desk. Open roles: Senior SRE, Developer Advocate.</p>',
      ),
    ),
  '/changelog': (_q, r) =>
    html(
      r,
      shell(
        COBALT,
        'Changelog — CobaltMetrics',
        '<h1>Changelog</h1><h2>2024-10-22</h2><p>Kubernetes 1.31 support in the agent.</p><h2>2024-10-01</h2><p>Log pipelines can drop fields before indexing.</p>',
      ),
    ),
  '/legal/terms': (_q, r) =>
    html(
      r,
      shell(
        COBALT,
        'Terms — CobaltMetrics',
        '<article><h1>Terms of Service</h1><p>Fees are non-refundable except where required by law. You can cancel at any time, effective at the end of the billing month.</p></article>',
      ),
    ),
  '/legal/privacy': (_q, r) =>
    html(r, shell(COBALT, 'Privacy — CobaltMetrics', '<article><h1>Privacy Policy</h1><p>We process account data to provide the service.</p></article>')),
});

export const MARKETING_SITES: Record<string, SiteHandler> = {
  'tallyhive.test': tallyhive,
  'brightcanvas.test': brightcanvas,
  'mosaicdesk.test': mosaicdesk,
  'tidepool.test': tidepool,
  'cobaltmetrics.test': cobaltmetrics,
};
