import { html, routes, text, type SiteHandler } from '../respond';
import { ldJson, sitemapXml, xml } from './kit';

/**
 * The blind holdout (test/quality/company-holdout.json): five companies written after the extractors were
 * tuned, by someone who did not read them, to measure how the extractors do on sites nobody tuned them on.
 * Each site has its own markup, as unrelated vendors would; nothing here may be edited to make an extractor pass.
 */

const robots = (host: string, extra = '') => `User-agent: *\n${extra}Allow: /\n\nSitemap: http://${host}/sitemap.xml\n`;

// ---------------------------------------------------------------------------------------------------------------
// Brambleby: booking software for salons and clinics (Wellington). Plan cards with feature lists and a
// monthly/annual switch built as two tab panels (monthly first, annual hidden); facts in JSON-LD and about prose.
// ---------------------------------------------------------------------------------------------------------------

const bramblebyLd = ldJson({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Brambleby',
  url: 'https://brambleby.test',
  logo: 'https://brambleby.test/static/logo.svg',
  foundingDate: '2019-04',
  address: { '@type': 'PostalAddress', streetAddress: '88 Cuba Street', addressLocality: 'Wellington', postalCode: '6011', addressCountry: 'NZ' },
  sameAs: ['https://www.linkedin.com/company/brambleby-example', 'https://www.instagram.com/brambleby.example'],
});

