import { html, routes, text, type SiteHandler } from '../respond';
import { js, sitemapXml, xml } from './kit';

/**
 * Script-only sites: every page is an empty `<div id="root">` and a script that builds the content with DOM
 * calls from `location.pathname` (history routing; every path answers 200 with the same shell, as SPAs do).
 * Lumenkit loads an external bundle; Frostbyte inlines its script. Only a browser sees their text.
 */

const shell = (head: string, scripts: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title></title>${head}</head><body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div>${scripts}</body></html>`;

/** The app for `path`, unless it is a static file: SPAs answer every other path with the shell. */
function spa(files: Record<string, SiteHandler>, shellHtml: string): SiteHandler {
  return (req, res, ctx) => {
    const file = files[ctx.path];
    if (file) return file(req, res, ctx);
    if (/\.[a-z0-9]+$/i.test(ctx.path)) return routes({})(req, res, ctx);
    html(res, shellHtml);
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Lumenkit: React component library with a hosted theme builder.

const LUMENKIT_JS = `(function () {
  'use strict';
  var NAV = [['Docs', '/docs'], ['Pricing', '/pricing'], ['Changelog', '/changelog'], ['About', '/about'], ['Careers', '/careers']];
  var PLANS = [
    { name: 'Hobby', price: 0, per: '/month', blurb: 'For side projects and learning.', features: ['All 60 open-source components', 'Community Discord', 'MIT license'] },
    { name: 'Pro', price: 20, per: '/month', blurb: 'For one professional developer.', features: ['120 premium components and page templates', 'Theme builder', 'Figma kit', 'Email support'] },
    { name: 'Team', price: 45, per: 'per seat / month', blurb: 'For product teams sharing a design system.', features: ['Everything in Pro', 'Lumenkit Figma Sync', 'Private theme registry', 'Priority support'] }
  ];
  function h(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { if (k === 'class') node.className = attrs[k]; else node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) { node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return node;
  }
  function p(t) { return h('p', {}, [t]); }
  function header() {
    return h('header', { class: 'lk-header' }, [h('a', { href: '/', class: 'lk-logo' }, ['Lumenkit']), h('nav', {}, NAV.map(function (n) { return h('a', { href: n[1] }, [n[0]]); }))]);
  }
  function home() {
    return h('main', {}, [h('h1', {}, ['Beautiful React components, ready for production.']),
      p('Lumenkit is a library of accessible React components and page templates, with a theme builder that turns your brand into design tokens. Copy a component, or install the whole kit from npm.'),
      p('Lumenkit UI is the component library; Lumenkit Figma Sync keeps your Figma library and your code in step.'),
      h('a', { href: '/pricing', class: 'btn' }, ['See pricing'])]);
  }
  function pricing() {
    var grid = h('div', { class: 'lk-plans' }, PLANS.map(function (plan) {
      return h('div', { class: 'lk-plan' }, [h('h2', {}, [plan.name]), h('p', { class: 'lk-price' }, ['$' + plan.price + ' ', h('span', {}, [plan.per])]), p(plan.blurb),
        h('ul', {}, plan.features.map(function (f) { return h('li', {}, [f]); }))]);
    }));
    return h('main', {}, [h('h1', {}, ['Pricing']), p('Start with the free Hobby plan. Pro and Team are billed monthly; cancel anytime.'), grid,
      p('Enterprise? Lumenkit is also available under a custom license with invoicing and SSO. Contact sales.')]);
  }
  function about() {
    return h('main', {}, [h('h1', {}, ['About Lumenkit']),
      p('Lumenkit was founded in 2021 in Lyon, France, by Claire Dubois and Yusuf Demir, two front-end engineers who had rebuilt the same date picker at four companies.'),
      p('We are still a small company of 14 people, headquartered in Lyon. Our products are Lumenkit UI and Lumenkit Figma Sync, used by 30,000 developers.'),
      p('Lumenkit is profitable and independent: the open-source core is funded by Pro and Team subscriptions.')]);
  }
  function docs() {
    return h('main', {}, [h('h1', {}, ['Documentation']), h('h2', {}, ['Installation']), h('pre', {}, ['npm install @lumenkit/ui']),
      h('h2', {}, ['Premium packages']), p('Premium packages are served from a private registry. Authenticate with the license token from your account page, set as an npm auth token in .npmrc.'),
      h('h2', {}, ['Registry limits']), p('The private registry allows 5,000 requests per hour per license token.'),
      h('h2', {}, ['Frameworks']), p('Components are written in TypeScript for React 18 and later. There is no Vue or Angular version.')]);
  }
  function changelog() {
    var entries = [['2024-11-07', 'v4.2: Data grid with virtual scrolling and column pinning.'], ['2024-10-14', 'v4.1: Theme builder exports Tailwind presets.'], ['2024-09-02', 'v4.0: React Server Components support.']];
    return h('main', {}, [h('h1', {}, ['Changelog'])].concat(entries.map(function (e) { return h('section', {}, [h('h2', {}, [e[0]]), p(e[1])]); })));
  }
  function careers() {
    return h('main', {}, [h('h1', {}, ['Careers']), p('We are fully remote across Europe (CET plus or minus two hours). We are not hiring right now, but we read every open application sent to jobs@lumenkit.dev.')]);
  }
  var ROUTES = { '/': ['Lumenkit — React components for production', home], '/pricing': ['Pricing — Lumenkit', pricing], '/about': ['About — Lumenkit', about],
    '/docs': ['Docs — Lumenkit', docs], '/changelog': ['Changelog — Lumenkit', changelog], '/careers': ['Careers — Lumenkit', careers] };
  var path = location.pathname.replace(/\\/+$/, '') || '/';
  var route = ROUTES[path] || ['Not found — Lumenkit', function () { return h('main', {}, [h('h1', {}, ['Page not found'])]); }];
  document.title = route[0];
  var meta = document.createElement('meta');
  meta.name = 'description';
  meta.content = 'Lumenkit: accessible React components and a theme builder.';
  document.head.appendChild(meta);
  var root = document.getElementById('root');
  root.appendChild(header());
  root.appendChild(route[1]());
  root.appendChild(h('footer', {}, [h('a', { href: '/terms' }, ['Terms']), ' ', h('a', { href: '/privacy' }, ['Privacy']), ' © 2024 Lumenkit SAS']));
})();
`;

const lumenkit = spa(
  {
    '/robots.txt': (_q, r) => text(r, 'User-agent: *\nAllow: /\n\nSitemap: http://lumenkit.test/sitemap.xml\n'),
    '/sitemap.xml': (_q, r) => xml(r, sitemapXml('http://lumenkit.test', ['/', '/pricing', '/about', '/docs', '/changelog', '/careers'])),
    '/static/js/main.8c1f3a.js': (_q, r) => js(r, LUMENKIT_JS),
  },
  shell('<link rel="stylesheet" href="/static/css/main.2b7e.css">', '<script src="/static/js/main.8c1f3a.js" defer></script>'),
);

// ---------------------------------------------------------------------------------------------------------------
// Frostbyte: edge CDN. Inline script; pricing is a table built row by row; the about page too.

const FROSTBYTE_JS = `
var FB = {
  nav: [['Pricing', '/pricing'], ['Docs', '/docs'], ['Trust', '/trust'], ['Changelog', '/changelog'], ['Company', '/company'], ['Jobs', '/jobs']],
  tiers: [
    ['Starter', '$0', 'per month', '1 TB bandwidth, 3 Edge Functions'],
    ['Pro', '$25', 'per month', '5 TB bandwidth, image optimization, 50 Edge Functions'],
    ['Business', '$250', 'per month', '50 TB bandwidth, WAF, 100% uptime SLA'],
    ['Enterprise', 'Contact us', '', 'Custom bandwidth, dedicated support, EU-only delivery']
  ]
};
function fbEl(tag, text, cls) { var e = document.createElement(tag); if (text) e.textContent = text; if (cls) e.className = cls; return e; }
function fbPage(path) {
  var main = fbEl('main');
  function add(tag, text) { main.appendChild(fbEl(tag, text)); }
  if (path === '/') {
    document.title = 'Frostbyte — the edge network for developers';
    add('h1', 'Fast sites, everywhere.');
    add('p', 'Frostbyte is a content delivery network and edge compute platform for developers. Frostbyte CDN caches your site in 180 cities; Frostbyte Edge Functions run your code next to your users.');
    add('p', 'Point your DNS at Frostbyte and your pages load in under 50 ms for most of the world.');
  } else if (path === '/pricing') {
    document.title = 'Pricing — Frostbyte';
    add('h1', 'Pricing');
    add('p', 'Predictable plans. Bandwidth overage is $0.02 per GB on every paid plan.');
    var table = fbEl('table', '', 'fb-pricing');
    var head = table.insertRow();
    ['Plan', 'Price', '', 'Includes'].forEach(function (t) { var th = document.createElement('th'); th.textContent = t; head.appendChild(th); });
    FB.tiers.forEach(function (t) { var row = table.insertRow(); t.forEach(function (c) { row.insertCell().textContent = c; }); });
    main.appendChild(table);
  } else if (path === '/company') {
    document.title = 'Company — Frostbyte';
    add('h1', 'About Frostbyte');
    add('p', 'Frostbyte was founded in 2020 in Stockholm, Sweden, by Linnea Berg and Jonas Holm, network engineers who had built a CDN for a streaming service.');
    add('p', 'Our headquarters are in Stockholm. We operate 180 points of presence and serve 20,000 customers, from personal blogs to national newspapers.');
    add('p', 'We build two products: Frostbyte CDN and Frostbyte Edge Functions.');
  } else if (path === '/docs') {
    document.title = 'Docs — Frostbyte';
    add('h1', 'Documentation');
    add('h2', 'Authentication');
    add('p', 'The Frostbyte API uses scoped API tokens, sent as a bearer token in the Authorization header.');
    add('h2', 'Rate limits');
    add('p', 'The API allows 1,200 requests per 5 minutes per token. Cache purges are limited to 1,000 purge requests per minute per zone.');
    add('h2', 'Tooling');
    add('p', 'Use the frostbyte CLI, the Terraform provider, or the official SDKs for JavaScript/TypeScript, Go and Rust. Edge Functions are written in JavaScript, TypeScript or Rust compiled to WebAssembly.');
  } else if (path === '/trust') {
    document.title = 'Trust — Frostbyte';
    add('h1', 'Trust and compliance');
    add('p', 'Frostbyte is SOC 2 Type II and ISO 27001 certified and PCI DSS Level 1 compliant.');
    add('p', 'Data residency: Enterprise customers can restrict caching and TLS termination to points of presence inside the European Union. Logs are stored in Sweden.');
  } else if (path === '/changelog') {
    document.title = 'Changelog — Frostbyte';
    add('h1', 'Changelog');
    [['November 13, 2024', 'Edge Functions: 128 MB memory limit, up from 64 MB.'], ['October 24, 2024', 'HTTP/3 enabled for all zones.']].forEach(function (e) { add('h3', e[0]); add('p', e[1]); });
  } else if (path === '/jobs') {
    document.title = 'Jobs — Frostbyte';
    add('h1', 'Jobs');
    add('p', 'We hire in Stockholm and remotely across the Nordics. Open: Network Engineer, Rust Developer (Edge runtime).');
  } else {
    document.title = 'Not found — Frostbyte';
    add('h1', '404');
  }
  return main;
}
(function () {
  var root = document.getElementById('root');
  var nav = fbEl('nav', '', 'fb-nav');
  var logo = fbEl('a', 'Frostbyte'); logo.href = '/'; nav.appendChild(logo);
  FB.nav.forEach(function (n) { var a = fbEl('a', n[0]); a.href = n[1]; nav.appendChild(a); });
  root.appendChild(nav);
  root.appendChild(fbPage(location.pathname.replace(/\\/$/, '') || '/'));
  var foot = fbEl('footer', '© Frostbyte AB · '); var t = fbEl('a', 'Terms'); t.href = '/legal/terms'; foot.appendChild(t); root.appendChild(foot);
})();
`;

const frostbyte = spa(
  {
    '/robots.txt': (_q, r) => text(r, 'User-agent: *\nDisallow: /dashboard\n\nSitemap: http://frostbyte.test/sitemap.xml\n'),
    '/sitemap.xml': (_q, r) => xml(r, sitemapXml('http://frostbyte.test', ['/', '/pricing', '/company', '/docs', '/trust', '/changelog', '/jobs'])),
  },
  shell('<meta name="theme-color" content="#0b1d33">', `<script>${FROSTBYTE_JS}</script>`),
);

export const SPA_SITES: Record<string, SiteHandler> = {
  'lumenkit.test': lumenkit,
  'frostbyte.test': frostbyte,
};
