import { html, routes, text, type SiteHandler } from '../respond';
import { ldJson, sitemapXml, xml } from './kit';

/**
 * Older, server-rendered business sites: Bootstrap-era markup, a `lang` attribute, prices with local conventions.
 * Wolkenwerk (German, EUR), Ravenpost (British, GBP), Ledgerloop (a plan sold only annually) and Fernhollow
 * (per-employee pricing written as prose).
 */

interface Site {
  lang: string;
  name: string;
  nav: Array<[string, string]>;
  legal: Array<[string, string]>;
  head: string;
}

const doc = (s: Site, title: string, body: string) => `<!DOCTYPE html>
<html lang="${s.lang}">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<title>${title}</title>
<link rel="stylesheet" href="/css/bootstrap.min.css"><link rel="stylesheet" href="/css/theme.css?v=41">
${s.head}
</head>
<body class="page">
<nav class="navbar navbar-expand-lg navbar-light bg-light"><div class="container">
<a class="navbar-brand" href="/"><img src="/img/logo.png" alt="${s.name}" height="32"></a>
<button class="navbar-toggler" type="button" data-toggle="collapse" data-target="#nav"><span class="navbar-toggler-icon"></span></button>
<div class="collapse navbar-collapse" id="nav"><ul class="navbar-nav ml-auto">
${s.nav.map(([l, h]) => `<li class="nav-item"><a class="nav-link" href="${h}">${l}</a></li>`).join('\n')}
</ul></div></div></nav>
<div class="container main">
${body}
</div>
<footer class="footer bg-dark text-light"><div class="container"><ul class="list-inline">${s.legal.map(([l, h]) => `<li class="list-inline-item"><a href="${h}">${l}</a></li>`).join('')}</ul></div></footer>
<script src="/js/jquery-3.7.1.min.js"></script><script src="/js/bootstrap.bundle.min.js"></script>
</body>
</html>`;

// ---------------------------------------------------------------------------------------------------------------
// Wolkenwerk: German cloud storage for small businesses. "Preise", "€ 19 pro Monat", "Preis auf Anfrage".

const WW: Site = {
  lang: 'de',
  name: 'Wolkenwerk',
  nav: [
    ['Produkte', '/#produkte'],
    ['Preise', '/preise'],
    ['Sicherheit', '/sicherheit'],
    ['Entwickler', '/entwickler'],
    ['Über uns', '/ueber-uns'],
    ['Karriere', '/karriere'],
    ['Blog', '/blog'],
  ],
  legal: [
    ['Impressum', '/impressum'],
    ['AGB', '/agb'],
    ['Datenschutz', '/datenschutz'],
    ['Neuigkeiten', '/neuigkeiten'],
  ],
  head: `<meta name="description" content="Wolkenwerk: sicherer Cloud-Speicher und Backup für den Mittelstand. Gehostet in Deutschland, DSGVO-konform.">
<meta property="og:locale" content="de_DE"><meta property="og:title" content="Wolkenwerk – Cloud-Speicher made in Germany">
${ldJson({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Wolkenwerk',
  legalName: 'Wolkenwerk GmbH',
  url: 'http://wolkenwerk.test/',
  foundingDate: '2015-09-01',
  address: { '@type': 'PostalAddress', streetAddress: 'Große Elbstraße 145', postalCode: '22767', addressLocality: 'Hamburg', addressCountry: 'DE' },
})}`,
};

const wwPlan = (
  name: string,
  price: string | null,
  text: string,
  items: string[],
) => `<div class="col-md-4"><div class="card tarif h-100"><div class="card-header"><h3>${name}</h3></div><div class="card-body">
${price === null ? '<p class="preis"><span class="betrag">Preis auf Anfrage</span></p>' : `<p class="preis"><span class="betrag">€ ${price}</span> <span class="zeitraum">pro Monat</span></p><p class="small text-muted">zzgl. MwSt., monatlich kündbar</p>`}
<p>${text}</p><ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul></div><div class="card-footer"><a class="btn btn-primary" href="${price === null ? '/kontakt' : '/registrieren'}">${price === null ? 'Angebot anfordern' : '30 Tage kostenlos testen'}</a></div></div></div>`;

