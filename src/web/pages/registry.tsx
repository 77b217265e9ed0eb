import type { McpDrift } from '../../domain/mcp/section';
import { terminalSafe } from '../../render/mcp-tools';
import type { FC } from 'hono/jsx';
import { NOT_AUDITED_SENTENCE } from '../../schemas/registry';
import type { RegistryRow } from '../../store/product-rows';
import type { CategoryRow } from '../../store/products';
import type { ProductPage } from '../../services/web-pages';
import { HistoryChart, ScoreBars } from '../charts';
import { Layout } from '../layout';
import { ColumnHeads } from './field';
import { McpToolsSection } from './mcp-tools';

// The public registry pages: views only, from data the routes read through the services.

const ProductTable: FC<{ rows: RegistryRow[]; caption: string }> = ({ rows, caption }) => (
  <table>
    <caption class="sr-only">{caption}</caption>
    <ColumnHeads columns={['Product', 'Domain', { label: 'Readiness', num: true }]} />
    <tbody>
      {rows.map((r) => (
        <tr>
          <td>
            <a href={`/products/${r.slug}`}>{r.name}</a>
          </td>
          <td class="muted">{r.domain}</td>
          <td class="num">{r.readiness}</td>
        </tr>
      ))}
    </tbody>
  </table>
);

export const HomePage: FC<{ base: string; top: RegistryRow[]; categories: CategoryRow[] }> = ({ base, top, categories }) => (
  <Layout
    title="Agentdex"
    description="The registry AI agents ask first about third-party software: which tools fit a task, how agent-ready each is, how to use them and what they cost."
    canonical={`${base}/`}
    jsonLd={{
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Agentdex',
      url: `${base}/`,
      description: 'The registry AI agents ask first about third-party software.',
    }}
  >
    <h1>Which tools are ready for AI agents?</h1>
    <p>
      Agentdex scores software products on how well an AI agent can find, understand, adopt and operate them. Reads are free and open; agents use the{' '}
      <a href="/docs">REST API, the MCP server or the CLI</a>.
    </p>
    <form action="/search" method="get" class="card">
      <label for="home-search">Search the registry</label>
      <input id="home-search" type="search" name="q" placeholder="e.g. send transactional email" /> <button type="submit">Search</button>
    </form>
    <h2>Most agent-ready products</h2>
    <ProductTable rows={top} caption="Most agent-ready products" />
    <h2 id="categories">Categories</h2>
    <ul class="grid plain">
      {categories.map((c) => (
        <li class="card">
          <a href={`/categories/${c.slug}`}>{c.name}</a> <span class="muted">({c.productCount})</span>
          <p class="muted">{c.description}</p>
        </li>
      ))}
    </ul>
  </Layout>
);

export const CategoryPage: FC<{ base: string; category: CategoryRow & { products: RegistryRow[] } }> = ({ base, category }) => (
  <Layout
    title={category.name}
    description={`${category.name}: ${category.description} Products ranked by agent readiness.`}
    canonical={`${base}/categories/${category.slug}`}
  >
    <p>
      <a href="/#categories">Categories</a>
    </p>
    <h1>{category.name}</h1>
    <p>{category.description}</p>
    <p class="muted">
      {category.productCount} products; the {category.products.length} most agent-ready are listed.
    </p>
    <ProductTable rows={category.products} caption={`${category.name} products by readiness`} />
  </Layout>
);

export const SearchPage: FC<{ query: string; rows: RegistryRow[] }> = ({ query, rows }) => (
  <Layout title={query ? `Search: ${query}` : 'Search'} description="Search the Agentdex registry of software products by task or name." noindex>
    <h1>Search</h1>
    <form action="/search" method="get" class="card">
      <label for="search-q">Task or product</label>
      <input id="search-q" type="search" name="q" value={query} />
      <button type="submit">Search</button>
    </form>
    {query ? (
      <p>
        Describing a task? <a href={`/tools?task=${encodeURIComponent(query)}`}>Rank tools for “{query}” by fit</a>, with why each fits.
      </p>
    ) : null}
    {query ? (
      rows.length ? (
        <>
          <p>
            {rows.length} result{rows.length === 1 ? '' : 's'} for “{query}”.
          </p>
          <ProductTable rows={rows} caption={`Results for ${query}`} />
        </>
      ) : (
        <p>
          Nothing matches “{query}”. Try other words, or <a href="/audit">audit a domain</a> to add it.
        </p>
      )
    ) : null}
  </Layout>
);

const fixOf = (c: ProductPage['failing'][number]) => c.fix ?? c.detail;

