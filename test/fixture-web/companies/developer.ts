import { html, page, routes, text, type SiteHandler } from '../respond';
import { ldJson, sitemapXml, xml } from './kit';

/**
 * The developer-tool family: dark top bar, docs-first, pricing as a table or usage rates. Pingwire, Quillstack,
 * OpenQuarry and Steelyard (the last one is enterprise software dressed the same way).
 */

interface Dev {
  name: string;
  links: Array<[string, string]>;
  head: string;
  footer: string;
}

const layout = (d: Dev, title: string, content: string, head = '') =>
  page(
    title,
    `<div class="topbar dark"><a class="brand" href="/">${d.name}</a><div class="links">${d.links.map(([l, h]) => `<a href="${h}">${l}</a>`).join(' ')}</div><a class="gh" href="https://github.com/">GitHub ★</a></div>
<div class="content">${content}</div>
<div class="footer small">${d.footer}</div>`,
    `<meta name="viewport" content="width=device-width"><link rel="icon" href="/favicon.ico">${d.head}${head}`,
  );

// ---------------------------------------------------------------------------------------------------------------
// Pingwire: messaging and phone lookup API. Usage-only prices per 1,000 requests; the docs show an example cost.

const PW: Dev = {
  name: 'Pingwire',
  links: [
    ['Docs', '/docs'],
    ['Pricing', '/pricing'],
    ['Changelog', '/changelog'],
    ['Security', '/security'],
    ['Company', '/company'],
    ['Blog', '/blog'],
  ],
  head: `<meta name="description" content="Pingwire: SMS, phone number lookup and verification APIs for developers. Pay only for what you send.">
${ldJson({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Pingwire',
  url: 'http://pingwire.test',
  foundingDate: '2019-06',
  address: { '@type': 'PostalAddress', addressLocality: 'Kraków', addressCountry: 'PL' },
  email: 'hello@pingwire.dev',
})}`,
  footer:
    '<a href="/company">Company</a> · <a href="/careers">Careers</a> · <a href="/legal/terms">Terms</a> · <a href="/legal/privacy">Privacy</a> · Pingwire sp. z o.o.',
};

