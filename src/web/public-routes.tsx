import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AppDeps } from '../deps';
import type { ResponseCache } from '../http/response-cache';
import { parseInput } from '../http/validate';
import { operations } from '../operations';
import type { Caller } from '../services/callers';
import { checkHealth } from '../services/health';
import type { Handlers } from '../services/operations';
import { TRIAL_QUOTA } from '../services/metering';
import { webPagesService } from '../services/web-pages';
import { trialClientKey } from '../domain/client-key';
import { anonymousCsrfToken, checkCsrf, readForm } from './forms';
import { homeMarkdown, productMarkdown } from './markdown';
import { apiErrorOf, invocation, redirect, sendHtml, wantsMarkdown } from './page-kit';
import { AuditFormPage, AuditProgressPage } from './pages/audit';
import { ChangelogPage, DocsPage, PricingPage, StatusPage } from './pages/info';
import { CategoryPage, HomePage, ProductPageView, SearchPage } from './pages/registry';
import { type ToolsAnswer, ToolsFormPage, ToolsResultPage } from './pages/tools';
import { renderPage } from './layout';
import type { SessionLookup } from './session';

const HOME_TOP = 20;
const CATEGORY_LIMIT = 100;
const SEARCH_LIMIT = 50;

/**
 * The public pages: the registry (home, categories, products, search), the audit form and its progress,
 * and the pages about Agentdex itself. Registry pages are cached like the JSON reads they mirror (same
 * registry-version invalidation) and vary on Accept, since agents may ask for markdown.
 */