function brambleby(title: string, main: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="en-NZ">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/static/app.css">
${head}
</head>
<body class="bb">
<header class="bb-top">
  <a class="bb-logo" href="/" aria-label="Brambleby home"><img src="/static/logo.svg" alt="Brambleby"></a>
  <nav class="bb-nav" aria-label="Main">
    <details class="bb-drop"><summary>Product</summary>
      <ul>
        <li><a href="/#bookings">Brambleby Bookings</a></li>
        <li><a href="/#reminders">Brambleby Reminders</a></li>
      </ul>
    </details>
    <a href="/pricing">Pricing</a>
    <a href="/help">Help centre</a>
    <a href="/about">Our story</a>
    <a href="/whats-new">What’s new</a>
  </nav>
  <div class="bb-cta"><a href="https://app.brambleby.test/login">Log in</a> <a class="btn" href="https://app.brambleby.test/signup">Start free</a></div>
</header>
<main>
${main}
</main>
<footer class="bb-foot">
  <div><strong>Brambleby</strong><p>Made with care in Aotearoa New Zealand.</p></div>
  <div><h4>Company</h4><a href="/about">Our story</a><a href="/careers">Careers</a><a href="/security">Security</a></div>
  <div><h4>Legal</h4><a href="/legal/terms">Terms of service</a><a href="/legal/privacy">Privacy</a></div>
  <p class="small">© 2024 Brambleby Limited. All rights reserved.</p>
</footer>
</body>
</html>`;
}

const BRAMBLEBY_PATHS = ['/', '/pricing', '/about', '/help', '/security', '/careers', '/whats-new', '/legal/terms', '/legal/privacy'];

const bramblebyCard = (name: string, price: string, per: string, blurb: string, items: string[], cta: string) => `
      <article class="plan">
        <h3 class="plan-name">${name}</h3>
        <p class="plan-blurb">${blurb}</p>
        <p class="plan-price"><span class="amt">${price}</span> <span class="per">${per}</span></p>
        <ul class="plan-list">${items.map((i) => `<li>${i}</li>`).join('')}</ul>
        <a class="btn" href="https://app.brambleby.test/signup">${cta}</a>
      </article>`;

const bramblebyPricing = brambleby(
  'Pricing | Brambleby',
  `
<section class="hero small">
  <h1>Simple pricing that grows with your chair count</h1>
  <p>Start free with one calendar. Upgrade when your team does. No setup fees, no lock-in contracts.</p>
  <div class="switch" role="tablist" aria-label="Billing period">
    <button role="tab" aria-selected="true" aria-controls="bill-monthly" id="tab-monthly">Pay monthly</button>
    <button role="tab" aria-selected="false" aria-controls="bill-yearly" id="tab-yearly">Pay yearly <em>save 2 months</em></button>
  </div>
</section>
<section id="bill-monthly" role="tabpanel" aria-labelledby="tab-monthly" class="plans">
${bramblebyCard('Solo', '$0', 'free forever', 'For independent stylists, therapists and trainers working alone.', ['1 staff calendar', 'Online booking page', 'Email confirmations and reminders', 'Up to 100 bookings a month'], 'Start free')}
${bramblebyCard('Studio', '$24', '/ month', 'For small teams sharing one location.', ['Up to 6 staff calendars', 'SMS reminders (200 a month included)', 'Deposits and no-show fees', 'Class and group bookings', 'Google and Outlook calendar sync'], 'Try Studio free for 14 days')}
${bramblebyCard('Multi-site', '$59', '/ month per location', 'For businesses with more than one door.', ['Unlimited staff calendars', 'SMS reminders (500 a month per location)', 'Shared client records across locations', 'Rostering and staff permissions', 'Reporting by location'], 'Try Multi-site free for 14 days')}
${bramblebyCard('Franchise', 'Talk to us', '', 'For franchise groups and networks of 20+ locations.', ['Everything in Multi-site', 'Central brand controls', 'Single sign-on', 'A named account manager'], 'Book a call')}
</section>
<section id="bill-yearly" role="tabpanel" aria-labelledby="tab-yearly" class="plans" hidden>
${bramblebyCard('Solo', '$0', 'free forever', 'For independent stylists, therapists and trainers working alone.', ['1 staff calendar', 'Online booking page', 'Email confirmations and reminders'], 'Start free')}
${bramblebyCard('Studio', '$20', '/ month, billed yearly at $240', 'For small teams sharing one location.', ['Up to 6 staff calendars', 'SMS reminders (200 a month included)', 'Deposits and no-show fees'], 'Try Studio free for 14 days')}
${bramblebyCard('Multi-site', '$49', '/ month per location, billed yearly at $588', 'For businesses with more than one door.', ['Unlimited staff calendars', 'Shared client records across locations'], 'Try Multi-site free for 14 days')}
${bramblebyCard('Franchise', 'Talk to us', '', 'For franchise groups and networks of 20+ locations.', ['Everything in Multi-site', 'Single sign-on'], 'Book a call')}
</section>
<section class="faq">
  <h2>Questions, answered</h2>
  <details><summary>What happens if I send more than my included texts?</summary><p>Extra SMS credits are sold in packs: $5 for 100 messages, and unused credits roll over for 12 months. We never top you up without asking.</p></details>
  <details><summary>Which currency are prices in?</summary><p>All prices are in US dollars and exclude GST or VAT where it applies. Your card is charged in USD.</p></details>
  <details><summary>Can I change plans later?</summary><p>Yes. Upgrades take effect straight away and are prorated; downgrades apply from your next billing date.</p></details>
</section>
<script>
document.querySelectorAll('[role=tab]').forEach(function (t) {
  t.addEventListener('click', function () {
    document.querySelectorAll('[role=tab]').forEach(function (o) { o.setAttribute('aria-selected', String(o === t)); document.getElementById(o.getAttribute('aria-controls')).hidden = o !== t; });
  });
});
</script>`,
  '<meta name="description" content="Brambleby plans: free for solo practitioners, then Studio and Multi-site for teams.">',
);

const BRAMBLEBY_SITE: SiteHandler = routes({
  '/': (_q, res) =>
    html(
      res,
      brambleby(
        'Brambleby: online booking for salons, clinics and studios',
        `
<section class="hero">
  <h1>Fill your chairs, not your inbox.</h1>
  <p>Brambleby is online booking and appointment reminders for salons, barbers, physios and fitness studios. Clients book themselves in at 11pm; you wake up to a full day.</p>
  <a class="btn" href="https://app.brambleby.test/signup">Start free</a> <a href="/pricing">See pricing</a>
</section>
<section id="bookings" class="feature">
  <h2>Brambleby Bookings</h2>
  <p>A booking page that looks like your business, not like ours. Show real availability across your whole team, take deposits up front and let clients reschedule without phoning you.</p>
</section>
<section id="reminders" class="feature">
  <h2>Brambleby Reminders</h2>
  <p>Text and email reminders that clients actually read. Our customers see no-shows drop by around a third in their first three months.</p>
</section>
<section class="quotes">
  <blockquote>“We stopped answering the phone during cuts. That alone paid for it.” <cite>Mere, owner of Kōwhai Hair, Lower Hutt</cite></blockquote>
</section>`,
        `<meta name="description" content="Online booking, deposits and SMS reminders for appointment-based businesses.">${bramblebyLd}`,
      ),
    ),
  '/pricing': (_q, res) => html(res, bramblebyPricing),
  '/about': (_q, res) =>
    html(
      res,
      brambleby(
        'Our story | Brambleby',
        `
<article class="prose">
  <h1>Our story</h1>
  <p>Brambleby began at a kitchen table in Wellington in 2019. Our co-founder Hana was running a two-chair salon on Cuba Street and losing an hour a day to phone bookings and another to chasing clients who didn’t turn up. The booking tools she tried were built for hotel chains, priced like it, and looked it.</p>
  <p>So she and her brother Tom, a developer who had spent a decade building payment systems, wrote their own. Within a year, forty salons down the street were using it, and Brambleby became a company.</p>
  <p>Today more than 6,000 small businesses in New Zealand, Australia and the UK take their bookings through Brambleby. We are still headquartered in Wellington, with a second team in Melbourne, and we are still small enough that the founders answer support tickets on Fridays.</p>
  <h2>What we believe</h2>
  <p>Small businesses deserve software as good as the big chains get. That means honest pricing, no long contracts, and a product that works on a phone held in one hand while the other holds a pair of scissors.</p>
</article>`,
      ),
    ),
  '/help': (_q, res) =>
    html(
      res,
      brambleby(
        'Help centre | Brambleby',
        `
<div class="help">
  <aside><h4>Getting started</h4><a href="/help">Setting up your calendar</a><a href="/help">Deposits</a><a href="/help">Reminders</a></aside>
  <article class="prose">
    <h1>Help centre</h1>
    <h2>Setting up your booking page</h2>
    <p>Add your services, their length and their price, then add each staff member and the services they offer. Your booking page goes live as soon as one service and one staff member exist. You can embed it on your own website with a single line of code, or link to it from Instagram and Google.</p>
    <h2>Reminders</h2>
    <p>Reminder texts go out 24 hours before the appointment by default. You can change that to anywhere between 2 and 72 hours, add a second reminder, or switch texts off for clients who prefer email. Replies of “C” confirm the booking; anything else is forwarded to your inbox.</p>
    <h2>Deposits and no-show fees</h2>
    <p>On Studio and Multi-site plans you can ask for a deposit as a fixed amount or as a percentage of the service price. Deposits are taken by card when the client books and paid out to your bank account with your normal settlement. No-show fees are charged to the card on file only when you mark the appointment as a no-show.</p>
    <h2>Moving from another booking system</h2>
    <p>Send us a CSV export of your clients and future appointments and our team will import them for free, usually within two working days.</p>
  </article>
</div>`,
      ),
    ),
  '/security': (_q, res) =>
    html(
      res,
      brambleby(
        'Security and data | Brambleby',
        `
<article class="prose">
  <h1>Security and your clients’ data</h1>
  <p>You trust us with your clients’ names, phone numbers and sometimes notes about their treatments. We take that seriously.</p>
  <h2>Where your data lives</h2>
  <p>All Brambleby customer data is hosted on Amazon Web Services in the Sydney region (ap-southeast-2), with encrypted backups replicated to a second Sydney availability zone. We chose Sydney because it keeps data close to the businesses we serve and under Australian and New Zealand privacy law.</p>
  <h2>How we protect it</h2>
  <p>Data is encrypted in transit with TLS 1.2 or higher and at rest with AES-256. Card details never touch our servers: payments are handled by our PCI DSS Level 1 payment partner. Staff access to production is limited to four engineers and requires hardware security keys.</p>
  <h2>Reporting a vulnerability</h2>
  <p>Found something? Email security@brambleby.test. We reply within two working days and we don’t take legal action against good-faith research.</p>
</article>`,
      ),
    ),
  '/careers': (_q, res) =>
    html(
      res,
      brambleby(
        'Careers | Brambleby',
        `
<article class="prose">
  <h1>Work with us</h1>
  <p>We are a team of 38 across Wellington and Melbourne. Most of us work from one of the two offices three days a week; the rest of the week is yours to spend wherever you work best.</p>
  <h2>Open roles</h2>
  <ul><li>Senior Backend Engineer (Wellington)</li><li>Customer Success Lead, Australia (Melbourne)</li><li>Product Designer (Wellington or Melbourne)</li></ul>
  <p>Don’t see your role? Write to jobs@brambleby.test and tell us what you would build.</p>
</article>`,
      ),
    ),
  '/whats-new': (_q, res) =>
    html(
      res,
      brambleby(
        'What’s new | Brambleby',
        `
<section class="changes">
  <h1>What’s new</h1>
  <article><time datetime="2024-10-22">22 October 2024</time><h2>Waitlists</h2><p>When a slot frees up, clients on the waitlist get a text and the first to reply gets the booking.</p></article>
  <article><time datetime="2024-09-03">3 September 2024</time><h2>Outlook calendar sync</h2><p>Studio and Multi-site plans now sync both ways with Outlook as well as Google Calendar.</p></article>
  <article><time datetime="2024-07-15">15 July 2024</time><h2>Group classes</h2><p>Sell spaces in a class, with a cap and a waitlist of its own.</p></article>
</section>`,
      ),
    ),
  '/legal/terms': (_q, res) =>
    html(
      res,
      brambleby(
        'Terms of service | Brambleby',
        `
<article class="prose legal">
  <h1>Terms of service</h1>
  <p>Last updated 1 August 2024. These terms are between you and Brambleby Limited, a company registered in New Zealand.</p>
  <h2>1. Subscriptions</h2>
  <p>Paid plans renew automatically each month or each year, depending on the period you chose. You can cancel at any time from your account settings; cancellation takes effect at the end of the current period.</p>
  <h2>2. Refunds</h2>
  <p>Monthly fees are not refunded. If you cancel a yearly plan within 14 days of paying for it, we refund the full amount.</p>
  <h2>3. Your data</h2>
  <p>You own your client data. When you close your account you can export it, and we delete it from our systems 90 days later.</p>
  <h2>4. Governing law</h2>
  <p>These terms are governed by the laws of New Zealand.</p>
</article>`,
      ),
    ),
  '/legal/privacy': (_q, res) =>
    html(
      res,
      brambleby(
        'Privacy policy | Brambleby',
        `
<article class="prose legal">
  <h1>Privacy policy</h1>
  <p>This policy explains what personal information Brambleby collects, why, and what choices you have. For the data you keep about your own clients, you are the controller and we process it on your behalf.</p>
  <p>We collect account details (name, email, business name), billing details, and usage data about how the product is used. We do not sell personal information and we do not use your clients’ details for marketing.</p>
  <p>Questions about privacy go to our privacy officer at privacy@brambleby.test.</p>
</article>`,
      ),
    ),
  '/robots.txt': (_q, res, ctx) => text(res, robots(ctx.host)),
  '/sitemap.xml': (_q, res, ctx) => xml(res, sitemapXml(`http://${ctx.host}`, BRAMBLEBY_PATHS, '2024-10-22')),
});