const pingwire = routes({
  '/robots.txt': (_q, r) => text(r, 'User-agent: *\nAllow: /\nDisallow: /console/\n\nSitemap: http://pingwire.test/sitemap.xml\n'),
  '/sitemap.xml': (_q, r) =>
    xml(
      r,
      sitemapXml('http://pingwire.test', [
        '/',
        '/docs',
        '/docs/messages',
        '/pricing',
        '/changelog',
        '/security',
        '/company',
        '/careers',
        '/blog',
        '/legal/terms',
        '/legal/privacy',
      ]),
    ),
  '/': (_q, r) =>
    html(
      r,
      layout(
        PW,
        'Pingwire — messaging APIs for developers',
        `<h1>Send SMS, look up numbers, verify users.</h1><p>Pingwire is a set of communication APIs for developers: the Pingwire Messaging API sends SMS in 190 countries, the Pingwire Lookup API tells you whether a number is valid, mobile or landline, and Pingwire Verify sends one-time codes. No contracts and no monthly fees: you pay per request.</p>
<pre><code>curl https://api.pingwire.dev/v1/messages -H "X-Pingwire-Key: pw_live_..." -d to=+48123456789 -d body="Your code is 4821"</code></pre>`,
      ),
    ),
  '/pricing': (_q, r) =>
    html(
      r,
      layout(
        PW,
        'Pricing — Pingwire',
        `<h1>Pay as you go</h1><p>No monthly fees, no minimums, no contracts. Add credit and pay only for the requests you make. Prices in USD.</p>
<table class="rates"><thead><tr><th>API</th><th>Price</th><th>Notes</th></tr></thead><tbody>
<tr><td>Lookup API</td><td>$0.40 per 1,000 requests</td><td>Validity, line type and carrier</td></tr>
<tr><td>Messaging API</td><td>$7.50 per 1,000 requests</td><td>One SMS segment to US and Canadian numbers. <a href="/pricing/sms-by-country">Other countries</a></td></tr>
<tr><td>Verify</td><td>$30 per 1,000 requests</td><td>Charged only for successful verifications</td></tr>
<tr><td>Volume</td><td>Contact sales</td><td>Committed-use discounts above 10 million requests per month</td></tr>
</tbody></table>
<p>Credits never expire. Auto-recharge is available in the console.</p>`,
      ),
    ),
  '/docs': (_q, r) =>
    html(
      r,
      layout(
        PW,
        'Docs — Pingwire',
        `<div class="docs-grid"><ul class="sidebar"><li><a href="/docs">Getting started</a></li><li><a href="/docs/messages">Send a message</a></li></ul><main>
<h1>Getting started</h1><p>The Pingwire API is organised around REST. All requests are made to <code>https://api.pingwire.dev/v1</code> over HTTPS.</p>
<h2>Authentication</h2><p>Create an API key in the console and send it in the <code>X-Pingwire-Key</code> header with every request. Live keys start with <code>pw_live_</code>, test keys with <code>pw_test_</code>; test keys never send real messages and are not charged.</p>
<h2>Rate limits</h2><p>Each API key can make up to 50 requests per second. Above that, the API returns HTTP 429 with a <code>Retry-After</code> header. Contact support if you need a higher limit.</p>
<h2>SDKs</h2><p>Official SDKs are available for Node.js, Python, PHP, Java and C# (.NET). Each SDK wraps authentication, retries and pagination.</p>
<pre>npm install pingwire
pip install pingwire
composer require pingwire/pingwire-php</pre></main></div>`,
      ),
    ),
  '/docs/messages': (_q, r) =>
    html(
      r,
      layout(
        PW,
        'Send a message — Pingwire Docs',
        `<h1>Send a message</h1><p><code>POST /v1/messages</code> sends an SMS. Long messages are split into segments of 153 characters and each segment is charged separately.</p>
<div class="callout callout-info"><p><strong>Cost example.</strong> This call costs $0.002 per request in the example below, because it sends a short message to a test number at the sandbox rate. Real rates are on the pricing page.</p></div>
<pre><code>const pw = new Pingwire(process.env.PINGWIRE_KEY);
await pw.messages.create({ to: '+15555550100', body: 'Hello from Pingwire' });</code></pre>`,
      ),
    ),
  '/changelog': (_q, r) =>
    html(
      r,
      layout(
        PW,
        'Changelog — Pingwire',
        `<h1>Changelog</h1><h3 id="2024-11-12">2024-11-12</h3><ul><li>Lookup API: responses now include <code>ported</code> and the original carrier for numbers in Brazil and Mexico.</li></ul>
<h3 id="2024-10-28">2024-10-28</h3><ul><li>C# (.NET) SDK released.</li><li>Messaging API: delivery receipts are retried for 72 hours.</li></ul><h3 id="2024-09-16">2024-09-16</h3><ul><li>Verify: codes can be 4 to 10 digits.</li></ul>`,
      ),
    ),
  '/security': (_q, r) =>
    html(
      r,
      layout(
        PW,
        'Security — Pingwire',
        `<h1>Security &amp; compliance</h1><p>Pingwire is ISO 27001 certified and GDPR compliant. Our platform runs in the European Union: message content and logs are stored in Frankfurt, Germany, and deleted after 30 days unless you configure a shorter retention period.</p><p>API traffic is encrypted with TLS 1.2 or higher. Message bodies are encrypted at rest with AES-256 and can be redacted immediately after delivery.</p><p>We do not have a SOC 2 report.</p>`,
      ),
    ),
  '/company': (_q, r) =>
    html(
      r,
      layout(
        PW,
        'Company — Pingwire',
        `<h1>About Pingwire</h1><p>Pingwire was started by three engineers who had integrated every SMS provider in Europe at their previous jobs and wanted one that documented its errors. We are based in Kraków, Poland, and our APIs handle 400 million requests a month.</p><p>We are a small team of 24 and we answer support tickets ourselves, engineers included.</p>`,
      ),
    ),
  '/careers': (_q, r) =>
    html(
      r,
      layout(
        PW,
        'Careers — Pingwire',
        '<h1>Careers</h1><p>We hire engineers anywhere in the European Union, fully remote, with a team week in Kraków every quarter. Open: Backend Engineer (Elixir), Developer Support Engineer.</p>',
      ),
    ),
  '/blog': (_q, r) =>
    html(
      r,
      layout(
        PW,
        'Blog — Pingwire',
        '<h1>Blog</h1><article><h2>Why SMS segments still matter in 2024</h2><p>GSM-7, UCS-2 and the emoji that tripled your bill.</p></article>',
      ),
    ),
  '/legal/terms': (_q, r) =>
    html(
      r,
      layout(
        PW,
        'Terms — Pingwire',
        `<h1>Terms of Service</h1><h2>Prepaid credit and refunds</h2><p>Unused prepaid credit can be refunded within 60 days of purchase. Refunds are reduced by a processing fee of $10 per refund. Credit used to send messages cannot be refunded, including for messages that were not delivered because of carrier filtering.</p>`,
      ),
    ),
  '/legal/privacy': (_q, r) =>
    html(r, layout(PW, 'Privacy — Pingwire', '<h1>Privacy Policy</h1><p>Pingwire processes phone numbers and message content on your behalf.</p>')),
});

