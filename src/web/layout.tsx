import type { Child, FC } from 'hono/jsx';
import { ASSETS } from './assets';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of this page, for <link rel=canonical> and OpenGraph. */
  canonical?: string;
  /** Structured data for the page (JSON-LD), serialised safely by `jsonLd`. */
  jsonLd?: unknown;
  /** Pages that must not be indexed (dashboard, forms' results). */
  noindex?: boolean;
  /** A page that reloads itself while work runs (an audit in progress), in seconds. */
  refreshSeconds?: number;
  /** Marks the signed-in area: its navigation differs. */
  dashboard?: boolean;
}

/** JSON inside <script type="application/ld+json">: `<` escaped so no string can close the element. */
function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Every page's shell: landmarks, skip link, navigation, our own stylesheet and script only. */
export const Layout: FC<PageMeta & { children?: Child }> = (p) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      {p.refreshSeconds ? <meta http-equiv="refresh" content={String(p.refreshSeconds)} /> : null}
      <title>{p.title === 'Agentdex' ? p.title : `${p.title} · Agentdex`}</title>
      <meta name="description" content={p.description} />
      {p.noindex ? <meta name="robots" content="noindex" /> : null}
      {p.canonical ? <link rel="canonical" href={p.canonical} /> : null}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="Agentdex" />
      <meta property="og:title" content={p.title} />
      <meta property="og:description" content={p.description} />
      {p.canonical ? <meta property="og:url" content={p.canonical} /> : null}
      <link rel="alternate" type="text/plain" href="/llms.txt" title="llms.txt" />
      <link rel="service-desc" type="application/json" href="/openapi.json" />
      <link rel="stylesheet" href={ASSETS.css.path} />
      <script src={ASSETS.js.path} defer />
      {p.jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(p.jsonLd) }} /> : null}
    </head>
    <body>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="site">
        <div class="bar">
          <a class="brand" href="/">
            Agentdex
          </a>
          <nav aria-label="Main">
            {p.dashboard ? (
              <ul>
                <li>
                  <a href="/dashboard">Overview</a>
                </li>
                <li>
                  <a href="/dashboard/keys">Keys</a>
                </li>
                <li>
                  <a href="/dashboard/usage">Usage</a>
                </li>
                <li>
                  <a href="/dashboard/limits">Limits</a>
                </li>
                <li>
                  <a href="/dashboard/billing">Billing</a>
                </li>
                <li>
                  <a href="/dashboard/claims">Claims</a>
                </li>
                <li>
                  <a href="/dashboard/watches">Watches</a>
                </li>
              </ul>
            ) : (
              <ul>
                <li>
                  <a href="/#categories">Categories</a>
                </li>
                <li>
                  <a href="/audit">Audit a domain</a>
                </li>
                <li>
                  <a href="/docs">Docs</a>
                </li>
                <li>
                  <a href="/pricing">Pricing</a>
                </li>
                <li>
                  <a href="/dashboard">Dashboard</a>
                </li>
              </ul>
            )}
          </nav>
          <search>
            <form action="/search" method="get">
              <label for="site-search" class="sr-only">
                Search the registry
              </label>
              <input id="site-search" type="search" name="q" placeholder="Search tools" />
              <button type="submit">Search</button>
            </form>
          </search>
        </div>
      </header>
      <main id="main">{p.children}</main>
      <footer class="site">
        <div class="bar">
          <a href="/docs">Docs</a>
          <a href="/openapi.json">OpenAPI</a>
          <a href="/llms.txt">llms.txt</a>
          <a href="/.well-known/mcp/server-card.json">MCP server</a>
          <a href="/pricing">Pricing</a>
          <a href="/status">Status</a>
          <a href="/changelog">Changelog</a>
          <a href="/signup">Sign up</a>
        </div>
      </footer>
    </body>
  </html>
);

/** The document for a page element: `<!doctype html>` and the escaped markup. */
export function renderPage(page: unknown): string {
  return `<!doctype html>${String(page)}`;
}