// ---------------------------------------------------------------------------------------------------------------
// Parcelkite: a shipping API (Rotterdam). Usage-only rate table, "contact us" for high volume; facts only in
// about prose and a company address block; a free sandbox that is not a free tier.
// ---------------------------------------------------------------------------------------------------------------

function parcelkite(title: string, body: string, desc: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${title}</title>
  <meta name="description" content="${desc}">
  <meta name="viewport" content="width=device-width">
</head>
<body>
  <div id="topbar">
    <a href="/" class="wordmark">parcelkite</a>
    <ul class="menu">
      <li><a href="/docs">Docs</a></li>
      <li><a href="/pricing">Pricing</a></li>
      <li><a href="/changelog">Changelog</a></li>
      <li><a href="/about">Company</a></li>
      <li><a href="https://status.parcelkite.test">Status</a></li>
      <li><a class="cta" href="https://dashboard.parcelkite.test/signup">Get API keys</a></li>
    </ul>
  </div>
  ${body}
  <div id="footer">
    <span>© Parcelkite B.V.</span> · <a href="/legal/terms">Terms</a> · <a href="/legal/dpa">DPA</a> · <a href="/about">About</a>
  </div>
</body>
</html>`;
}

const PARCELKITE_PATHS = ['/', '/pricing', '/docs', '/changelog', '/about', '/legal/terms', '/legal/dpa'];

const PARCELKITE_SITE: SiteHandler = routes({
  '/': (_q, res) =>
    html(
      res,
      parcelkite(
        'Parcelkite — one API for every carrier',
        `
  <div class="hero">
    <h1>One shipping API. Every carrier your customers expect.</h1>
    <p class="lede">Parcelkite is a shipping API for online shops and marketplaces in Europe. Compare rates, print labels and track parcels across 40+ carriers with one integration and one invoice.</p>
    <pre class="snippet">curl https://api.parcelkite.test/v2/labels \\
  -u pk_live_xxx: \\
  -d carrier=postnl -d service=standard -d to[postal_code]=1017AB</pre>
  </div>
  <div class="grid three">
    <div class="tile"><h3>Parcelkite Labels</h3><p>Create carrier-compliant labels as PDF or ZPL in one call, including customs documents for shipments leaving the EU.</p></div>
    <div class="tile"><h3>Parcelkite Rates</h3><p>Quote every carrier and service for a parcel in under 300 ms and pick the cheapest, the fastest or the greenest.</p></div>
    <div class="tile"><h3>Parcelkite Tracking</h3><p>One normalised tracking timeline and webhooks for every parcel, whichever carrier moves it.</p></div>
  </div>
  <p class="logos">Trusted by 1,400 shops, from one-person studios to Benelux marketplaces.</p>`,
        'Parcelkite: shipping API for labels, rates and tracking across European carriers.',
      ),
    ),
  '/pricing': (_q, res) =>
    html(
      res,
      parcelkite(
        'Pricing — Parcelkite',
        `
  <div class="narrow">
    <h1>Pay per parcel. That’s it.</h1>
    <p>No monthly fee, no seats, no minimum commitment. You are billed at the end of each month for what you used, in US dollars.</p>
    <table class="rates">
      <thead><tr><th>API</th><th>Price</th><th>Billed</th><th>What counts</th></tr></thead>
      <tbody>
        <tr><td>Labels</td><td>$0.05</td><td>per label</td><td>Each label created in live mode. Voided labels are credited.</td></tr>
        <tr><td>Rates</td><td>$1.00</td><td>per 1,000 rate requests</td><td>A request quoting any number of carriers counts once.</td></tr>
        <tr><td>Tracking</td><td>$2.50</td><td>per 1,000 tracked shipments</td><td>Shipments labelled through Parcelkite are tracked free.</td></tr>
        <tr><td>High volume</td><td>Contact us</td><td>—</td><td>More than 250,000 labels a month? We’ll put together volume pricing.</td></tr>
      </tbody>
    </table>
    <h2>Good to know</h2>
    <ul>
      <li>Sandbox keys are free for development. Labels created with a sandbox key are watermarked and can’t be used to ship.</li>
      <li>Carrier postage is charged by your carrier account as usual, or passed through at cost if you use our negotiated rates.</li>
      <li>Address validation is included in every call at no extra cost.</li>
    </ul>
  </div>`,
        'Parcelkite pricing: pay per label, per rate request and per tracked shipment.',
      ),
    ),
  '/docs': (_q, res) =>
    html(
      res,
      parcelkite(
        'API reference — Parcelkite Docs',
        `
  <div class="docs">
    <nav class="toc"><a href="#auth">Authentication</a><a href="#carriers">Carriers</a><a href="#limits">Rate limits</a><a href="#webhooks">Webhooks</a></nav>
    <div class="content">
      <h1>Parcelkite API v2</h1>
      <p>The Parcelkite API is organised around REST. It accepts form-encoded or JSON request bodies, returns JSON, and uses standard HTTP status codes.</p>
      <h2 id="auth">Authentication</h2>
      <p>Authenticate with your secret key as the basic-auth username. Keys beginning <code>pk_test_</code> work in the sandbox; keys beginning <code>pk_live_</code> create real labels.</p>
      <h2 id="carriers">Supported carriers</h2>
      <p>Parcelkite connects to PostNL, DHL Parcel, DPD, UPS, GLS, bpost, Colissimo and 35 regional carriers. Bring your own carrier contract, or ship on our negotiated rates from day one.</p>
      <h2 id="limits">Rate limits</h2>
      <p>Each live key may make 25 requests per second, with bursts up to 50. Sandbox keys are limited to 5 requests per second. Requests over the limit receive HTTP 429 with a Retry-After header.</p>
      <h2 id="webhooks">Webhooks</h2>
      <p>Subscribe to <code>tracker.updated</code> to receive every scan event. Webhooks are signed with HMAC-SHA256 and retried with exponential backoff for 72 hours.</p>
      <h2>Label storage</h2>
      <p>Label PDFs are kept for 90 days after creation and can be downloaded again from the label URL during that time.</p>
    </div>
  </div>`,
        'Parcelkite API reference: authentication, carriers, rate limits and webhooks.',
      ),
    ),
  '/changelog': (_q, res) =>
    html(
      res,
      parcelkite(
        'Changelog — Parcelkite',
        `
  <div class="narrow log">
    <h1>Changelog</h1>
    <div class="entry"><h3>2024-11-04 · v2.14</h3><p>Return labels for Belgium: create bpost and DPD return labels that customers can drop at any pickup point.</p></div>
    <div class="entry"><h3>2024-10-09 · v2.13</h3><p>Rates now include CO₂ estimates per service, so you can offer a “greenest” option at checkout.</p></div>
    <div class="entry"><h3>2024-08-27 · v2.12</h3><p>ZPL labels at 300 dpi for industrial printers.</p></div>
  </div>`,
        'What changed in the Parcelkite API.',
      ),
    ),
  '/about': (_q, res) =>
    html(
      res,
      parcelkite(
        'About us — Parcelkite',
        `
  <div class="narrow">
    <h1>We make shipping boring (in a good way)</h1>
    <p>Parcelkite was started in 2017 by three engineers who had spent too many nights on call for a webshop’s warehouse. Every carrier had its own API, its own label format and its own idea of what “delivered” meant. We built the one integration we wished we’d had.</p>
    <p>Seven years later we move labels for more than 1,400 shops and marketplaces, mostly in the Netherlands, Belgium, Germany and France. We are profitable, independent and a team of 27.</p>
    <p>We work from our office overlooking the Maashaven in Rotterdam, and we like visitors: come by for coffee if you’re in town.</p>
    <address>
      Parcelkite B.V.<br>
      Maashaven Zuidzijde 2<br>
      3081 AE Rotterdam<br>
      The Netherlands<br>
      KvK 68123456 · VAT NL857123456B01
    </address>
  </div>`,
        'About Parcelkite, the shipping API company from Rotterdam.',
      ),
    ),
  '/legal/terms': (_q, res) =>
    html(
      res,
      parcelkite(
        'Terms of Service — Parcelkite',
        `
  <div class="narrow legal">
    <h1>Terms of Service</h1>
    <p>These terms govern your use of the Parcelkite API and dashboard, provided by Parcelkite B.V.</p>
    <h2>Fees and invoicing</h2>
    <p>Usage is invoiced monthly in arrears. Invoices are payable within 14 days. Unpaid invoices older than 30 days may lead to suspension of live API keys.</p>
    <h2>Service levels</h2>
    <p>We aim for 99.9% monthly availability of the API. Carrier outages are outside our control and are not counted.</p>
    <h2>Law</h2>
    <p>Dutch law applies. Disputes go to the competent court in Rotterdam.</p>
  </div>`,
        'Parcelkite terms of service.',
      ),
    ),
  '/legal/dpa': (_q, res) =>
    html(
      res,
      parcelkite(
        'Data Processing Agreement — Parcelkite',
        `
  <div class="narrow legal">
    <h1>Data Processing Agreement</h1>
    <p>When you send us recipient names and addresses to create labels, Parcelkite processes that personal data on your behalf under Article 28 GDPR.</p>
    <p>All processing takes place in the European Union. Our production systems run in Google Cloud’s europe-west4 region in the Netherlands. Recipient data is deleted 180 days after a shipment is delivered.</p>
    <p>Our sub-processors are the carriers you choose to ship with, Google Cloud, and Postmark for transactional email.</p>
  </div>`,
        'Parcelkite data processing agreement.',
      ),
    ),
  '/robots.txt': (_q, res, ctx) => text(res, robots(ctx.host, 'Disallow: /dashboard/\n')),
  '/sitemap.xml': (_q, res, ctx) => xml(res, sitemapXml(`http://${ctx.host}`, PARCELKITE_PATHS, '2024-11-04')),
});