// ---------------------------------------------------------------------------------------------------------------
// Quillstack: team wiki. A feature comparison table is the pricing. Founding year only in the about prose.

const QS: Dev = {
  name: 'Quillstack',
  links: [
    ['Features', '/features'],
    ['Pricing', '/pricing'],
    ['Docs', '/docs'],
    ['Changelog', '/changelog'],
    ['About', '/about'],
  ],
  head: '<meta name="description" content="Quillstack is the team wiki and documentation portal for engineering and product teams."><meta property="og:title" content="Quillstack">',
  footer:
    '<a href="/about">About</a> | <a href="/careers">Careers</a> | <a href="/security">Security</a> | <a href="/legal/terms">Terms</a> | <a href="/legal/privacy">Privacy</a> | © Quillstack Software Inc.',
};

const check = '<td class="yes">✓</td>';
const dash = '<td class="no">—</td>';

const quillstack = routes({
  '/robots.txt': (_q, r) => text(r, 'User-agent: *\nDisallow: /w/\nDisallow: /api/\n\nSitemap: http://quillstack.test/sitemap.xml\n'),
  '/sitemap.xml': (_q, r) =>
    xml(
      r,
      sitemapXml('http://quillstack.test', [
        '/',
        '/features',
        '/pricing',
        '/docs',
        '/changelog',
        '/about',
        '/careers',
        '/security',
        '/legal/terms',
        '/legal/privacy',
      ]),
    ),
  '/': (_q, r) =>
    html(
      r,
      layout(
        QS,
        'Quillstack — the wiki your engineers will actually update',
        `<h1>The wiki your engineers will actually update.</h1><p>Quillstack is a team wiki and documentation platform: write in Markdown or the visual editor, sync docs from your Git repositories, and publish public documentation portals from the same pages.</p><p><a class="btn" href="/signup">Create a free workspace</a></p>`,
      ),
    ),
  '/features': (_q, r) =>
    html(
      r,
      layout(
        QS,
        'Features — Quillstack',
        '<h1>Features</h1><h2>Quillstack Wiki</h2><p>Nested pages, backlinks, Git sync and review requests.</p><h2>Quillstack Portals</h2><p>Publish public or customer-only documentation sites with your own domain.</p>',
      ),
    ),
  '/pricing': (_q, r) =>
    html(
      r,
      layout(
        QS,
        'Pricing — Quillstack',
        `<h1>Compare plans</h1><p>Prices per user per month, billed monthly. Annual billing saves 15%; ask us.</p>
<div class="table-wrap"><table class="compare"><thead><tr><th scope="col"></th><th scope="col">Free</th><th scope="col">Team</th><th scope="col">Business</th><th scope="col">Enterprise</th></tr></thead><tbody>
<tr class="price-row"><th scope="row">Price</th><td><strong>$0</strong><br><small>up to 3 users</small></td><td><strong>$8</strong><br><small>per user/month</small></td><td><strong>$15</strong><br><small>per user/month</small></td><td><strong>Custom</strong><br><small>annual contract</small></td></tr>
<tr><th scope="row">Pages</th><td>500</td><td>Unlimited</td><td>Unlimited</td><td>Unlimited</td></tr>
<tr><th scope="row">Git sync</th>${check}${check}${check}${check}</tr>
<tr><th scope="row">Public portals</th>${dash}<td>1</td><td>5</td><td>Unlimited</td></tr>
<tr><th scope="row">SAML SSO</th>${dash}${dash}${check}${check}</tr>
<tr><th scope="row">Audit log</th>${dash}${dash}${check}${check}</tr>
<tr><th scope="row">Data residency (EU or Canada)</th>${dash}${dash}${dash}${check}</tr>
<tr><th scope="row">Support</th><td>Community</td><td>Email</td><td>Priority email</td><td>Dedicated manager</td></tr>
<tr class="cta-row"><th scope="row"></th><td><a href="/signup">Start free</a></td><td><a href="/signup?plan=team">Try Team</a></td><td><a href="/signup?plan=business">Try Business</a></td><td><a href="/contact">Contact sales</a></td></tr>
</tbody></table></div>`,
      ),
    ),
  '/docs': (_q, r) =>
    html(
      r,
      layout(
        QS,
        'API docs — Quillstack',
        `<h1>Quillstack API</h1><p>Read and write pages, spaces and comments. Base URL: <code>https://api.quillstack.io/v1</code>.</p><h2>Authentication</h2><p>Use OAuth 2.0 for apps used by other workspaces, or an API token (Settings → API tokens) for your own scripts, sent as <code>Authorization: Bearer</code>.</p><h2>Rate limits</h2><p>The API allows 10 requests per second per token, with bursts of up to 30. Exceeding it returns 429.</p><h2>SDKs</h2><p>Official SDKs: TypeScript and Python. A Go client is maintained by the community.</p>`,
      ),
    ),
  '/changelog': (_q, r) =>
    html(
      r,
      layout(
        QS,
        'Changelog — Quillstack',
        '<h1>Changelog</h1><section><h2>Page templates with variables</h2><p><time>2024-11-06</time></p><p>Templates can now prompt for variables when a page is created.</p></section><section><h2>GitLab sync</h2><p><time>2024-10-17</time></p><p>Git sync now works with GitLab as well as GitHub.</p></section>',
      ),
    ),
  '/about': (_q, r) =>
    html(
      r,
      layout(
        QS,
        'About — Quillstack',
        `<h1>About Quillstack</h1><p>Quillstack was founded in 2019 by Hannah Lee and Omar Haddad after they watched their own company's wiki turn into a graveyard of outdated pages. Their idea was simple: documentation stays current when it lives next to the code and takes no extra effort to update.</p>
<p>We are a team of 60 and our home base is Toronto, Canada, where about half of us live. The rest work remotely from across Canada.</p><p>Quillstack makes two products: Quillstack Wiki for internal documentation and Quillstack Portals for public docs.</p>`,
      ),
    ),
  '/careers': (_q, r) =>
    html(
      r,
      layout(
        QS,
        'Careers — Quillstack',
        '<h1>Careers</h1><p>We are remote within Canada, with an optional office in Toronto. We currently hire only people who live in Canada. Open roles: Senior Full-Stack Developer, Technical Writer.</p>',
      ),
    ),
  '/security': (_q, r) =>
    html(
      r,
      layout(
        QS,
        'Security — Quillstack',
        '<h1>Security</h1><p>Quillstack has a SOC 2 Type II report. Data is stored in Canada (Montréal) by default; Enterprise workspaces can instead choose the EU (Frankfurt). Everything is encrypted at rest with AES-256 and in transit with TLS 1.2+.</p>',
      ),
    ),
  '/legal/terms': (_q, r) =>
    html(r, layout(QS, 'Terms — Quillstack', '<h1>Terms of Service</h1><p>Subscriptions renew monthly. We do not offer refunds for partial months.</p>')),
  '/legal/privacy': (_q, r) => html(r, layout(QS, 'Privacy — Quillstack', '<h1>Privacy</h1><p>We store the content you write to provide the service.</p>')),
});