const wolkenwerk = routes({
  '/robots.txt': (_q, r) => text(r, 'User-agent: *\nDisallow: /konto/\n\nSitemap: http://wolkenwerk.test/sitemap.xml\n'),
  '/sitemap.xml': (_q, r) =>
    xml(
      r,
      sitemapXml('http://wolkenwerk.test', [
        '/',
        '/preise',
        '/sicherheit',
        '/entwickler',
        '/ueber-uns',
        '/karriere',
        '/blog',
        '/neuigkeiten',
        '/impressum',
        '/agb',
        '/datenschutz',
      ]),
    ),
  '/': (_q, r) =>
    html(
      r,
      doc(
        WW,
        'Wolkenwerk – Sicherer Cloud-Speicher für den Mittelstand',
        `<div class="jumbotron"><h1>Ihre Dateien. Sicher in Deutschland.</h1><p class="lead">Wolkenwerk ist Cloud-Speicher und Backup für kleine und mittelständische Unternehmen. Dateien teilen, gemeinsam bearbeiten und automatisch sichern – gehostet ausschließlich in deutschen Rechenzentren und DSGVO-konform.</p></div>
<div class="row" id="produkte"><div class="col-md-6"><h2>Wolkenwerk Drive</h2><p>Gemeinsame Ordner, Freigabelinks mit Ablaufdatum und Versionierung für Ihr ganzes Team.</p></div><div class="col-md-6"><h2>Wolkenwerk Backup</h2><p>Automatische, verschlüsselte Sicherung Ihrer Server und Arbeitsplätze mit 90 Tagen Wiederherstellung.</p></div></div>`,
      ),
    ),
  '/preise': (_q, r) =>
    html(
      r,
      doc(
        WW,
        'Preise – Wolkenwerk',
        `<h1>Preise</h1><p class="lead">Transparente Tarife ohne versteckte Kosten. Alle Preise verstehen sich zuzüglich der gesetzlichen Mehrwertsteuer.</p>
<div class="row">${wwPlan('Basis', '19', 'Für Selbstständige und kleine Büros.', ['1 TB Speicher', 'Bis zu 5 Nutzer', 'Versionierung 30 Tage', 'E-Mail-Support'])}
${wwPlan('Team', '49', 'Für Teams, die gemeinsam arbeiten.', ['5 TB Speicher', 'Bis zu 25 Nutzer', 'Wolkenwerk Backup inklusive', 'Telefon-Support'])}
${wwPlan('Konzern', null, 'Für Unternehmen mit besonderen Anforderungen.', ['Unbegrenzter Speicher', 'Single Sign-on', 'Eigener Ansprechpartner', 'Vertrag zur Auftragsverarbeitung nach Maß'])}</div>
<h2>Häufige Fragen</h2><p><strong>Kann ich jährlich zahlen?</strong> Ja, bei jährlicher Zahlung erhalten Sie zwei Monate gratis.</p>`,
      ),
    ),
  '/sicherheit': (_q, r) =>
    html(
      r,
      doc(
        WW,
        'Sicherheit – Wolkenwerk',
        `<h1>Sicherheit und Datenschutz</h1><p>Wolkenwerk ist nach ISO/IEC 27001 auf Basis von IT-Grundschutz zertifiziert und verfügt über ein BSI-C5-Testat (Typ 2).</p>
<h2>Datenstandort</h2><p>Alle Kundendaten werden ausschließlich in zwei Rechenzentren in Frankfurt am Main und Nürnberg gespeichert. Es findet keine Übermittlung in Drittländer statt; wir setzen keine US-amerikanischen Cloud-Anbieter ein.</p>
<h2>Verschlüsselung</h2><p>Daten werden bei der Übertragung mit TLS 1.3 und im Ruhezustand mit AES-256 verschlüsselt. Im Tarif Konzern ist eine Ende-zu-Ende-Verschlüsselung mit kundeneigenen Schlüsseln verfügbar.</p>`,
      ),
    ),
  '/entwickler': (_q, r) =>
    html(
      r,
      doc(
        WW,
        'Entwickler – Wolkenwerk',
        `<h1>Wolkenwerk API</h1><p>Über die REST-API und WebDAV lassen sich Dateien hochladen, teilen und verwalten.</p><h2>Authentifizierung</h2><p>Die API verwendet OAuth 2.0. Für Skripte können App-Passwörter verwendet werden.</p><h2>Ratenbegrenzung</h2><p>Pro Nutzer sind 120 Anfragen pro Minute erlaubt.</p><h2>SDKs</h2><p>Offizielle SDKs gibt es für Java und Python.</p>`,
      ),
    ),
  '/ueber-uns': (_q, r) =>
    html(
      r,
      doc(
        WW,
        'Über uns – Wolkenwerk',
        `<h1>Über uns</h1><p>Die Wolkenwerk GmbH wurde 2015 in Hamburg gegründet. Unsere Gründer Jens Albrecht und Katharina Vogt wollten dem Mittelstand eine Cloud bieten, die deutschen Datenschutzanforderungen ohne Wenn und Aber genügt.</p>
<p>Heute vertrauen über 12.000 Unternehmen auf Wolkenwerk Drive und Wolkenwerk Backup. Unser Firmensitz ist in Hamburg, Deutschland; ein zweites Büro befindet sich in Leipzig.</p><p>Wir beschäftigen 95 Mitarbeiterinnen und Mitarbeiter und sind zu 100 % eigenfinanziert.</p>`,
      ),
    ),
  '/karriere': (_q, r) =>
    html(
      r,
      doc(
        WW,
        'Karriere – Wolkenwerk',
        '<h1>Karriere bei Wolkenwerk</h1><p>Wir arbeiten hybrid: Zwei Tage pro Woche sind wir im Büro in Hamburg oder Leipzig, den Rest von zu Hause aus innerhalb Deutschlands.</p><h2>Offene Stellen</h2><ul><li>Senior Backend-Entwickler (m/w/d) Go</li><li>IT-Systemadministrator (m/w/d) Rechenzentrum</li></ul>',
      ),
    ),
  '/blog': (_q, r) =>
    html(
      r,
      doc(WW, 'Blog – Wolkenwerk', '<h1>Blog</h1><article><h2>NIS2: Was KMU jetzt wissen müssen</h2><p>Ein Überblick über die neuen Pflichten.</p></article>'),
    ),
  '/neuigkeiten': (_q, r) =>
    html(
      r,
      doc(
        WW,
        'Neuigkeiten – Wolkenwerk',
        '<h1>Neuigkeiten</h1><ul><li><strong>05.11.2024</strong> – Neue Desktop-App für macOS mit Apple-Silicon-Unterstützung.</li><li><strong>14.10.2024</strong> – Freigabelinks mit Passwortschutz.</li></ul>',
      ),
    ),
  '/impressum': (_q, r) =>
    html(r, doc(WW, 'Impressum – Wolkenwerk', '<h1>Impressum</h1><p>Wolkenwerk GmbH, Große Elbstraße 145, 22767 Hamburg. Amtsgericht Hamburg HRB 140000.</p>')),
  '/agb': (_q, r) =>
    html(
      r,
      doc(
        WW,
        'AGB – Wolkenwerk',
        '<h1>Allgemeine Geschäftsbedingungen</h1><h2>§ 7 Laufzeit und Kündigung</h2><p>Monatliche Tarife sind zum Ende des Abrechnungsmonats kündbar. Bei jährlicher Zahlung erstatten wir bei Kündigung innerhalb von 14 Tagen den vollen Betrag.</p>',
      ),
    ),
  '/datenschutz': (_q, r) =>
    html(r, doc(WW, 'Datenschutz – Wolkenwerk', '<h1>Datenschutzerklärung</h1><p>Verantwortlicher im Sinne der DSGVO ist die Wolkenwerk GmbH.</p>')),
});