// ---------------------------------------------------------------------------------------------------------------
// Ardentry: compliance automation (Columbus, Ohio). Prices stated only per year ($7,500 / year), an enterprise
// "talk to us", an auditor fee in the FAQ that is not a plan; facts in meta tags and about prose only.
// ---------------------------------------------------------------------------------------------------------------

function ardentry(title: string, content: string, description: string): string {
  return `<!DOCTYPE html>
<html lang="en-US">
<head>
<meta charset="UTF-8">
<title>${title}</title>
<meta name="description" content="${description}">
<meta property="og:site_name" content="Ardentry">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta name="twitter:card" content="summary_large_image">
</head>
<body>
<div class="wrap">
<header role="banner">
  <a href="/" class="brand">Ardentry</a>
  <ul class="primary">
    <li><a href="/platform">Platform</a></li>
    <li><a href="/pricing">Pricing</a></li>
    <li><a href="/trust">Trust</a></li>
    <li><a href="/about">About</a></li>
    <li><a href="/careers">Careers</a></li>
    <li><a href="/demo" class="button">Get a demo</a></li>
  </ul>
</header>
${content}
<footer role="contentinfo">
  <p>Ardentry, Inc. · <a href="/privacy">Privacy</a> · <a href="/terms">Terms</a> · <a href="/trust">Trust center</a></p>
</footer>
</div>
</body>
</html>`;
}

const ARDENTRY_PATHS = ['/', '/platform', '/pricing', '/trust', '/about', '/careers', '/demo', '/terms', '/privacy'];

