import type { FC } from 'hono/jsx';
import { PLANS } from '../../domain/plans';
import type { PlansSchema } from '../../schemas/account';
import type { z } from '../../schemas/zod';
import { Layout } from '../layout';

type Plans = z.infer<typeof PlansSchema>;

export const DocsPage: FC<{ base: string }> = ({ base }) => (
  <Layout
    title="Docs"
    description="How to use Agentdex from an agent: the REST API, the hosted MCP server, the typed TypeScript client and the CLI."
    canonical={`${base}/docs`}
  >
    <h1>Developer documentation</h1>
    <p>
      Agentdex answers which tools fit a task, how agent-ready each is, how to use them, what they cost and who competes with them. Registry reads are free and
      need no key; metered primitives (audit, find-tools, resolve, how-to, company data, research) take an API key in the <code>x-api-key</code> header, or run
      as a small anonymous trial.
    </p>
    <h2>REST API</h2>
    <p>
      The whole API is described by <a href="/openapi.json">OpenAPI 3.0</a> and summarised for agents in <a href="/llms.txt">llms.txt</a> and{' '}
      <a href="/llms-full.txt">llms-full.txt</a>.
    </p>
    <pre tabindex={0}>{`curl -s ${base}/v1/search -H 'content-type: application/json' -d '{"query": "send transactional email"}'
curl -s ${base}/v1/find-tools -H "x-api-key: $AGENTDEX_API_KEY" -H 'content-type: application/json' -d '{"task": "send sms"}'`}</pre>
    <h2 id="ranking">How tools are ranked for a task</h2>
    <p>
      find-tools and resolve rank products by how well each fits what the task asks: each product is read as a document (its name, description, the requests it
      serves, its categories and what audits read on its site), the task for what it asks (requirement phrases become filters, the asking clauses of a long
      request count most, rare words more than filler), and readiness only orders near-equal fits. Each result carries a <code>match</code> (0..1) and a{' '}
      <code>reason</code> naming the words and capabilities that matched; an answer with no good fit says so in <code>note</code>. Try it on the{' '}
      <a href="/tools">tools for a task</a> page.
    </p>
    <h2 id="limits">Limits</h2>
    <p>
      Registry reads are never limited. Each workspace may start so many metered calls per second and have so many running at once, shared by all its keys:{' '}
      {Object.values(PLANS)
        .map((p) => `on ${p.name} ${p.callLimits.rate} a second (bursts of ${p.callLimits.burst}) and ${p.callLimits.inFlight} at once`)
        .join(', ')}
      . <code>GET /v1/entitlements</code> lists yours as <code>callLimits</code>. Beyond them a call is answered 429 with <code>Retry-After</code>,{' '}
      <code>RateLimit</code> and <code>RateLimit-Policy</code>, and nothing is started or billed; the clients wait and retry. The anonymous trial allows 8
      metered calls an hour per address.
    </p>
    <h2>MCP server</h2>
    <p>
      A hosted MCP server (Streamable HTTP) at <code>{`${base}/mcp`}</code>; send the key in the <code>x-api-key</code> header. Its server card is at{' '}
      <a href="/.well-known/mcp/server-card.json">/.well-known/mcp/server-card.json</a>.
    </p>
    <h2>Install</h2>
    <p>From a clone of the Agentdex repository, the API with everything it needs starts with two commands:</p>
    <pre tabindex={0}>{`npm install
npm start`}</pre>
    <p>The CLI (the agentdex command) installs from the same clone:</p>
    <pre tabindex={0}>npm install -g .</pre>
    <h2>Client libraries</h2>
    <p>
      Official clients in three languages, generated from the same operation declarations as the API: one method per operation, errors with the HTTP status, 429
      and 503 retried as Retry-After says.
    </p>
    <p>
      TypeScript: the package's <code>agentdex/client</code> export, added to a project from the clone:
    </p>
    <pre tabindex={0}>{`npm install ../agentdex
import { AgentdexClient } from 'agentdex/client';`}</pre>
    <p>Python (3.9+, standard library only), from the clone:</p>
    <pre tabindex={0}>{`pip install ./clients/python
from agentdex import Agentdex
Agentdex(api_key="adx_...").find_tools("send transactional email")`}</pre>
    <p>
      Go (1.21+, standard library only): add <code>{'replace agentdex.dev/go => ../agentdex/clients/go'}</code> to your go.mod (the module is not published),
      then:
    </p>
    <pre tabindex={0}>{`go get agentdex.dev/go
client := agentdex.NewClient("adx_...")`}</pre>
    <h2>Keys, limits and billing</h2>
    <p>
      <a href="/signup">Sign up</a> for a workspace and key, then manage keys, usage, spend limits, billing and vendor claims in the{' '}
      <a href="/dashboard">dashboard</a>. See <a href="/pricing">pricing</a> for what is included.
    </p>
  </Layout>
);

