import type { FC } from 'hono/jsx';
import { Layout } from '../layout';
import { Csrf, Field } from './field';
import { ShownOncePage } from './shown-once';

export const SignupPage: FC<{ csrf: string; email?: string; error?: string }> = (p) => (
  <Layout title="Sign up" description="Create an Agentdex workspace and API key: free monthly calls, no card needed.">
    <h1>Create a workspace</h1>
    <p>Free: 100 audits and 1,000 find-tools and resolve calls a month are included; no card needed. You get an API key at once.</p>
    <form action="/signup" method="post" class="card">
      <Csrf token={p.csrf} />
      <Field id="signup-email" label="Email" name="email" type="email" value={p.email ?? ''} required autocomplete="email" error={p.error} />
      <Field id="signup-name" label="Workspace name (optional)" name="workspaceName" autocomplete="organization" />
      <p>
        <button type="submit">Create workspace and key</button>
      </p>
    </form>
    <p>
      Already have a key? <a href="/dashboard/signin">Sign in with it</a>.
    </p>
  </Layout>
);

/** The one time a key is shown: the response is never cached and the key is never rendered again. */
export const NewKeyPage: FC<{ keyValue: string; prefix: string; heading: string; next: string; dashboard: boolean }> = (p) => (
  <ShownOncePage
    heading={p.heading}
    description="Your new API key, shown once."
    dashboard={p.dashboard}
    noun="key"
    warning="Copy this key now: it is shown this once, and Agentdex keeps only its hash."
    id="new-key"
    value={p.keyValue}
    next={p.next}
  >
    <p>
      Use it in the <code>x-api-key</code> header, with <code>AGENTDEX_API_KEY</code> for the CLI, or in the MCP client's headers. It appears in lists as{' '}
      <code>{p.prefix}…</code>.
    </p>
  </ShownOncePage>
);

export const SignInPage: FC<{ csrf: string; error?: string; signedOut?: boolean }> = (p) => (
  <Layout title="Sign in" description="Sign in to the Agentdex dashboard with an API key." noindex>
    <h1>Sign in</h1>
    {p.signedOut ? (
      <p class="notice" role="status">
        You are signed out.
      </p>
    ) : null}
    <form action="/dashboard/signin" method="post" class="card">
      <Csrf token={p.csrf} />
      <Field
        id="signin-key"
        label="API key"
        name="key"
        type="password"
        required
        autocomplete="off"
        help="Any active key of the workspace. The session ends when you sign out, revoke it, or revoke the key."
        error={p.error}
      />
      <button type="submit">Sign in</button>
    </form>
    <p>
      No key yet? <a href="/signup">Create a workspace</a>.
    </p>
  </Layout>
);

export const ErrorPage: FC<{ status: number; message: string; dashboard?: boolean }> = (p) => (
  <Layout title={p.status === 404 ? 'Not found' : 'Something went wrong'} description={p.message} noindex dashboard={p.dashboard}>
    <h1>{p.status === 404 ? 'Not found' : p.status >= 500 ? 'Something went wrong' : 'That did not work'}</h1>
    <p role="alert">{p.message}</p>
    <p>
      <a href="/">Back to the registry</a>
    </p>
  </Layout>
);