const ARDENTRY_SITE: SiteHandler = routes({
  '/': (_q, res) =>
    html(
      res,
      ardentry(
        'Ardentry | Compliance automation for SOC 2, ISO 27001 and HIPAA',
        `
<section class="hero">
  <h1>Get audit-ready in weeks, and stay that way.</h1>
  <p>Ardentry automates compliance for fast-growing software companies: it connects to your cloud, code and HR tools, collects evidence continuously and tells you exactly what to fix before your auditor does.</p>
  <p><a class="button" href="/demo">Get a demo</a></p>
</section>
<section class="products">
  <div><h2>Ardentry Monitor</h2><p>Over 250 automated tests run against AWS, GCP, Azure, GitHub and Okta every hour, mapped to the controls of each framework.</p></div>
  <div><h2>Ardentry Trust Center</h2><p>A public page that answers security questionnaires before they’re sent, with gated access to your SOC 2 report.</p></div>
</section>
<section class="proof"><p>Over 900 companies have passed their audits with Ardentry.</p></section>`,
        'Ardentry automates SOC 2, ISO 27001 and HIPAA compliance with continuous monitoring and evidence collection.',
      ),
    ),
  '/platform': (_q, res) =>
    html(
      res,
      ardentry(
        'The Ardentry platform',
        `
<main>
<h1>One platform, every framework</h1>
<p>Ardentry supports SOC 2, ISO 27001, HIPAA, GDPR and PCI DSS out of the box. Controls are shared across frameworks, so the work you do for SOC 2 counts toward ISO 27001 too.</p>
<h2>Ardentry Monitor</h2>
<p>Connect your infrastructure in minutes with read-only integrations. Monitor checks encryption settings, MFA, access reviews, vendor risk and employee onboarding, and opens a ticket in Jira or Linear when something drifts.</p>
<h2>Ardentry Trust Center</h2>
<p>Publish your security posture, subprocessors and policies on a branded page. Prospects request your SOC 2 report and sign an NDA in one click.</p>
<h2>Integrations</h2>
<p>AWS, Google Cloud, Azure, GitHub, GitLab, Okta, Google Workspace, Microsoft 365, Rippling, Gusto, BambooHR, Jira, Linear and Slack.</p>
</main>`,
        'Ardentry Monitor and Ardentry Trust Center: continuous compliance for SOC 2, ISO 27001, HIPAA and more.',
      ),
    ),
  '/pricing': (_q, res) =>
    html(
      res,
      ardentry(
        'Pricing | Ardentry',
        `
<main class="pricing">
<h1>Plans for every stage of your compliance program</h1>
<p>All plans are billed annually and include onboarding with a compliance specialist.</p>
<div class="tiers">
  <div class="tier">
    <h2>Essentials</h2>
    <p class="for">For startups going after their first SOC 2 report.</p>
    <p class="cost"><b>$7,500</b> / year</p>
    <ul><li>One framework</li><li>Up to 50 employees</li><li>Ardentry Monitor</li><li>Policy templates</li></ul>
  </div>
  <div class="tier featured">
    <h2>Growth</h2>
    <p class="for">For companies selling to enterprises in more than one market.</p>
    <p class="cost"><b>$15,000</b> / year</p>
    <ul><li>Up to three frameworks</li><li>Up to 250 employees</li><li>Ardentry Monitor and Ardentry Trust Center</li><li>Vendor risk management</li></ul>
  </div>
  <div class="tier">
    <h2>Enterprise</h2>
    <p class="for">For larger organisations with custom frameworks and several business units.</p>
    <p class="cost"><b>Talk to us</b></p>
    <ul><li>Unlimited frameworks</li><li>Custom controls</li><li>SSO and SCIM</li><li>Dedicated compliance manager</li></ul>
  </div>
</div>
<h2>Frequently asked</h2>
<h3>Is the audit included?</h3>
<p>No. Your audit is performed by an independent CPA firm. Through our partner network, SOC 2 Type I audits start at $5,000, billed directly by the auditor.</p>
<h3>Do you offer monthly billing?</h3>
<p>Not at the moment: every plan is an annual subscription, payable up front or in quarterly instalments.</p>
</main>`,
        'Ardentry pricing: Essentials, Growth and Enterprise plans, billed annually.',
      ),
    ),
  '/trust': (_q, res) =>
    html(
      res,
      ardentry(
        'Trust center | Ardentry',
        `
<main>
<h1>Ardentry Trust Center</h1>
<p>We ask our customers to hold themselves to a high bar. We hold ourselves to a higher one.</p>
<h2>Certifications</h2>
<p>Ardentry has a SOC 2 Type II report covering security, availability and confidentiality, renewed every year, and is certified to ISO/IEC 27001:2022. Reports are available under NDA.</p>
<h2>Infrastructure</h2>
<p>Ardentry runs on AWS in us-east-2 (Ohio), with disaster recovery in us-west-2 (Oregon). Customers on Enterprise plans can choose hosting in eu-west-1 (Ireland).</p>
<h2>Access to your environment</h2>
<p>Every integration uses read-only credentials scoped to the minimum permissions needed. We never request write access to your cloud accounts.</p>
</main>`,
        'How Ardentry secures customer data: certifications, infrastructure and access.',
      ),
    ),
  '/about': (_q, res) =>
    html(
      res,
      ardentry(
        'About | Ardentry',
        `
<main>
<h1>About Ardentry</h1>
<p>Ardentry was founded in 2020 by Priya Raman and Marcus Lee, who had led security at two B2B software companies and spent most of that time in spreadsheets proving controls to auditors rather than improving them.</p>
<p>The company is based in Columbus, Ohio, where most of our 140 people work from an office in the Short North. We also have a small team in Toronto.</p>
<p>Ardentry is backed by Northbeam Ventures and Harlow Capital and has raised $48 million to date.</p>
</main>`,
        'About Ardentry, the compliance automation company based in Columbus, Ohio.',
      ),
    ),
  '/careers': (_q, res) =>
    html(
      res,
      ardentry(
        'Careers | Ardentry',
        `
<main>
<h1>Careers at Ardentry</h1>
<p>We’re hiring people who like turning messy, manual work into software.</p>
<h2>How we work</h2>
<p>We are a hybrid company: we work together in our Columbus office three days a week, Tuesday to Thursday. Roles in our Toronto team follow the same rhythm. A small number of senior roles are open to fully remote candidates in the United States; those are marked on the listing.</p>
<h2>Benefits</h2>
<p>Medical, dental and vision coverage, a 401(k) with a 4% match, 20 days of paid time off plus company holidays, and a yearly learning budget.</p>
<h2>Open positions</h2>
<ul><li>Staff Software Engineer, Integrations</li><li>Compliance Specialist</li><li>Account Executive, Mid-Market</li></ul>
</main>`,
        'Careers at Ardentry.',
      ),
    ),
  '/demo': (_q, res) =>
    html(
      res,
      ardentry(
        'Get a demo | Ardentry',
        `
<main>
<h1>See Ardentry in action</h1>
<p>Tell us a little about your company and we’ll show you how teams like yours get to their first audit.</p>
<form action="/demo" method="post"><label>Work email <input type="email" name="email"></label><label>Company size <select name="size"><option>1–50</option><option>51–250</option><option>250+</option></select></label><button>Request demo</button></form>
</main>`,
        'Book a demo of Ardentry.',
      ),
    ),
  '/terms': (_q, res) =>
    html(
      res,
      ardentry(
        'Master Subscription Agreement | Ardentry',
        `
<main class="legal">
<h1>Master Subscription Agreement</h1>
<p>This agreement governs Customer’s use of the Ardentry services. By signing an order form, Customer agrees to these terms.</p>
<h2>Term and renewal</h2>
<p>Subscriptions run for the term in the order form, usually twelve months, and renew for the same term unless either party gives notice at least 30 days before the end of the term.</p>
<h2>Fees</h2>
<p>Fees are payable annually in advance unless the order form says otherwise, and are non-refundable except as stated in this agreement.</p>
<h2>Governing law</h2>
<p>This agreement is governed by the laws of the State of Ohio.</p>
</main>`,
        'Ardentry terms.',
      ),
    ),
  '/privacy': (_q, res) =>
    html(
      res,
      ardentry(
        'Privacy Notice | Ardentry',
        `
<main class="legal">
<h1>Privacy Notice</h1>
<p>This notice describes how Ardentry, Inc. collects and uses personal information about visitors to our website and users of our services.</p>
<p>We use personal information to provide and improve the services, to communicate with you and to comply with the law. We do not sell personal information.</p>
</main>`,
        'Ardentry privacy notice.',
      ),
    ),
  '/robots.txt': (_q, res, ctx) => text(res, robots(ctx.host)),
  '/sitemap.xml': (_q, res, ctx) => xml(res, sitemapXml(`http://${ctx.host}`, ARDENTRY_PATHS, '2024-09-30')),
});

// ---------------------------------------------------------------------------------------------------------------
// Cartonnier: invoicing software for French tradespeople (Nantes). French-language site; prices in euros excluding
// VAT ("24,50 € HT / mois"), "Sur devis" for accountants; a paid add-on and a 30-day trial that are not plans.
// ---------------------------------------------------------------------------------------------------------------

const cartonnierLd = ldJson({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Cartonnier',
  legalName: 'Cartonnier SAS',
  url: 'https://cartonnier.test',
  foundingDate: '2016',
  address: { '@type': 'PostalAddress', streetAddress: '12 quai de la Fosse', postalCode: '44000', addressLocality: 'Nantes', addressCountry: 'FR' },
  contactPoint: { '@type': 'ContactPoint', telephone: '+33-2-40-00-00-00', contactType: 'customer support', availableLanguage: 'French' },
});

