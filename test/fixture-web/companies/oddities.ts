import { html, page, routes, text, type SiteHandler } from '../respond';
import { pdfDocument, sendPdf, sitemapXml, xml } from './kit';

/**
 * Hand-written sites whose pricing must not be read: Nimbusgate's robots.txt forbids /pricing (the page exists
 * and is linked from the nav), and Harborline's pricing page is only a link to a PDF price list.
 */

const nav = (links: Array<[string, string]>) => `<nav class="menu">${links.map(([l, h]) => `<a href="${h}">${l}</a>`).join(' | ')}</nav>`;

// ---------------------------------------------------------------------------------------------------------------
// Nimbusgate: API gateway.

const NG_NAV = nav([
  ['Home', '/'],
  ['Docs', '/docs'],
  ['Pricing', '/pricing'],
  ['Security', '/security'],
  ['About', '/about'],
  ['Careers', '/careers'],
  ['Blog', '/blog'],
]);
const NG_HEAD =
  '<meta name="description" content="Nimbusgate is a managed API gateway: authentication, rate limiting and analytics for your APIs."><meta property="og:title" content="Nimbusgate">';
const ng = (title: string, body: string) =>
  page(title, `<div id="top">${NG_NAV}</div><div class="wrapper">${body}</div><p class="copy">© 2024 Nimbusgate Technologies Pvt. Ltd.</p>`, NG_HEAD);

const nimbusgate = routes({
  '/robots.txt': (_q, r) => text(r, 'User-agent: *\nDisallow: /pricing\nDisallow: /admin/\nAllow: /\n\nSitemap: http://nimbusgate.test/sitemap.xml\n'),
  '/sitemap.xml': (_q, r) => xml(r, sitemapXml('http://nimbusgate.test', ['/', '/docs', '/security', '/about', '/careers', '/blog'])),
  '/': (_q, r) =>
    html(
      r,
      ng(
        'Nimbusgate — Managed API gateway',
        '<h1>Put a gate in front of every API.</h1><p>Nimbusgate is a managed API gateway. It handles authentication, rate limiting, caching and analytics for your APIs so your services can focus on business logic. Deploy in front of any HTTP backend in minutes, in the cloud region closest to your users.</p><p>Teams use Nimbusgate Gateway to secure their APIs and Nimbusgate Portal to publish documentation and issue keys to their own developers.</p>',
      ),
    ),
  '/pricing': (_q, r) =>
    html(
      r,
      ng(
        'Pricing — Nimbusgate',
        '<h1>Pricing</h1><div class="tiers"><div><h2>Developer</h2><p>$0/month</p><p>1 million calls per month.</p></div><div><h2>Team</h2><p>$30/month</p><p>10 million calls per month, custom domains.</p></div><div><h2>Enterprise</h2><p>Contact sales</p></div></div>',
      ),
    ),
  '/docs': (_q, r) =>
    html(
      r,
      ng(
        'Docs — Nimbusgate',
        '<h1>Documentation</h1><p>Nimbusgate routes are configured with YAML or through the admin API.</p><h2>Admin API authentication</h2><p>The admin API uses mutual TLS or an admin token in the <code>Nimbus-Admin-Token</code> header.</p><h2>Admin API limits</h2><p>The admin API accepts 600 requests per minute per workspace.</p><h2>Plugins</h2><p>Custom plugins can be written in Go, Rust or Lua.</p>',
      ),
    ),
  '/security': (_q, r) =>
    html(
      r,
      ng(
        'Security — Nimbusgate',
        '<h1>Security</h1><p>Nimbusgate is SOC 2 Type II compliant. The control plane runs in India (Mumbai); data plane gateways run in whichever regions you choose, and request payloads are never stored. Traffic is encrypted with TLS 1.3.</p>',
      ),
    ),
  '/about': (_q, r) =>
    html(
      r,
      ng(
        'About — Nimbusgate',
        '<h1>About us</h1><p>Nimbusgate was founded in 2020 by Ananya Rao and Vikram Shetty, who had run API platforms at two of India’s largest fintech companies. We are headquartered in Bengaluru, India, with a sales office in Singapore.</p><p>More than 1,200 companies route their API traffic through Nimbusgate Gateway, and 300 run their developer portals on Nimbusgate Portal.</p>',
      ),
    ),
  '/careers': (_q, r) =>
    html(
      r,
      ng('Careers — Nimbusgate', '<h1>Careers</h1><p>We work from our Bengaluru office. Open roles: Senior Go Engineer, Solutions Architect (Singapore).</p>'),
    ),
  '/blog': (_q, r) =>
    html(r, ng('Blog — Nimbusgate', '<h1>Blog</h1><h2>Rate limiting algorithms compared</h2><p>Token bucket, leaky bucket, sliding window.</p>')),
});