// ---------------------------------------------------------------------------------------------------------------
// Ravenpost: British transactional email. Prices in pounds sterling, "Let's talk" enterprise. Meta tags only.

const RP: Site = {
  lang: 'en-GB',
  name: 'Ravenpost',
  nav: [
    ['Features', '/features'],
    ['Pricing', '/pricing'],
    ['Docs', '/docs'],
    ['Security', '/security'],
    ['About', '/about'],
    ['Careers', '/careers'],
  ],
  legal: [
    ['Terms', '/terms'],
    ['Privacy', '/privacy'],
    ['Changelog', '/changelog'],
  ],
  head: `<meta name="description" content="Ravenpost is transactional email and deliverability tooling for UK and European businesses.">
<meta property="og:site_name" content="Ravenpost"><meta property="og:locale" content="en_GB">`,
};

const ravenpost = routes({
  '/robots.txt': (_q, r) => text(r, 'User-agent: *\nAllow: /\n\nSitemap: http://ravenpost.test/sitemap.xml\n'),
  '/sitemap.xml': (_q, r) =>
    xml(r, sitemapXml('http://ravenpost.test', ['/', '/features', '/pricing', '/docs', '/security', '/about', '/careers', '/terms', '/privacy', '/changelog'])),
  '/': (_q, r) =>
    html(
      r,
      doc(
        RP,
        'Ravenpost — transactional email that lands',
        '<h1>Transactional email that actually lands.</h1><p class="lead">Ravenpost sends your password resets, receipts and notifications through a fast API and SMTP relay, and tells you when your messages are heading for the spam folder before your customers do.</p>',
      ),
    ),
  '/features': (_q, r) =>
    html(
      r,
      doc(
        RP,
        'Features — Ravenpost',
        '<h1>Features</h1><h2>Ravenpost Send</h2><p>API and SMTP relay with templates and webhooks.</p><h2>Ravenpost Inbox Placement</h2><p>Seed-list testing across Gmail, Outlook and 40 UK providers.</p>',
      ),
    ),
  '/pricing': (_q, r) =>
    html(
      r,
      doc(
        RP,
        'Pricing — Ravenpost',
        `<h1>Straightforward pricing</h1><p>All prices are in pounds sterling and exclude VAT. Pay monthly, cancel whenever you like.</p>
<table class="table pricing-table"><tr><td class="plan"><h2>Starter</h2><p class="amount">£25<span>/month</span></p><p>50,000 emails a month, 1 dedicated sending domain, 7 days of logs.</p></td>
<td class="plan featured"><h2>Growth</h2><p class="amount">£60<span>/month</span></p><p>250,000 emails a month, dedicated IP, Inbox Placement tests, 30 days of logs.</p></td>
<td class="plan"><h2>Enterprise</h2><p class="amount">Let’s talk</p><p>Millions of emails, multiple dedicated IPs, SSO, a named deliverability consultant.</p></td></tr></table>
<p class="text-muted">Extra emails on Starter and Growth are £0.80 per 1,000.</p>`,
      ),
    ),
  '/docs': (_q, r) =>
    html(
      r,
      doc(
        RP,
        'Docs — Ravenpost',
        '<h1>Developer docs</h1><h2>Authentication</h2><p>Use a server token in the <code>X-Ravenpost-Server-Token</code> header. SMTP uses the same token as the password.</p><h2>Rate limits</h2><p>The send API accepts 20 requests per second per server; batch requests may contain up to 500 messages.</p><h2>Libraries</h2><p>Official libraries for Python, PHP, Node.js, Ruby and .NET.</p>',
      ),
    ),
  '/security': (_q, r) =>
    html(
      r,
      doc(
        RP,
        'Security — Ravenpost',
        '<h1>Security</h1><p>Ravenpost is ISO 27001 certified and holds Cyber Essentials Plus. All customer data, including message content and logs, is stored in the United Kingdom, in AWS eu-west-2 (London). Data is encrypted with TLS in transit and AES-256 at rest.</p>',
      ),
    ),
  '/about': (_q, r) =>
    html(
      r,
      doc(
        RP,
        'About — Ravenpost',
        '<h1>About Ravenpost</h1><p>Ravenpost was founded in Manchester in 2014 by Siobhan Clarke and Dev Patel, two email engineers from a large UK retailer. We are still based in Manchester, United Kingdom, in the Northern Quarter.</p><p>Our products are Ravenpost Send and Ravenpost Inbox Placement, used by 3,000 businesses.</p>',
      ),
    ),
  '/careers': (_q, r) =>
    html(
      r,
      doc(
        RP,
        'Careers — Ravenpost',
        '<h1>Careers</h1><p>We work from our Manchester office two days a week; the rest is up to you. Candidates must have the right to work in the UK. Open: Deliverability Engineer.</p>',
      ),
    ),
  '/terms': (_q, r) =>
    html(
      r,
      doc(
        RP,
        'Terms — Ravenpost',
        '<h1>Terms of Service</h1><p>Subscriptions are billed monthly in advance. If you cancel within 7 days of your first payment we will refund it in full; otherwise payments are non-refundable.</p>',
      ),
    ),
  '/privacy': (_q, r) => html(r, doc(RP, 'Privacy — Ravenpost', '<h1>Privacy Notice</h1><p>Ravenpost Ltd is registered with the ICO.</p>')),
  '/changelog': (_q, r) =>
    html(
      r,
      doc(
        RP,
        'Changelog — Ravenpost',
        '<h1>Changelog</h1><dl><dt>1 November 2024</dt><dd>BIMI record checks in the domain health report.</dd><dt>9 October 2024</dt><dd>Webhook signing secrets can be rotated.</dd></dl>',
      ),
    ),
});