function cartonnier(titre: string, corps: string, description: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<title>${titre}</title>
<meta name="description" content="${description}">
<meta property="og:locale" content="fr_FR">
${head}
</head>
<body>
<header class="entete">
  <a href="/" class="logo">Cartonnier</a>
  <nav>
    <ul>
      <li><a href="/fonctionnalites">Fonctionnalités</a></li>
      <li><a href="/tarifs">Tarifs</a></li>
      <li><a href="/aide">Aide</a></li>
      <li><a href="/a-propos">Qui sommes-nous ?</a></li>
      <li><a href="/nouveautes">Nouveautés</a></li>
    </ul>
  </nav>
  <a class="bouton" href="https://app.cartonnier.test/inscription">Essai gratuit</a>
</header>
${corps}
<footer class="pied">
  <ul>
    <li><a href="/securite">Sécurité et hébergement</a></li>
    <li><a href="/cgv">Conditions générales de vente</a></li>
    <li><a href="/mentions-legales">Mentions légales</a></li>
    <li><a href="/recrutement">Recrutement</a></li>
  </ul>
  <p>© 2024 Cartonnier SAS</p>
</footer>
</body>
</html>`;
}

const CARTONNIER_PATHS = ['/', '/fonctionnalites', '/tarifs', '/aide', '/a-propos', '/nouveautes', '/securite', '/cgv', '/mentions-legales', '/recrutement'];

const cartonnierOffre = (nom: string, prix: string, pour: string, points: string[]) => `
  <div class="offre">
    <h3>${nom}</h3>
    <p class="pour">${pour}</p>
    <div class="prix">${prix}</div>
    <ul>${points.map((p) => `<li>${p}</li>`).join('')}</ul>
  </div>`;

const CARTONNIER_SITE: SiteHandler = routes({
  '/': (_q, res) =>
    html(
      res,
      cartonnier(
        'Cartonnier – Logiciel de facturation pour artisans et indépendants',
        `
<section class="une">
  <h1>Vos devis et factures en 2 minutes, même depuis le chantier.</h1>
  <p>Cartonnier est le logiciel de facturation des artisans du bâtiment, des indépendants et des petites entreprises. Créez un devis sur votre téléphone, faites-le signer en ligne et transformez-le en facture d’un clic.</p>
  <p><a class="bouton" href="https://app.cartonnier.test/inscription">Essayer gratuitement</a></p>
</section>
<section class="logiciels">
  <h2>Nos logiciels</h2>
  <div><h3>Cartonnier Devis</h3><p>Bibliothèque d’ouvrages, signature électronique, acomptes et situations de travaux.</p></div>
  <div><h3>Cartonnier Factures</h3><p>Factures conformes, relances automatiques et rapprochement bancaire.</p></div>
</section>
<section class="avis"><p>Plus de 25 000 artisans nous font confiance, de la Bretagne à la Provence.</p></section>`,
        'Cartonnier, logiciel de devis et de facturation en ligne pour les artisans, indépendants et TPE.',
        cartonnierLd,
      ),
    ),
  '/fonctionnalites': (_q, res) =>
    html(
      res,
      cartonnier(
        'Fonctionnalités – Cartonnier',
        `
<main>
<h1>Tout ce qu’il faut pour facturer sereinement</h1>
<h2>Devis</h2>
<p>Partez de votre bibliothèque d’ouvrages et de fournitures, ajoutez vos marges et envoyez un devis que le client signe en ligne. Les devis acceptés deviennent des factures d’acompte ou de situation sans ressaisie.</p>
<h2>Factures</h2>
<p>Numérotation continue, mentions obligatoires, autoliquidation de la TVA pour la sous-traitance : vos factures sont conformes dès le premier jour.</p>
<h2>Facturation électronique</h2>
<p>Cartonnier est prêt pour la réforme de la facturation électronique : vos factures sont émises au format Factur-X et pourront être transmises via une plateforme de dématérialisation partenaire dès l’entrée en vigueur de l’obligation.</p>
<h2>Banque</h2>
<p>Connectez votre compte professionnel pour rapprocher automatiquement les paiements reçus de vos factures.</p>
</main>`,
        'Les fonctionnalités de Cartonnier : devis, factures, facturation électronique et rapprochement bancaire.',
      ),
    ),
  '/tarifs': (_q, res) =>
    html(
      res,
      cartonnier(
        'Tarifs – Cartonnier',
        `
<main class="tarifs">
<h1>Des tarifs clairs, sans engagement</h1>
<p>Essai gratuit de 30 jours, sans carte bancaire. Tous nos prix sont indiqués en euros hors taxes (TVA 20 % en sus).</p>
<div class="offres">
${cartonnierOffre('Essentiel', '9 € HT / mois', 'Pour les auto-entrepreneurs qui démarrent.', ['Devis et factures illimités', '1 utilisateur', 'Signature électronique (10 par mois)', 'Support par e-mail'])}
${cartonnierOffre('Pro', '24,50 € HT / mois', 'Pour les artisans et les TPE jusqu’à 10 salariés.', ['Tout Essentiel', '3 utilisateurs inclus', 'Situations de travaux et acomptes', 'Rapprochement bancaire', 'Support téléphonique'])}
${cartonnierOffre('Cabinet', 'Sur devis', 'Pour les experts-comptables qui équipent leurs clients.', ['Accès multi-dossiers', 'Export comptable FEC', 'Interlocuteur dédié'])}
</div>
<h2>Options</h2>
<p>Module Relances avancées : +5 € HT / mois. Utilisateur supplémentaire sur l’offre Pro : +6 € HT / mois.</p>
<h2>Questions fréquentes</h2>
<p><strong>Puis-je résilier à tout moment ?</strong> Oui, l’abonnement est mensuel et sans engagement. Vos données restent exportables après la résiliation.</p>
</main>`,
        'Les tarifs de Cartonnier : offres Essentiel, Pro et Cabinet, sans engagement.',
      ),
    ),
  '/aide': (_q, res) =>
    html(
      res,
      cartonnier(
        'Centre d’aide – Cartonnier',
        `
<main>
<h1>Centre d’aide</h1>
<h2>Importer mes clients</h2>
<p>Depuis Paramètres &gt; Import, déposez un fichier CSV ou Excel. Cartonnier reconnaît automatiquement les colonnes nom, adresse, SIRET et e-mail.</p>
<h2>Personnaliser mes documents</h2>
<p>Ajoutez votre logo, vos couleurs et vos conditions de paiement. Les mentions obligatoires (SIRET, assurance décennale, TVA) sont ajoutées automatiquement.</p>
<h2>Nous contacter</h2>
<p>Notre équipe support répond du lundi au vendredi, de 8 h 30 à 18 h, par e-mail et par téléphone pour les clients Pro.</p>
</main>`,
        'Centre d’aide Cartonnier.',
      ),
    ),
  '/a-propos': (_q, res) =>
    html(
      res,
      cartonnier(
        'Qui sommes-nous ? – Cartonnier',
        `
<main>
<h1>Qui sommes-nous ?</h1>
<p>Cartonnier est né en 2016 d’un constat simple : les artisans passent leurs soirées à faire de la paperasse. Julien, fils de menuisier, et Claire, ancienne comptable, ont voulu créer un outil qu’on utilise debout, entre deux chantiers.</p>
<p>Notre équipe de 45 personnes travaille depuis Nantes, sur les quais de la Loire. Nous sommes une entreprise indépendante et rentable.</p>
<p>Nous croyons qu’un logiciel de facturation doit se faire oublier : quelques minutes par semaine, pas plus.</p>
</main>`,
        'L’histoire et l’équipe de Cartonnier, à Nantes.',
      ),
    ),
  '/nouveautes': (_q, res) =>
    html(
      res,
      cartonnier(
        'Nouveautés – Cartonnier',
        `
<main>
<h1>Nouveautés</h1>
<article><h2>Octobre 2024 – Relances par SMS</h2><p>Les relances de factures impayées peuvent maintenant partir par SMS en plus de l’e-mail, avec un lien de paiement par carte.</p></article>
<article><h2>Septembre 2024 – Application mobile hors ligne</h2><p>Rédigez vos devis sans réseau au fond d’une cave : ils se synchronisent dès le retour de la connexion.</p></article>
<article><h2>Juin 2024 – Signature électronique</h2><p>Vos clients signent les devis en ligne, avec une valeur juridique équivalente à la signature manuscrite.</p></article>
</main>`,
        'Les dernières nouveautés de Cartonnier.',
      ),
    ),
  '/securite': (_q, res) =>
    html(
      res,
      cartonnier(
        'Sécurité et hébergement – Cartonnier',
        `
<main>
<h1>Sécurité et hébergement</h1>
<p>Vos données sont hébergées en France, chez OVHcloud, dans les centres de données de Roubaix et de Gravelines. Aucune donnée n’est transférée hors de l’Union européenne.</p>
<p>Les connexions sont chiffrées (TLS) et les sauvegardes sont réalisées chaque nuit et conservées 30 jours. L’authentification à deux facteurs est disponible pour tous les comptes.</p>
<p>Conformément au RGPD, vous pouvez exporter ou supprimer vos données à tout moment depuis votre compte.</p>
</main>`,
        'Où et comment Cartonnier héberge et protège vos données.',
      ),
    ),
  '/cgv': (_q, res) =>
    html(
      res,
      cartonnier(
        'Conditions générales de vente – Cartonnier',
        `
<main class="juridique">
<h1>Conditions générales de vente</h1>
<h2>Article 1 – Objet</h2>
<p>Les présentes conditions régissent la souscription aux services en ligne édités par Cartonnier SAS.</p>
<h2>Article 4 – Prix et paiement</h2>
<p>Les abonnements sont payables mensuellement par prélèvement SEPA ou carte bancaire. Tout mois commencé est dû.</p>
<h2>Article 7 – Résiliation</h2>
<p>Le client peut résilier son abonnement à tout moment depuis son espace ; la résiliation prend effet à la fin du mois en cours.</p>
</main>`,
        'Conditions générales de vente de Cartonnier.',
      ),
    ),
  '/mentions-legales': (_q, res) =>
    html(
      res,
      cartonnier(
        'Mentions légales – Cartonnier',
        `
<main class="juridique">
<h1>Mentions légales</h1>
<p>Éditeur : Cartonnier SAS, au capital de 120 000 €, immatriculée au RCS de Nantes sous le numéro 821 000 000. Siège social : 12 quai de la Fosse, 44000 Nantes.</p>
<p>Directeur de la publication : Julien Morvan. Hébergeur : OVH SAS, 2 rue Kellermann, 59100 Roubaix.</p>
</main>`,
        'Mentions légales de Cartonnier.',
      ),
    ),
  '/recrutement': (_q, res) =>
    html(
      res,
      cartonnier(
        'Recrutement – Cartonnier',
        `
<main>
<h1>Rejoignez-nous</h1>
<p>Nous recrutons à Nantes. Le télétravail est possible deux jours par semaine.</p>
<ul><li>Développeur·se full-stack (CDI)</li><li>Chargé·e de support client (CDI)</li></ul>
</main>`,
        'Offres d’emploi chez Cartonnier.',
      ),
    ),
  '/robots.txt': (_q, res, ctx) => text(res, robots(ctx.host)),
  '/sitemap.xml': (_q, res, ctx) => xml(res, sitemapXml(`http://${ctx.host}`, CARTONNIER_PATHS, '2024-10-15')),
});