// ---------------------------------------------------------------------------------------------------------------
// OpenQuarry: open-source data catalog; the hosted service is free and has no paid plan. No sitemap.

const OQ: Dev = {
  name: 'OpenQuarry',
  links: [
    ['Docs', '/docs'],
    ['Pricing', '/pricing'],
    ['Blog', '/blog'],
    ['About', '/about'],
  ],
  head: '<meta name="description" content="OpenQuarry is an open-source data catalog: discover, document and trust your datasets.">',
  footer: 'OpenQuarry is open source under the Apache 2.0 license. <a href="/about">About</a> · <a href="/privacy">Privacy</a>',
};

const openquarry = routes({
  '/robots.txt': (_q, r) => text(r, 'User-agent: *\nAllow: /\n'),
  '/': (_q, r) =>
    html(
      r,
      layout(
        OQ,
        'OpenQuarry — open-source data catalog',
        '<h1>Find the data you can trust.</h1><p>OpenQuarry is an open-source data catalog. It crawls your warehouses and dashboards, builds lineage automatically, and lets your team document datasets where they find them. Self-host it or use OpenQuarry Cloud for free.</p>',
      ),
    ),
  '/pricing': (_q, r) =>
    html(
      r,
      layout(
        OQ,
        'Pricing — OpenQuarry',
        `<h1>Pricing</h1><div class="plan single"><h2>Community</h2><p class="price">$0 / month</p><p>Everything, for everyone: unlimited users, unlimited datasets, all connectors, lineage and the API.</p></div>
<p>OpenQuarry is free, both self-hosted and on OpenQuarry Cloud. There are no paid plans and no enterprise edition. The project is funded by grants and by our sponsors; if your company relies on OpenQuarry, consider sponsoring us.</p>`,
      ),
    ),
  '/docs': (_q, r) =>
    html(
      r,
      layout(
        OQ,
        'Docs — OpenQuarry',
        `<h1>Documentation</h1><h2>Install</h2><pre>docker run -p 8080:8080 openquarry/openquarry</pre><h2>API</h2><p>The GraphQL API authenticates with personal access tokens. There is no rate limit on self-hosted installations; OpenQuarry Cloud allows 20 requests per second per token.</p><h2>Client libraries</h2><p>A Python client (<code>pip install openquarry</code>) and a Java client are part of the project.</p>`,
      ),
    ),
  '/blog': (_q, r) =>
    html(
      r,
      layout(
        OQ,
        'Blog — OpenQuarry',
        '<h1>Blog</h1><article><h2>OpenQuarry 2.0 released</h2><p>Posted 2024-09-10. Column-level lineage for dbt and Spark.</p></article>',
      ),
    ),
  '/about': (_q, r) =>
    html(
      r,
      layout(
        OQ,
        'About — OpenQuarry',
        '<h1>About the project</h1><p>OpenQuarry began in 2021 as a side project of data engineers at a bank in Montevideo, Uruguay, and became an independent open-source foundation in 2023. The foundation is registered in Montevideo and coordinates 140 contributors worldwide.</p><p>The project ships OpenQuarry Server and the OpenQuarry Cloud hosted service.</p>',
      ),
    ),
  '/privacy': (_q, r) => html(r, layout(OQ, 'Privacy — OpenQuarry', '<h1>Privacy</h1><p>OpenQuarry Cloud stores only the metadata you ingest.</p>')),
});

