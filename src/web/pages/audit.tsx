import type { FC } from 'hono/jsx';
import { Layout } from '../layout';
import { Csrf, Field } from './field';

export const AuditFormPage: FC<{ csrf: string; domain?: string; error?: string; signedIn: boolean; trialQuota: number }> = (p) => (
  <Layout
    title="Audit a domain"
    description="Run an agent-readiness audit of any public website: robots.txt, llms.txt, OpenAPI, MCP and more."
    noindex={!!p.error}
  >
    <h1>Audit a domain</h1>
    <p>
      The audit reads the site as an agent would (robots.txt, llms.txt, sitemap, OpenAPI, the MCP endpoint, docs and pricing pages), scores it and adds it to
      the registry.{' '}
      {p.signedIn
        ? 'It counts as one audit_run against your workspace.'
        : `Without an account you may run ${p.trialQuota} metered calls an hour from one address; sign up for more.`}
    </p>
    <form action="/audit" method="post" class="card">
      <Csrf token={p.csrf} />
      <Field
        id="audit-domain"
        label="Domain"
        name="domain"
        value={p.domain ?? ''}
        placeholder="example.com"
        required
        help="A domain, an http(s) address of one, or a registry slug."
        error={p.error}
      />
      <button type="submit">Run the audit</button>
    </form>
  </Layout>
);

export const AuditProgressPage: FC<{ domain?: string; seconds: number; failed?: string }> = (p) => (
  <Layout title="Audit running" description="An agent-readiness audit in progress." noindex refreshSeconds={p.failed ? undefined : 2}>
    <h1>{p.failed ? 'The audit did not finish' : `Auditing${p.domain ? ` ${p.domain}` : ''}…`}</h1>
    {p.failed ? (
      <p class="notice bad" role="alert">
        {p.failed} <a href="/audit">Try again</a>
      </p>
    ) : (
      <div role="status">
        <p>
          Reading robots.txt, llms.txt, the sitemap, OpenAPI and MCP endpoints, docs and pricing pages, then scoring. Running for {p.seconds} s; this page
          refreshes itself and opens the product page when the audit is done.
        </p>
        <progress aria-label="Audit in progress" />
      </div>
    )}
  </Layout>
);
