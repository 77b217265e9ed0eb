import type { FC } from 'hono/jsx';
import { Layout } from '../layout';
import { ColumnHeads, Csrf } from './field';

/** find-tools' answer as the page shows it (the REST JSON's fields). */
export interface ToolsAnswer {
  task: string;
  results: Array<{ slug: string; name: string; domain: string; readiness: number; match: number; reason: string }>;
  note?: string;
}

const TASK_MAX = 1000;

/** Rank the registry's products for a task: the find-tools primitive, metered like the audit form. */
export const ToolsFormPage: FC<{ csrf: string; task?: string; error?: string; signedIn: boolean; trialQuota: number }> = (p) => (
  <Layout title="Tools for a task" description="Rank the registry's products by how well each fits a task, with why." noindex>
    <h1>Tools for a task</h1>
    <p>
      Describe what you need done, in your own words: Agentdex ranks the registry by how well each product fits it and says why.{' '}
      {p.signedIn
        ? 'It counts as one agent_discovery_check against your workspace.'
        : `Without an account you may run ${p.trialQuota} metered calls an hour from one address; sign up for more.`}
    </p>
    <form action="/tools" method="post" class="card">
      <Csrf token={p.csrf} />
      <label for="tools-task">Task</label>
      <textarea
        id="tools-task"
        name="task"
        rows={3}
        maxlength={TASK_MAX}
        required
        aria-invalid={p.error ? 'true' : undefined}
        aria-describedby={p.error ? 'tools-task-error' : 'tools-task-help'}
      >
        {p.task ?? ''}
      </textarea>
      {p.error ? (
        <p id="tools-task-error" class="notice bad" role="alert">
          {p.error}
        </p>
      ) : (
        <p id="tools-task-help" class="muted">
          For example “send transactional email from a Node.js app” or “push Stripe payouts into QuickBooks”.
        </p>
      )}
      <button type="submit">Rank tools</button>
    </form>
  </Layout>
);

export const ToolsResultPage: FC<{ answer: ToolsAnswer }> = ({ answer }) => (
  <Layout title={`Tools for: ${answer.task}`} description="Products ranked by how well they fit the task." noindex>
    <h1>Tools for “{answer.task}”</h1>
    {answer.note ? <p class="notice">{answer.note}</p> : null}
    {answer.results.length ? (
      <table>
        <caption class="sr-only">Products ranked by fit for {answer.task}</caption>
        <ColumnHeads columns={['Product', { label: 'Match', num: true }, { label: 'Readiness', num: true }, 'Why']} />
        <tbody>
          {answer.results.map((r) => (
            <tr>
              <td>
                <a href={`/products/${r.slug}`}>{r.name}</a> <span class="muted">{r.domain}</span>
              </td>
              <td class="num">{r.match.toFixed(2)}</td>
              <td class="num">{r.readiness}</td>
              <td class="muted">{r.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    ) : null}
    <p>
      <a href={`/tools?task=${encodeURIComponent(answer.task)}`}>Ask another way</a> · <a href="/docs#ranking">How ranking works</a>
    </p>
  </Layout>
);