// ---------------------------------------------------------------------------------------------------------------
// Harborline: transport management for ports and forwarders. The price list is a PDF.

const HL_NAV = nav([
  ['Home', '/'],
  ['Solutions', '/solutions'],
  ['Pricing', '/pricing'],
  ['Security', '/security'],
  ['About us', '/about-us'],
  ['Careers', '/careers'],
  ['News', '/news'],
]);
const hl = (title: string, body: string) =>
  page(
    title,
    `<table width="100%" class="header"><tr><td><a href="/"><img src="/logo.gif" alt="Harborline"></a></td><td align="right">${HL_NAV}</td></tr></table><div id="content">${body}</div><div id="footer"><a href="/legal">Legal notice</a></div>`,
    '<meta name="description" content="Harborline: transport management software for freight forwarders and terminals.">',
  );

const HARBOR_PDF = pdfDocument([
  'Harborline price list 2024',
  'Harbor Standard: $400 per month, up to 20 users',
  'Harbor Plus: $900 per month, up to 60 users',
  'Harbor Enterprise: on request',
  'All prices exclude VAT.',
]);

const harborline = routes({
  '/robots.txt': (_q, r) => text(r, 'User-agent: *\nAllow: /\n\nSitemap: http://harborline.test/sitemap.xml\n'),
  '/sitemap.xml': (_q, r) =>
    xml(r, sitemapXml('http://harborline.test', ['/', '/solutions', '/pricing', '/pricing.pdf', '/security', '/about-us', '/careers', '/news', '/legal'])),
  '/': (_q, r) =>
    html(
      r,
      hl(
        'Harborline | Transport management software',
        '<h1>Transport management for freight forwarders and terminals</h1><p>Harborline plans, tracks and invoices container and road freight. Forwarders use Harborline TMS to manage shipments from booking to delivery; terminals use Harborline Dock Scheduler to give trucks time slots and shorten queues at the gate.</p>',
      ),
    ),
  '/solutions': (_q, r) =>
    html(
      r,
      hl(
        'Solutions | Harborline',
        '<h1>Solutions</h1><h2>Harborline TMS</h2><p>Bookings, tracking and invoicing.</p><h2>Harborline Dock Scheduler</h2><p>Gate appointments and yard planning.</p>',
      ),
    ),
  '/pricing': (_q, r) =>
    html(
      r,
      hl(
        'Pricing | Harborline',
        '<h1>Pricing</h1><p>Our prices depend on the modules and number of users you need. <a href="/pricing.pdf">Download the 2024 price list (PDF, 1 page)</a>.</p>',
      ),
    ),
  '/pricing.pdf': (_q, r) => sendPdf(r, HARBOR_PDF),
  '/security': (_q, r) =>
    html(
      r,
      hl(
        'Security | Harborline',
        '<h1>Information security</h1><p>Harborline is ISO 27001 certified. Our software runs in two data centres in Belgium and customer data stays in the European Union.</p>',
      ),
    ),
  '/about-us': (_q, r) =>
    html(
      r,
      hl(
        'About us | Harborline',
        '<h1>About us</h1><p>Harborline was founded in 2011 in Antwerp, Belgium, by people who had worked in the port for twenty years. Antwerp remains our head office, and we have a branch in Rotterdam.</p><p>Our products are Harborline TMS and Harborline Dock Scheduler, used by 450 forwarders and 30 terminals.</p>',
      ),
    ),
  '/careers': (_q, r) => html(r, hl('Careers | Harborline', '<h1>Careers</h1><p>We are hiring a .NET developer for our Antwerp office (on site).</p>')),
  '/news': (_q, r) => html(r, hl('News | Harborline', '<h1>News</h1><p>3 October 2024: Dock Scheduler now supports rail slots.</p>')),
  '/legal': (_q, r) => html(r, hl('Legal notice | Harborline', '<h1>Legal notice</h1><p>Harborline NV, Antwerp. VAT BE 0400.000.000.</p>')),
});

export const ODD_SITES: Record<string, SiteHandler> = {
  'nimbusgate.test': nimbusgate,
  'harborline.test': harborline,
};