/** One audit's MCP drift in words (tool names are the server's text: hono/jsx escapes them, terminalSafe shows hidden ones). */
function driftWords(d: McpDrift): string {
  const names = (list: string[]) => list.map(terminalSafe).join(', ');
  return [
    d.added.length ? `added ${names(d.added)}` : '',
    d.removed.length ? `removed ${names(d.removed)}` : '',
    d.changed.length ? `changed ${d.changed.map((c) => `${terminalSafe(c.name)} (${c.fields.join(', ')})`).join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

export const ProductPageView: FC<{ base: string; p: ProductPage }> = ({ base, p }) => {
  const badgeUrl = `${base}/badge/${p.slug}.svg`;
  const snippet = `[![Agent readiness](${badgeUrl})](${base}/products/${p.slug})`;
  return (
    <Layout
      title={`${p.name} agent readiness`}
      description={`${p.name} (${p.domain}) scores ${p.scores.readiness}/100 for agent readiness: discovery ${p.scores.discovery}, understanding ${p.scores.understanding}, adoption ${p.scores.adoption}, operability ${p.scores.operability}.`}
      canonical={`${base}/products/${p.slug}`}
      jsonLd={{
        '@context': 'https://schema.org',
        '@type': 'SoftwareApplication',
        name: p.name,
        url: `https://${p.domain}/`,
        description: p.description,
        applicationCategory: p.categories.join(', '),
      }}
    >
      <p>
        {p.categories.map((c, i) => (
          <>
            {i ? ' · ' : ''}
            <a href={`/categories/${c}`}>{c}</a>
          </>
        ))}
      </p>
      <h1>{p.name}</h1>
      <p>{p.description}</p>
      <p>
        <a href={`https://${p.domain}/`} rel={p.claimed ? undefined : 'nofollow ugc'}>
          {p.domain}
        </a>{' '}
        {p.claimed ? <span class="pill">Claimed by its vendor</span> : <a href="/dashboard/claims">Is this your product? Claim it</a>}
      </p>
      <section class="card" aria-labelledby="scores">
        <h2 id="scores">Agent readiness</h2>
        <p class="score">
          {p.scores.readiness}
          <span class="muted"> / 100</span>
        </p>
        <div class="bars">
          <ScoreBars scores={p.scores} />
        </div>
        <p class="muted">
          {p.freshness.source === 'seed'
            ? `Provisional score from public data (${p.freshness.asOf.slice(0, 10)}); a full audit replaces it.`
            : `Audited ${p.freshness.asOf.slice(0, 10)}.`}{' '}
          <a href={`/audit?domain=${encodeURIComponent(p.domain)}`}>Audit again</a>
        </p>
      </section>
      <section aria-labelledby="failing">
        <h2 id="failing">What to fix</h2>
        {!p.audited ? (
          <p>{NOT_AUDITED_SENTENCE}</p>
        ) : p.failing.length ? (
          <table>
            <caption class="sr-only">Failing checks and their fixes</caption>
            <ColumnHeads columns={['Check', 'Area', 'Fix']} />
            <tbody>
              {p.failing.map((c) => (
                <tr>
                  <td>{c.title}</td>
                  <td>{c.subScore}</td>
                  <td>{fixOf(c)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : p.issues.length ? (
          <ul>
            {p.issues.map((i) => (
              <li>{i}</li>
            ))}
          </ul>
        ) : (
          <p>No failing checks.</p>
        )}
        {p.passedCount ? <p class="muted">{p.passedCount} checks passed.</p> : null}
      </section>
      {p.mcp ? <McpToolsSection mcp={p.mcp} /> : null}
      <section aria-labelledby="history">
        <h2 id="history">History</h2>
        {p.history.length ? (
          <div class="chart">
            <HistoryChart points={p.history} />
          </div>
        ) : (
          <p>No audits yet.</p>
        )}
        {p.history.some((h) => h.mcpChanges) ? (
          <>
            <h3>MCP tool changes</h3>
            <ul class="mcp-history">
              {p.history
                .filter((h) => h.mcpChanges)
                .reverse()
                .map((h) => (
                  <li>
                    {h.at.slice(0, 10)}: {driftWords(h.mcpChanges!)}
                  </li>
                ))}
            </ul>
          </>
        ) : null}
      </section>
      <section aria-labelledby="signals">
        <h2 id="signals">Signals</h2>
        <ul>
          <li>MCP server: {p.signals.mcpAvailable ? 'yes' : 'no'}</li>
          <li>CLI: {p.signals.cliAvailable ? 'yes' : 'no'}</li>
          <li>llms.txt: {p.signals.llmsTxt ? 'yes' : 'no'}</li>
          <li>OpenAPI: {p.signals.openapi ? 'yes' : 'no'}</li>
          <li>SDKs: {p.signals.sdkLanguages.length ? p.signals.sdkLanguages.join(', ') : 'none found'}</li>
        </ul>
      </section>
      <section aria-labelledby="badge">
        <h2 id="badge">Badge</h2>
        <p>
          <img src={`/badge/${p.slug}.svg`} alt={`Agent readiness ${p.scores.readiness}`} />
        </p>
        <p>Markdown to embed it:</p>
        <pre id="badge-snippet" tabindex={0}>
          {snippet}
        </pre>
        <button type="button" class="secondary" data-copy="badge-snippet">
          Copy snippet
        </button>
        <p id="badge-snippet-status" role="status" class="muted" />
      </section>
    </Layout>
  );
};