// ---------------------------------------------------------------------------------------------------------------
// Ledgerloop: accounts payable automation. One plan is sold only annually; the terms quote refund amounts.

const LL: Site = {
  lang: 'en',
  name: 'Ledgerloop',
  nav: [
    ['Product', '/product'],
    ['Pricing', '/pricing'],
    ['Developers', '/developers'],
    ['Security', '/security'],
    ['About', '/about'],
    ['Careers', '/careers'],
    ['Changelog', '/changelog'],
  ],
  legal: [
    ['Terms of Service', '/legal/terms'],
    ['Privacy Policy', '/legal/privacy'],
    ['Blog', '/blog'],
  ],
  head: `<meta name="description" content="Ledgerloop automates accounts payable and the month-end close for finance teams.">
${ldJson({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Ledgerloop',
  url: 'http://ledgerloop.test',
  foundingDate: '2018',
  address: { '@type': 'PostalAddress', addressLocality: 'Boston', addressRegion: 'MA', addressCountry: 'United States' },
})}`,
};

const ledgerloop = routes({
  '/robots.txt': (_q, r) => text(r, 'User-agent: *\nDisallow: /app\n\nSitemap: http://ledgerloop.test/sitemap.xml\n'),
  '/sitemap.xml': (_q, r) =>
    xml(
      r,
      sitemapXml('http://ledgerloop.test', [
        '/',
        '/product',
        '/pricing',
        '/developers',
        '/security',
        '/about',
        '/careers',
        '/changelog',
        '/legal/terms',
        '/legal/privacy',
        '/blog',
      ]),
    ),
  '/': (_q, r) =>
    html(
      r,
      doc(
        LL,
        'Ledgerloop — AP automation for finance teams',
        '<h1>Close the books in days, not weeks.</h1><p class="lead">Ledgerloop automates accounts payable and the month-end close: invoices are captured, coded and routed for approval automatically, payments go out on schedule, and reconciliations are ready when your controller is.</p>',
      ),
    ),
  '/product': (_q, r) =>
    html(
      r,
      doc(
        LL,
        'Product — Ledgerloop',
        '<h1>Product</h1><h2>Ledgerloop Payables</h2><p>Invoice capture, approval workflows and global payments.</p><h2>Ledgerloop Close</h2><p>Close checklists, reconciliations and flux analysis.</p>',
      ),
    ),
  '/pricing': (_q, r) =>
    html(
      r,
      doc(
        LL,
        'Pricing — Ledgerloop',
        `<h1>Pricing</h1><div class="row pricing">
<div class="col-md-4"><div class="box"><h2>Essentials</h2><div class="price-line">$49<small> / month</small></div><p>Billed monthly. Up to 100 invoices a month, 2 approvers, QuickBooks Online sync.</p><a href="/signup" class="btn btn-outline-primary">Start trial</a></div></div>
<div class="col-md-4"><div class="box box-featured"><h2>Professional</h2><div class="price-line">$1,188<small> billed yearly</small></div><p>Annual plan only. Unlimited invoices, multi-entity, NetSuite and Sage Intacct sync, Ledgerloop Close.</p><a href="/demo" class="btn btn-primary">Book a demo</a></div></div>
<div class="col-md-4"><div class="box"><h2>Enterprise</h2><div class="price-line">Custom</div><p>For groups with 10+ entities: custom approval chains, SSO, dedicated implementation.</p><a href="/demo" class="btn btn-outline-primary">Contact sales</a></div></div></div>
<p class="small">A one-time onboarding fee applies to Professional and Enterprise plans.</p>`,
      ),
    ),
  '/developers': (_q, r) =>
    html(
      r,
      doc(
        LL,
        'Developers — Ledgerloop',
        '<h1>Ledgerloop API</h1><h2>Authentication</h2><p>The API uses OAuth 2.0 with the client credentials grant. Tokens expire after one hour.</p><h2>Rate limits</h2><p>25 requests per second per client, and 100,000 requests per day per company.</p><h2>SDKs</h2><p>Official SDKs for Python and Java.</p>',
      ),
    ),
  '/security': (_q, r) =>
    html(
      r,
      doc(
        LL,
        'Security — Ledgerloop',
        '<h1>Security</h1><p>Ledgerloop completes annual SOC 1 Type II and SOC 2 Type II audits. Customer data is hosted in the United States (AWS us-east-2, Ohio); we do not offer other regions. Bank details are tokenized, and all data is encrypted with AES-256 at rest.</p>',
      ),
    ),
  '/about': (_q, r) =>
    html(
      r,
      doc(
        LL,
        'About — Ledgerloop',
        '<h1>About Ledgerloop</h1><p>Ledgerloop was founded in 2018 by former controllers who had closed the books at fast-growing companies. We are headquartered in Boston, Massachusetts, and serve 1,800 finance teams.</p><p>We build Ledgerloop Payables and Ledgerloop Close.</p>',
      ),
    ),
  '/careers': (_q, r) =>
    html(
      r,
      doc(
        LL,
        'Careers — Ledgerloop',
        '<h1>Careers</h1><p>Our teams work from our Boston office four days a week. We do not currently hire remote roles. Open: Senior Software Engineer, Payments; Implementation Manager.</p>',
      ),
    ),
  '/changelog': (_q, r) =>
    html(
      r,
      doc(
        LL,
        'Changelog — Ledgerloop',
        '<h1>Changelog</h1><h3>November 8, 2024</h3><p>Sage Intacct: sync dimensions for multi-entity companies.</p><h3>October 15, 2024</h3><p>Same-day ACH payments.</p>',
      ),
    ),
  '/legal/terms': (_q, r) =>
    html(
      r,
      doc(
        LL,
        'Terms of Service — Ledgerloop',
        `<h1>Terms of Service</h1><h2>8. Fees</h2><p>The one-time onboarding fee of $750 is non-refundable. Subscription fees are payable in advance.</p>
<h2>9. Refunds</h2><p>If you cancel an annual subscription within 45 days of its start date, we will refund the subscription fee less an administrative fee of $150. No refunds are given after 45 days or for monthly subscriptions.</p>`,
      ),
    ),
  '/legal/privacy': (_q, r) =>
    html(r, doc(LL, 'Privacy Policy — Ledgerloop', '<h1>Privacy Policy</h1><p>We collect the data you give us to run the service.</p>')),
  '/blog': (_q, r) =>
    html(r, doc(LL, 'Blog — Ledgerloop', '<h1>Blog</h1><article><h2>Three-way matching, explained</h2><p>Purchase order, receipt, invoice.</p></article>')),
});

