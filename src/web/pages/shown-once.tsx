import type { Child, FC } from 'hono/jsx';
import { Layout } from '../layout';

/**
 * The one page on which a credential (an API key, a webhook signing secret) is shown: its routes send it
 * with no-store, and it is never rendered again. `id` names the value's element, which the copy button reads.
 */
export const ShownOncePage: FC<{
  heading: string;
  description: string;
  dashboard: boolean;
  /** What the value is, for the copy button ("key", "secret"). */
  noun: string;
  /** Why to copy it now, in the notice. */
  warning: string;
  id: string;
  value: string;
  next: string;
  /** Shown above the value (what it belongs to). */
  lead?: Child;
  /** How to use it. */
  children?: Child;
}> = (p) => (
  <Layout title={p.heading} description={p.description} noindex dashboard={p.dashboard}>
    <h1>{p.heading}</h1>
    <div class="notice good" role="status">
      <p>{p.warning}</p>
    </div>
    {p.lead}
    <p id={p.id} class="secret">
      {p.value}
    </p>
    <button type="button" data-copy={p.id}>
      Copy the {p.noun}
    </button>
    <p id={`${p.id}-status`} role="status" class="muted" />
    {p.children}
    <p>
      <a class="button" href={p.next}>
        Continue
      </a>
    </p>
  </Layout>
);