export function mountPublicPages(router: Router, o: { deps: AppDeps; handlers: Handlers; cache: ResponseCache; session: SessionLookup }): void {
  const { deps, handlers, cache } = o;
  const base = deps.config.publicBaseUrl;
  const secure = base.startsWith('https://');
  const pages = webPagesService(deps.db);

  /** A cached registry page: HTML or markdown by Accept, each variant under its own key. */
  const registryPage = async (ctx: Context, html: () => Promise<unknown>, markdown?: () => Promise<string>) => {
    const md = markdown && wantsMarkdown(ctx);
    ctx.set('Vary', 'Accept');
    // Revalidated on every view (a 304 by ETag costs little): a claim or an audit shows at once.
    ctx.set('Cache-Control', 'public, no-cache');
    ctx.set('Link', LINK_HEADER);
    const key = `web:${md ? 'md' : 'html'} GET ${ctx.url}`;
    if (md) return cache.send(ctx, key, 'text/markdown; charset=utf-8', markdown);
    return cache.send(ctx, key, 'text/html; charset=utf-8', async () => renderPage(await html()));
  };

  const topProducts = async () => (await handlers.listRegistry({ minScore: 0, limit: HOME_TOP }, { source: 'api', ip: '' })).body as never[];

  router.get('/', (ctx) =>
    registryPage(
      ctx,
      async () => {
        const [top, cats] = await Promise.all([topProducts(), handlers.listCategories({}, invocation(ctx))]);
        return <HomePage base={base} top={top} categories={(cats.body as { categories: never[] }).categories} />;
      },
      async () => {
        const [top, cats] = await Promise.all([topProducts(), handlers.listCategories({}, invocation(ctx))]);
        return homeMarkdown(base, top, (cats.body as { categories: never[] }).categories);
      },
    ),
  );

  router.get('/categories/:slug', (ctx) =>
    registryPage(ctx, async () => {
      const input = parseInput(operations.getCategory.input, { slug: ctx.params.slug, limit: CATEGORY_LIMIT }, 'params');
      const answer = await handlers.getCategory(input, invocation(ctx));
      return <CategoryPage base={base} category={answer.body as never} />;
    }),
  );

  router.get('/products/:slug', (ctx) => {
    const { slug } = parseInput(operations.getProfile.input, { slug: ctx.params.slug }, 'params');
    return registryPage(
      ctx,
      async () => <ProductPageView base={base} p={await pages.product(slug)} />,
      async () => productMarkdown(base, await pages.product(slug)),
    );
  });

  router.get('/search', async (ctx) => {
    const query = typeof ctx.query.q === 'string' ? ctx.query.q.trim() : '';
    if (!query) return sendHtml(ctx, <SearchPage query="" rows={[]} />, { cache: 'public' });
    const input = parseInput(operations.search.input, { query: query.slice(0, 500), limit: SEARCH_LIMIT }, 'query');
    const answer = await handlers.search(input, invocation(ctx));
    sendHtml(ctx, <SearchPage query={query} rows={answer.body as never[]} />, { cache: 'public' });
  });

  // ---- the audit form: trial rules apply (or the signed-in workspace's entitlement)
  const callerOf = async (ctx: Context): Promise<Caller> => {
    const session = await o.session(ctx);
    return session ? { kind: 'workspace', workspaceId: session.workspaceId, keyId: session.keyId } : { kind: 'anonymous', clientKey: trialClientKey(ctx.ip) };
  };

  router.get('/audit', async (ctx) => {
    const signedIn = !!(await o.session(ctx));
    const domain = typeof ctx.query.domain === 'string' ? ctx.query.domain.slice(0, 200) : undefined;
    sendHtml(ctx, <AuditFormPage csrf={anonymousCsrfToken(ctx, secure)} domain={domain} signedIn={signedIn} trialQuota={TRIAL_QUOTA} />);
  });

  router.post('/audit', async (ctx) => {
    const fields = await readForm(ctx);
    checkCsrf(ctx, fields, undefined, base);
    const caller = await callerOf(ctx);
    const form = (error: string, status: number) =>
      sendHtml(
        ctx,
        <AuditFormPage
          csrf={anonymousCsrfToken(ctx, secure)}
          domain={fields.domain}
          error={error}
          signedIn={caller.kind === 'workspace'}
          trialQuota={TRIAL_QUOTA}
        />,
        {
          status,
        },
      );
    try {
      const input = parseInput(operations.audit.input, { domain: (fields.domain ?? '').trim() }, 'query');
      const answer = await handlers.audit(input, { ...invocation(ctx, caller), respondAsync: true });
      if (answer.status === 202) return redirect(ctx, `/audit/jobs/${(answer.body as { jobId: string }).jobId}?domain=${encodeURIComponent(input.domain)}`);
      const slug = (answer.body as { slug?: string }).slug;
      return redirect(ctx, slug ? `/products/${slug}` : '/audit');
    } catch (err) {
      const e = refusal(ctx, err, { field: 'query.domain', noun: 'The domain ', more: 'audits' });
      return form(e.message, e.status);
    }
  });

  // ---- find-tools: the same ranking as REST, MCP and the CLI, under the trial rules (or the workspace's)
  router.get('/tools', async (ctx) => {
    const signedIn = !!(await o.session(ctx));
    const task = typeof ctx.query.task === 'string' ? ctx.query.task.slice(0, 1000) : undefined;
    sendHtml(ctx, <ToolsFormPage csrf={anonymousCsrfToken(ctx, secure)} task={task} signedIn={signedIn} trialQuota={TRIAL_QUOTA} />);
  });

  router.post('/tools', async (ctx) => {
    const fields = await readForm(ctx);
    checkCsrf(ctx, fields, undefined, base);
    const caller = await callerOf(ctx);
    try {
      const input = parseInput(operations.findTools.input, { task: fields.task ?? '' }, 'body');
      const answer = await handlers.findTools(input, invocation(ctx, caller));
      sendHtml(ctx, <ToolsResultPage answer={answer.body as ToolsAnswer} />, { cache: 'no-store' });
    } catch (err) {
      const { message, status } = refusal(ctx, err, { field: 'body.task', noun: 'The task ', more: 'rankings' });
      sendHtml(
        ctx,
        <ToolsFormPage
          csrf={anonymousCsrfToken(ctx, secure)}
          task={fields.task}
          error={message}
          signedIn={caller.kind === 'workspace'}
          trialQuota={TRIAL_QUOTA}
        />,
        { status },
      );
    }
  });

  router.get('/audit/jobs/:id', async (ctx) => {
    const caller = await callerOf(ctx);
    const input = parseInput(operations.getJob.input, { id: ctx.params.id }, 'params');
    const started = Number(ctx.query.t) || Date.now();
    const answer = await handlers.getJob(input, invocation(ctx, caller));
    const job = answer.body as { status: string; result?: { slug?: string; reachable?: boolean; domain?: string }; error?: string };
    const domain = typeof ctx.query.domain === 'string' ? ctx.query.domain.slice(0, 200) : undefined;
    if (job.status === 'completed' && job.result?.slug && job.result.reachable !== false) return redirect(ctx, `/products/${job.result.slug}`);
    if (job.status === 'completed')
      return sendHtml(
        ctx,
        <AuditProgressPage domain={domain} seconds={0} failed={`Could not reach ${job.result?.domain ?? domain ?? 'the site'}; nothing was scored.`} />,
      );
    if (job.status === 'failed') return sendHtml(ctx, <AuditProgressPage domain={domain} seconds={0} failed={`The audit failed (${job.error}).`} />);
    if (!ctx.query.t) return redirect(ctx, `${ctx.path}?domain=${encodeURIComponent(domain ?? '')}&t=${started}`);
    sendHtml(ctx, <AuditProgressPage domain={domain} seconds={Math.max(0, Math.round((Date.now() - started) / 1000))} />, { cache: 'no-store' });
  });

  // ---- about Agentdex itself
  router.get('/docs', (ctx) => sendHtml(ctx, <DocsPage base={base} />, { cache: 'public' }));
  router.get('/pricing', async (ctx) => {
    const plans = await handlers.getPlans({}, invocation(ctx));
    sendHtml(ctx, <PricingPage base={base} plans={plans.body as never} />, { cache: 'public' });
  });
  router.get('/status', async (ctx) => {
    const health = await checkHealth(deps.db, deps.temporal);
    sendHtml(ctx, <StatusPage base={base} ok={health.ok} postgres={health.postgres} temporal={health.temporal} />, {
      status: health.ok ? 200 : 503,
      cache: 'no-store',
    });
  });
  router.get('/changelog', (ctx) => sendHtml(ctx, <ChangelogPage base={base} />, { cache: 'public' }));
}

/** RFC 8288 links to what agents read instead of the pages (the audit's link-headers check looks for them). */
export const LINK_HEADER = [
  '</.well-known/api-catalog>; rel="api-catalog"',
  '</openapi.json>; rel="service-desc"; type="application/json"',
  '</docs>; rel="service-doc"; type="text/html"',
  '</llms.txt>; rel="describedby"; type="text/plain"',
].join(', ');

/**
 * A metered form's refusal as its page says it: a 429 invites signing up (and passes Retry-After on), a
 * 400 names the field in words ("The task must..."), anything else is the API's message.
 */
function refusal(ctx: Context, err: unknown, o: { field: string; noun: string; more: string }): { message: string; status: number } {
  const e = apiErrorOf(err);
  if (e.hints.retryAfterSeconds) ctx.set('Retry-After', String(e.hints.retryAfterSeconds));
  const message =
    e.status === 429
      ? `${e.message}. Sign up for a free workspace to run more ${o.more}.`
      : e.status === 400
        ? e.message.replace(`Invalid request: ${o.field}: `, o.noun)
        : e.message;
  return { message, status: e.status };
}