// ---------------------------------------------------------------------------------------------------------------
// Steelyard: supplier risk platform. Every plan is "Contact sales"; founding date only in JSON-LD.

const SY: Dev = {
  name: 'Steelyard',
  links: [
    ['Platform', '/platform'],
    ['Plans', '/plans'],
    ['Trust', '/trust'],
    ['About', '/about-us'],
    ['Careers', '/careers'],
  ],
  head: `<meta name="description" content="Steelyard is the supplier risk management platform for manufacturers and retailers.">
${ldJson({
  '@context': 'https://schema.org',
  '@type': 'Corporation',
  name: 'Steelyard Technologies',
  alternateName: 'Steelyard',
  url: 'http://steelyard.test',
  foundingDate: '2012',
  address: { '@type': 'PostalAddress', streetAddress: '222 W Merchandise Mart Plaza', addressLocality: 'Chicago', addressRegion: 'IL', addressCountry: 'US' },
})}`,
  footer: '© Steelyard Technologies, Inc. · <a href="/legal">Legal</a> · <a href="/trust">Trust</a>',
};

const steelyard = routes({
  '/robots.txt': (_q, r) => text(r, 'User-agent: *\nAllow: /\n\nSitemap: http://steelyard.test/sitemap.xml\n'),
  '/sitemap.xml': (_q, r) => xml(r, sitemapXml('http://steelyard.test', ['/', '/platform', '/plans', '/trust', '/about-us', '/careers', '/legal'])),
  '/': (_q, r) =>
    html(
      r,
      layout(
        SY,
        'Steelyard | Supplier risk management',
        '<h1>Know your suppliers before they become your problem.</h1><p>Steelyard is a supplier risk management platform. It monitors financial health, sanctions, ESG and cyber risk across your supply base, and gives procurement teams one place to onboard, assess and follow up with suppliers.</p>',
      ),
    ),
  '/platform': (_q, r) =>
    html(
      r,
      layout(
        SY,
        'Platform | Steelyard',
        '<h1>The Steelyard platform</h1><h2>Steelyard Risk</h2><p>Continuous monitoring of 12 million companies.</p><h2>Steelyard Supplier Portal</h2><p>Onboarding questionnaires and document collection.</p>',
      ),
    ),
  '/plans': (_q, r) =>
    html(
      r,
      layout(
        SY,
        'Plans | Steelyard',
        `<h1>Plans</h1><p>Every Steelyard deployment is priced on the number of suppliers you monitor and the modules you need. Talk to our team for a quote.</p>
<div class="plans"><div class="plan"><h2>Professional</h2><p>Up to 2,500 monitored suppliers, Steelyard Risk, standard integrations.</p><p class="price">Custom pricing</p><a href="/demo">Contact sales</a></div>
<div class="plan"><h2>Enterprise</h2><p>Unlimited suppliers, Steelyard Risk and Supplier Portal, SSO, dedicated customer success.</p><p class="price">Custom pricing</p><a href="/demo">Contact sales</a></div></div>`,
      ),
    ),
  '/trust': (_q, r) =>
    html(
      r,
      layout(
        SY,
        'Trust | Steelyard',
        '<h1>Trust</h1><p>Steelyard is SOC 2 Type II audited and ISO 27001 certified. Customer data is hosted in Microsoft Azure in the customer’s choice of US (East US 2) or EU (West Europe, Netherlands) regions. Data is encrypted with AES-256 at rest and TLS 1.2 in transit.</p>',
      ),
    ),
  '/about-us': (_q, r) =>
    html(
      r,
      layout(
        SY,
        'About us | Steelyard',
        '<h1>About Steelyard</h1><p>Steelyard helps 300 manufacturers and retailers see risk in their supply chains before it becomes a shortage. Our team of 180 works from Chicago and Rotterdam.</p><p>We build Steelyard Risk and the Steelyard Supplier Portal.</p>',
      ),
    ),
  '/careers': (_q, r) =>
    html(
      r,
      layout(
        SY,
        'Careers | Steelyard',
        '<h1>Careers</h1><p>Roles are based in our Chicago or Rotterdam offices, four days a week on site.</p><ul><li>Data Scientist, Risk Models — Chicago</li></ul>',
      ),
    ),
  '/legal': (_q, r) =>
    html(
      r,
      layout(
        SY,
        'Legal | Steelyard',
        '<h1>Legal</h1><p>Steelyard is licensed under a master subscription agreement signed with each customer. Fees are set out in each order form.</p>',
      ),
    ),
});

export const DEVELOPER_SITES: Record<string, SiteHandler> = {
  'pingwire.test': pingwire,
  'quillstack.test': quillstack,
  'openquarry.test': openquarry,
  'steelyard.test': steelyard,
};