export const PricingPage: FC<{ base: string; plans: Plans }> = ({ base, plans }) => (
  <Layout
    title="Pricing"
    description="Agentdex pricing: registry reads are free; metered primitives have a free monthly allowance, then a price per call."
    canonical={`${base}/pricing`}
  >
    <h1>Pricing</h1>
    <p>
      Registry reads are free. Start free: every workspace includes a free plan with a monthly allowance of each metered primitive; beyond it, calls are billed
      per call once billing is enabled. <a href="/signup">Sign up</a> to get an API key at once, no card needed.
    </p>
    <table>
      <caption class="sr-only">Prices per metered call</caption>
      <thead>
        <tr>
          <th scope="col">Event type</th>
          <th scope="col" class="num">
            Free each month
          </th>
          <th scope="col" class="num">
            Price per call ({plans.currency})
          </th>
          <th scope="col" class="num">
            Per 1,000 calls
          </th>
        </tr>
      </thead>
      <tbody>
        {plans.primitives.map((p) => (
          <tr>
            <td>{p.eventType}</td>
            <td class="num">{p.freeMonthly}</td>
            <td class="num">${p.ratePerCallUsd}</td>
            <td class="num">${p.ratePer1kUsd}</td>
          </tr>
        ))}
      </tbody>
    </table>
    <h2>Plans</h2>
    <ul>
      {plans.plans.map((p) => (
        <li>
          <strong>{p.name}</strong>: {p.description}
        </li>
      ))}
    </ul>
  </Layout>
);

export const StatusPage: FC<{ base: string; postgres: string; temporal: string; ok: boolean }> = (p) => (
  <Layout title="Status" description="Live status of the Agentdex API and its dependencies." canonical={`${p.base}/status`}>
    <h1>Status</h1>
    <p class={p.ok ? 'notice good' : 'notice bad'} role="status">
      {p.ok ? 'All systems operational.' : 'Degraded: some calls may fail with 503 until the dependency is back.'}
    </p>
    <table>
      <caption class="sr-only">Dependencies</caption>
      <tbody>
        <tr>
          <th scope="row">Registry database (Postgres)</th>
          <td>{p.postgres}</td>
        </tr>
        <tr>
          <th scope="row">Workflows (Temporal)</th>
          <td>{p.temporal}</td>
        </tr>
      </tbody>
    </table>
    <p>
      Machine-readable: <a href="/health">/health</a>.
    </p>
  </Layout>
);

export const CHANGELOG: Array<{ date: string; items: string[] }> = [
  {
    date: '2026-11-25',
    items: [
      'Web pages: registry, product pages with history and badge, the audit form, and the workspace dashboard.',
      'Billing with Stripe (checkout, portal, invoices, usage sync) and vendor claims by DNS TXT or meta tag.',
    ],
  },
  { date: '2026-11-24', items: ['Company data, pricing, competitors, company comparison and cited research.', 'Typo-tolerant search.'] },
  { date: '2026-11-23', items: ['Hosted MCP server, typed TypeScript client and the agentdex CLI.'] },
  { date: '2026-11-22', items: ['Registry, agent-readiness audits, find-tools, resolve and how-to playbooks; workspaces, keys and exact metering.'] },
];

export const ChangelogPage: FC<{ base: string }> = ({ base }) => (
  <Layout title="Changelog" description="What changed in Agentdex, newest first." canonical={`${base}/changelog`}>
    <h1>Changelog</h1>
    {CHANGELOG.map((entry) => (
      <section>
        <h2>{entry.date}</h2>
        <ul>
          {entry.items.map((i) => (
            <li>{i}</li>
          ))}
        </ul>
      </section>
    ))}
  </Layout>
);