// ---------------------------------------------------------------------------------------------------------------
// Signalmoss: feature flags and experiments (Lisbon). Plans are the rows of a table ("$12 per seat"), a free plan,
// "Custom" enterprise and an overage fee in a footnote; facts in the footer, meta tags and about prose
// ("since 2021"); no sitemap, so pages are found from the navigation.
// ---------------------------------------------------------------------------------------------------------------

function signalmoss(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<meta name="description" content="Signalmoss is feature flags and experimentation for product teams: ship behind flags, roll out gradually, measure what changed.">
<meta property="og:type" content="website">
<meta property="og:site_name" content="Signalmoss">
</head>
<body>
<nav class="navbar">
  <a class="navbar-brand" href="/">◐ Signalmoss</a>
  <a href="/docs">Docs</a>
  <a href="/pricing">Plans</a>
  <a href="/customers">Customers</a>
  <a href="/blog/changelog">Changelog</a>
  <a href="/company">Company</a>
  <a class="btn-primary" href="https://app.signalmoss.test">Sign in</a>
</nav>
${body}
<footer>
  <div class="cols">
    <div><h5>Products</h5><a href="/docs/flags">Signalmoss Flags</a><a href="/docs/experiments">Signalmoss Experiments</a></div>
    <div><h5>Company</h5><a href="/company">About</a><a href="/company#jobs">Jobs</a><a href="/security">Security</a></div>
    <div><h5>Legal</h5><a href="/legal/terms">Terms</a><a href="/legal/sla">SLA</a></div>
  </div>
  <p>Signalmoss, Lda. · Lisbon, Portugal</p>
</footer>
</body>
</html>`;
}

const SIGNALMOSS_SITE: SiteHandler = routes({
  '/': (_q, res) =>
    html(
      res,
      signalmoss(
        'Signalmoss · Feature flags and experiments',
        `
<header class="jumbo">
  <h1>Ship on Tuesday. Release when you’re ready.</h1>
  <p>Signalmoss gives product teams feature flags, gradual rollouts and A/B experiments in one place, with SDKs that evaluate flags locally in microseconds.</p>
  <a class="btn-primary" href="https://app.signalmoss.test/signup">Start for free</a>
</header>
<div class="row">
  <div class="col"><h2>Flags</h2><p>Turn features on for one customer, one percent or one country. Kill switches included.</p></div>
  <div class="col"><h2>Experiments</h2><p>Run A/B tests on the same flags and read results with sequential statistics you can trust.</p></div>
  <div class="col"><h2>Audit log</h2><p>Every change to every flag, with who, when and why.</p></div>
</div>`,
      ),
    ),
  '/pricing': (_q, res) =>
    html(
      res,
      signalmoss(
        'Plans · Signalmoss',
        `
<div class="container">
<h1>Plans</h1>
<p>Every plan includes unlimited flags, unlimited environments and all SDKs.</p>
<table class="table plans">
  <thead>
    <tr><th scope="col">Plan</th><th scope="col">Price</th><th scope="col">Seats</th><th scope="col">Monthly active users*</th><th scope="col">Experiments</th><th scope="col">Support</th></tr>
  </thead>
  <tbody>
    <tr><th scope="row">Free</th><td>$0</td><td>Up to 3</td><td>5,000</td><td>—</td><td>Community</td></tr>
    <tr><th scope="row">Team</th><td>$12 per seat / month</td><td>Unlimited</td><td>50,000</td><td>3 running at once</td><td>Email</td></tr>
    <tr><th scope="row">Business</th><td>$29 per seat / month</td><td>Unlimited</td><td>250,000</td><td>Unlimited</td><td>Priority, 4-hour response</td></tr>
    <tr><th scope="row">Enterprise</th><td>Custom</td><td>Unlimited</td><td>Custom</td><td>Unlimited</td><td>Dedicated engineer, SSO, audit exports</td></tr>
  </tbody>
</table>
<p class="footnote">* Client-side monthly active users. Above your plan’s allowance, extra MAUs cost $8 per 10,000. Server-side SDKs are not metered.</p>
<p><a href="https://app.signalmoss.test/signup">Start on Free</a> or <a href="mailto:sales@signalmoss.test">email sales</a> for Enterprise.</p>
</div>`,
      ),
    ),
  '/docs': (_q, res) =>
    html(
      res,
      signalmoss(
        'Documentation · Signalmoss',
        `
<div class="container docs">
<h1>Signalmoss documentation</h1>
<p>Start with the quickstart for your language, then read about targeting rules and experiments.</p>
<h2>SDKs</h2>
<p>Server-side SDKs: Go, Java, Python, Ruby, Node.js and .NET. Client-side SDKs: JavaScript, React, Swift and Kotlin. All SDKs are open source under the Apache 2.0 licence.</p>
<h2>How evaluation works</h2>
<p>Server-side SDKs download your flag rules over a streaming connection and evaluate them in memory, so checking a flag never makes a network call. Client-side SDKs receive only the evaluated values for the current user.</p>
<h2>Guides</h2>
<ul><li><a href="/docs/flags">Signalmoss Flags: targeting and rollouts</a></li><li><a href="/docs/experiments">Signalmoss Experiments: metrics and analysis</a></li></ul>
</div>`,
      ),
    ),
  '/docs/flags': (_q, res) =>
    html(
      res,
      signalmoss(
        'Flags · Signalmoss Docs',
        `
<div class="container docs">
<h1>Signalmoss Flags</h1>
<p>A flag has a key, a set of variations and targeting rules per environment. Rules match on user attributes and run top to bottom; the first match wins. Percentage rollouts hash the user key, so a user keeps the same variation as you widen the rollout.</p>
<p>Scheduled changes let you turn a flag on at a given time, and flag prerequisites let one flag depend on another.</p>
</div>`,
      ),
    ),
  '/docs/experiments': (_q, res) =>
    html(
      res,
      signalmoss(
        'Experiments · Signalmoss Docs',
        `
<div class="container docs">
<h1>Signalmoss Experiments</h1>
<p>Any flag can become an experiment: choose a primary metric, and Signalmoss splits traffic between variations and reports the effect with confidence intervals. We use sequential testing, so you can look at results every day without inflating false positives.</p>
</div>`,
      ),
    ),
  '/customers': (_q, res) =>
    html(
      res,
      signalmoss(
        'Customers · Signalmoss',
        `
<div class="container">
<h1>Teams that ship with Signalmoss</h1>
<p>“We went from monthly releases to deploying forty times a day, because nothing reaches users until a flag says so.” — Head of Engineering, a European travel marketplace</p>
<p>“Experiments used to take a data scientist a week to analyse. Now product managers read the results themselves.” — VP Product, a fintech app</p>
</div>`,
      ),
    ),
  '/blog/changelog': (_q, res) =>
    html(
      res,
      signalmoss(
        'Changelog · Signalmoss',
        `
<div class="container">
<h1>Changelog</h1>
<section><h3>November 2024</h3><p>Flag approvals: require a second reviewer before a production flag changes. Available on Business and Enterprise.</p></section>
<section><h3>September 2024</h3><p>Kotlin Multiplatform support in the Kotlin SDK.</p></section>
<section><h3>July 2024</h3><p>Experiment results can now be exported to BigQuery and Snowflake.</p></section>
</div>`,
      ),
    ),
  '/company': (_q, res) =>
    html(
      res,
      signalmoss(
        'Company · Signalmoss',
        `
<div class="container">
<h1>About us</h1>
<p>We’ve been building Signalmoss since 2021, when Inês Carvalho and David Okafor left a large e-commerce company where a single bad release had taken checkout down for an afternoon. They wanted every team to have the release controls that only the biggest companies build for themselves.</p>
<p>We’re a team of 32 based in Lisbon, Portugal, with a few colleagues working remotely across Europe.</p>
<h2 id="jobs">Jobs</h2>
<p>We hire across Europe. You can work from our Lisbon office or remotely from any EU country, within two hours of Lisbon time.</p>
<ul><li>Senior Go Engineer, Evaluation</li><li>Developer Advocate</li></ul>
</div>`,
      ),
    ),
  '/security': (_q, res) =>
    html(
      res,
      signalmoss(
        'Security · Signalmoss',
        `
<div class="container">
<h1>Security</h1>
<p>Signalmoss is SOC 2 Type II audited and GDPR compliant. Our platform runs on Google Cloud in europe-west1 (Belgium); a US data region in us-central1 is available on Enterprise.</p>
<p>Flag evaluation happens inside your applications, so user attributes you target on stay on your servers unless you choose to send them for experiment analysis.</p>
<p>Report vulnerabilities to security@signalmoss.test.</p>
</div>`,
      ),
    ),
  '/legal/terms': (_q, res) =>
    html(
      res,
      signalmoss(
        'Terms of Service · Signalmoss',
        `
<div class="container legal">
<h1>Terms of Service</h1>
<p>These Terms govern access to Signalmoss, provided by Signalmoss, Lda., a company registered in Portugal.</p>
<p>Paid plans are billed monthly in advance per seat. Seats added during a month are prorated. You may cancel at any time; fees already paid are not refunded.</p>
<p>These Terms are governed by Portuguese law.</p>
</div>`,
      ),
    ),
  '/legal/sla': (_q, res) =>
    html(
      res,
      signalmoss(
        'Service Level Agreement · Signalmoss',
        `
<div class="container legal">
<h1>Service Level Agreement</h1>
<p>For Business and Enterprise plans, Signalmoss commits to 99.95% monthly uptime of the flag delivery network. If we miss it, you receive service credits of 10% of the monthly fee for each 0.1% below the commitment, up to 50%.</p>
<p>SDKs keep serving the last known flag values during an outage, so your applications keep working even if our service does not.</p>
</div>`,
      ),
    ),
  '/robots.txt': (_q, res) => text(res, 'User-agent: *\nDisallow: /app/\n'),
});

export const HOLDOUT_SITES: Record<string, SiteHandler> = {
  'brambleby.test': BRAMBLEBY_SITE,
  'parcelkite.test': PARCELKITE_SITE,
  'ardentry.test': ARDENTRY_SITE,
  'cartonnier.test': CARTONNIER_SITE,
  'signalmoss.test': SIGNALMOSS_SITE,
};