// ---------------------------------------------------------------------------------------------------------------
// Fernhollow: HR and payroll. Prices written in prose, per employee; OpenGraph tags only.

const FH: Site = {
  lang: 'en-US',
  name: 'Fernhollow',
  nav: [
    ['Why Fernhollow', '/why'],
    ['Pricing', '/pricing'],
    ['Our story', '/our-story'],
    ['Careers', '/careers'],
    ['Blog', '/blog'],
  ],
  legal: [
    ['Security', '/security'],
    ['Terms', '/terms'],
    ['Privacy', '/privacy'],
  ],
  head: `<meta property="og:title" content="Fernhollow — HR and payroll for small businesses"><meta property="og:description" content="Payroll, benefits and time off for teams of 5 to 500."><meta property="og:type" content="website"><meta property="og:site_name" content="Fernhollow">`,
};

const fernhollow = routes({
  '/robots.txt': (_q, r) => text(r, 'User-agent: *\nDisallow: /employee/\n\nSitemap: http://fernhollow.test/sitemap.xml\n'),
  '/sitemap.xml': (_q, r) =>
    xml(r, sitemapXml('http://fernhollow.test', ['/', '/why', '/pricing', '/our-story', '/careers', '/blog', '/security', '/terms', '/privacy'])),
  '/': (_q, r) =>
    html(
      r,
      doc(
        FH,
        'Fernhollow | HR and payroll for small businesses',
        '<h1>Payroll that just runs.</h1><p class="lead">Fernhollow is HR and payroll software for small businesses in the United States: run payroll in minutes, file taxes automatically, offer benefits and track time off, all in one place.</p>',
      ),
    ),
  '/why': (_q, r) =>
    html(
      r,
      doc(
        FH,
        'Why Fernhollow',
        '<h1>Why Fernhollow</h1><p>Fernhollow Payroll files federal, state and local taxes for you. Fernhollow People handles onboarding, documents and time off.</p>',
      ),
    ),
  '/pricing': (_q, r) =>
    html(
      r,
      doc(
        FH,
        'Pricing | Fernhollow',
        `<h1>Pricing</h1><p>Every plan starts with a 30-day free trial. You pay only for active employees and contractors, billed monthly.</p>
<section class="plan-row"><h2>Core</h2><p>Core costs <b>$6 per employee per month</b> and includes full-service payroll in all 50 states, automatic tax filing, direct deposit and an employee self-service portal.</p></section>
<section class="plan-row"><h2>Premium</h2><p>Premium is <b>$11 per employee per month</b>. Everything in Core, plus benefits administration, time-off policies, onboarding checklists and HR support from certified professionals.</p></section>
<p>Need more than 500 employees? <a href="/contact">Talk to us</a>.</p>`,
      ),
    ),
  '/our-story': (_q, r) =>
    html(
      r,
      doc(
        FH,
        'Our story | Fernhollow',
        '<h1>Our story</h1><p>Fernhollow was founded in 2013 in Raleigh, North Carolina, by a payroll accountant and a software engineer who were tired of watching small-business owners spend Friday nights on payroll. Raleigh is still our headquarters.</p><p>Our products are Fernhollow Payroll and Fernhollow People. Today 40,000 small businesses pay their teams with Fernhollow.</p>',
      ),
    ),
  '/careers': (_q, r) =>
    html(
      r,
      doc(
        FH,
        'Careers | Fernhollow',
        '<h1>Careers</h1><p>Fernhollow is remote-first: you can work from anywhere in the United States, and our Raleigh office is open for those who like an office. We meet in person twice a year.</p><ul><li>Payroll Tax Specialist</li><li>Senior iOS Engineer</li></ul>',
      ),
    ),
  '/blog': (_q, r) =>
    html(r, doc(FH, 'Blog | Fernhollow', '<h1>Blog</h1><article><h2>W-2 vs 1099: a plain-English guide</h2><p>When is a worker an employee?</p></article>')),
  '/security': (_q, r) =>
    html(
      r,
      doc(
        FH,
        'Security | Fernhollow',
        '<h1>Security</h1><p>Fernhollow has a SOC 2 Type II report. All data is stored in the United States and encrypted with AES-256 at rest. Two-factor authentication is required for all administrators.</p>',
      ),
    ),
  '/terms': (_q, r) =>
    html(
      r,
      doc(
        FH,
        'Terms | Fernhollow',
        '<h1>Terms of Service</h1><p>You can cancel at any time. Fees already paid are not refunded, but you keep access until the end of the month.</p>',
      ),
    ),
  '/privacy': (_q, r) => html(r, doc(FH, 'Privacy | Fernhollow', '<h1>Privacy Policy</h1><p>We protect employee data as required by law.</p>')),
});

export const REGIONAL_SITES: Record<string, SiteHandler> = {
  'wolkenwerk.test': wolkenwerk,
  'ravenpost.test': ravenpost,
  'ledgerloop.test': ledgerloop,
  'fernhollow.test': fernhollow,
};
