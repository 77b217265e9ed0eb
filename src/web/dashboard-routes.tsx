import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AppDeps } from '../deps';
import { claimInstructions } from '../domain/claim-token';
import { parseInput } from '../http/validate';
import { operations } from '../operations';
import type { WorkspaceCaller } from '../services/callers';
import type { Handlers } from '../services/operations';
import { webPagesService } from '../services/web-pages';
import { SESSION_TTL_MS, type WebSession, webSessionsService } from '../services/web-sessions';
import { anonymousCsrfToken, checkCsrf, clearCookie, readForm, setCookie } from './forms';
import { fieldErrors, WATCH_NOTICES } from './messages';
import { apiErrorOf, invocation, redirect, sendHtml } from './page-kit';
import { NewKeyPage, SignInPage, SignupPage } from './pages/account';
import { BillingPage, ClaimsPage, type DashNotice, KeysPage, LimitsPage, OverviewPage, UsagePage } from './pages/dashboard';
import { SESSION_COOKIE, type SessionLookup } from './session';
import { mountWatchRoutes, type SignedIn } from './watch-routes';

/** Outcomes a redirect reports with a fixed code (Post/Redirect/Get): no visitor text travels in the URL. */
const NOTICES: Record<string, DashNotice> = {
  'key-revoked': { kind: 'good', text: 'The key is revoked: calls with it now fail with 401.' },
  'key-missing': { kind: 'bad', text: 'No such key in this workspace.' },
  'session-revoked': { kind: 'good', text: 'The session is revoked.' },
  'limits-saved': { kind: 'good', text: 'Limits saved.' },
  'claim-verified': { kind: 'good', text: 'Verified: the product is now claimed by this workspace.' },
  'claim-pending': { kind: 'bad', text: 'Not verified yet: the record was not found (see the last check below). Agentdex keeps checking in the background.' },
  ...WATCH_NOTICES,
};
const noticeOf = (ctx: Context) => (typeof ctx.query.notice === 'string' ? NOTICES[ctx.query.notice] : undefined);

/**
 * The workspace dashboard and the sign-up and sign-in pages. Every action calls the same handler as its
 * REST endpoint, as the session's workspace; every form carries the session's CSRF token.
 */
export function mountDashboard(router: Router, o: { deps: AppDeps; handlers: Handlers; session: SessionLookup }): void {
  const { deps, handlers } = o;
  const base = deps.config.publicBaseUrl;
  const secure = base.startsWith('https://');
  const sessions = webSessionsService(deps.db);
  const pages = webPagesService(deps.db);

  const startSession = async (ctx: Context, opened: { token: string }) => {
    setCookie(ctx, SESSION_COOKIE, opened.token, { secure, maxAgeMs: SESSION_TTL_MS });
  };

  /** A signed-in route: no session → the sign-in page; the caller is the session's workspace. */
  const signedIn =
    (fn: SignedIn, o2: { form?: boolean } = {}) =>
    async (ctx: Context) => {
      const s = await o.session(ctx);
      ctx.set('Referrer-Policy', 'no-referrer');
      if (!s) return redirect(ctx, '/dashboard/signin');
      if (o2.form) {
        const fields = await readForm(ctx);
        checkCsrf(ctx, fields, s.csrfToken, base);
        ctx.state.form = fields;
      }
      await fn(ctx, s, { kind: 'workspace', workspaceId: s.workspaceId, keyId: s.keyId });
    };
  const formOf = (ctx: Context) => ctx.state.form as Record<string, string>;

  // ---- sign up, sign in, sign out
  router.get('/signup', (ctx) => sendHtml(ctx, <SignupPage csrf={anonymousCsrfToken(ctx, secure)} />));
  router.post('/signup', async (ctx) => {
    const fields = await readForm(ctx);
    checkCsrf(ctx, fields, undefined, base);
    try {
      const input = parseInput(operations.signup.input, { email: fields.email?.trim(), workspaceName: fields.workspaceName?.trim() || undefined }, 'body');
      const created = (await handlers.signup(input, invocation(ctx))).body as { key: string; id: string; prefix: string; workspaceId: string };
      await startSession(ctx, await sessions.open(created.workspaceId, created.id));
      sendHtml(ctx, <NewKeyPage keyValue={created.key} prefix={created.prefix} heading="Your workspace is ready" next="/dashboard" dashboard />, {
        status: 201,
        cache: 'no-store',
      });
    } catch (err) {
      const e = apiErrorOf(err);
      const message = e.status === 400 ? Object.values(fieldErrors(e)).join('; ') : e.message;
      sendHtml(ctx, <SignupPage csrf={anonymousCsrfToken(ctx, secure)} email={fields.email} error={message} />, { status: e.status });
    }
  });

  router.get('/dashboard/signin', (ctx) => sendHtml(ctx, <SignInPage csrf={anonymousCsrfToken(ctx, secure)} signedOut={ctx.query.out === '1'} />));
  router.post('/dashboard/signin', async (ctx) => {
    const fields = await readForm(ctx);
    checkCsrf(ctx, fields, undefined, base);
    try {
      await startSession(ctx, await sessions.signIn(fields.key ?? ''));
      redirect(ctx, '/dashboard');
    } catch (err) {
      const e = apiErrorOf(err);
      sendHtml(ctx, <SignInPage csrf={anonymousCsrfToken(ctx, secure)} error={e.message} />, { status: e.status });
    }
  });
  router.post(
    '/dashboard/signout',
    signedIn(
      async (ctx, s) => {
        await sessions.revoke(s.workspaceId, s.id);
        clearCookie(ctx, SESSION_COOKIE, secure);
        redirect(ctx, '/dashboard/signin?out=1');
      },
      { form: true },
    ),
  );

  // ---- overview and sessions
  router.get(
    '/dashboard',
    signedIn(async (ctx, s, caller) => {
      const [usage, list] = await Promise.all([handlers.getUsage({}, invocation(ctx, caller)), pages.sessions(s.workspaceId, new Date())]);
      sendHtml(ctx, <OverviewPage csrf={s.csrfToken} usage={usage.body as never} sessions={list} currentSessionId={s.id} notice={noticeOf(ctx)} />);
    }),
  );
  router.post(
    '/dashboard/sessions/:id/revoke',
    signedIn(
      async (ctx, s) => {
        const revoked = /^[0-9a-f-]{36}$/i.test(ctx.params.id) && (await sessions.revoke(s.workspaceId, ctx.params.id));
        if (revoked && ctx.params.id === s.id) {
          clearCookie(ctx, SESSION_COOKIE, secure);
          return redirect(ctx, '/dashboard/signin?out=1');
        }
        redirect(ctx, `/dashboard?notice=${revoked ? 'session-revoked' : 'key-missing'}`);
      },
      { form: true },
    ),
  );

  // ---- keys
  const keysPage = async (ctx: Context, s: WebSession, caller: WorkspaceCaller, notice?: DashNotice) => {
    const keys = await handlers.listKeys({}, invocation(ctx, caller));
    sendHtml(ctx, <KeysPage csrf={s.csrfToken} keys={(keys.body as { keys: never[] }).keys} notice={notice ?? noticeOf(ctx)} />);
  };
  router.get('/dashboard/keys', signedIn(keysPage));
  router.post(
    '/dashboard/keys',
    signedIn(
      async (ctx, s, caller) => {
        try {
          const input = parseInput(operations.createKey.input, { label: formOf(ctx).label?.trim() || undefined }, 'body');
          const created = (await handlers.createKey(input, invocation(ctx, caller))).body as { key: string; prefix: string };
          sendHtml(ctx, <NewKeyPage keyValue={created.key} prefix={created.prefix} heading="New API key" next="/dashboard/keys" dashboard />, {
            status: 201,
            cache: 'no-store',
          });
        } catch (err) {
          const e = apiErrorOf(err);
          ctx.status = e.status;
          await keysPage(ctx, s, caller, { kind: 'bad', text: Object.values(fieldErrors(e)).join('; ') });
          ctx.status = e.status;
        }
      },
      { form: true },
    ),
  );
  router.post(
    '/dashboard/keys/:id/revoke',
    signedIn(
      async (ctx, _s, caller) => {
        try {
          const input = parseInput(operations.revokeKey.input, { id: ctx.params.id }, 'params');
          await handlers.revokeKey(input, invocation(ctx, caller));
          redirect(ctx, '/dashboard/keys?notice=key-revoked');
        } catch (err) {
          const e = apiErrorOf(err);
          if (e.status !== 404 && e.status !== 400) throw e;
          redirect(ctx, '/dashboard/keys?notice=key-missing');
        }
      },
      { form: true },
    ),
  );

  // ---- usage
  router.get(
    '/dashboard/usage',
    signedIn(async (ctx, s, caller) => {
      const call = invocation(ctx, caller);
      const [usage, entitlements, chart] = await Promise.all([
        handlers.getUsage({}, call),
        handlers.getEntitlements({}, call),
        pages.dailyUsage(s.workspaceId, new Date()),
      ]);
      sendHtml(ctx, <UsagePage usage={usage.body as never} entitlements={(entitlements.body as { entitlements: never[] }).entitlements} chart={chart} />);
    }),
  );

  // ---- limits: the form shows the API's own validation messages beside their fields
  router.get(
    '/dashboard/limits',
    signedIn(async (ctx, s, caller) => {
      const limits = await handlers.getLimits({}, invocation(ctx, caller));
      sendHtml(ctx, <LimitsPage csrf={s.csrfToken} limits={limits.body as never} notice={noticeOf(ctx)} />);
    }),
  );
  router.post(
    '/dashboard/limits',
    signedIn(
      async (ctx, s, caller) => {
        const f = formOf(ctx);
        const money = (v: string | undefined) => {
          const t = (v ?? '').trim();
          if (t === '') return null;
          const n = Number(t);
          return Number.isFinite(n) && /^-?\d+(\.\d+)?$/.test(t) ? n : t; // a non-number reaches the schema as text and is refused there
        };
        const patch = {
          monthlyBudgetUsd: money(f.monthlyBudgetUsd),
          warningThresholdUsd: money(f.warningThresholdUsd),
          hardLimitUsd: money(f.hardLimitUsd),
          notificationsEnabled: f.notificationsEnabled === 'true',
        };
        try {
          const input = parseInput(operations.setLimits.input, patch, 'body');
          await handlers.setLimits(input, invocation(ctx, caller));
          redirect(ctx, '/dashboard/limits?notice=limits-saved');
        } catch (err) {
          const e = apiErrorOf(err);
          const limits = await handlers.getLimits({}, invocation(ctx, caller));
          sendHtml(ctx, <LimitsPage csrf={s.csrfToken} limits={limits.body as never} values={f} errors={fieldErrors(e)} />, { status: e.status });
        }
      },
      { form: true },
    ),
  );

  // ---- billing: checkout and the portal are Stripe pages; without Stripe the API's 503 is explained
  const billingPage = async (ctx: Context, s: WebSession, caller: WorkspaceCaller, notice?: DashNotice, status = 200) => {
    const call = invocation(ctx, caller);
    const [billing, invoices] = await Promise.all([handlers.getBilling({}, call), handlers.listInvoices({}, call)]);
    sendHtml(
      ctx,
      <BillingPage csrf={s.csrfToken} billing={billing.body as never} invoices={(invoices.body as { invoices: never[] }).invoices} notice={notice} />,
      { status },
    );
  };
  router.get(
    '/dashboard/billing',
    signedIn((ctx, s, caller) => billingPage(ctx, s, caller)),
  );
  for (const [path, op] of [
    ['/dashboard/billing/checkout', 'createCheckout'],
    ['/dashboard/billing/portal', 'createPortal'],
  ] as const) {
    router.post(
      path,
      signedIn(
        async (ctx, s, caller) => {
          const back = `${deps.config.publicBaseUrl}/dashboard/billing`;
          try {
            const answer =
              op === 'createCheckout'
                ? await handlers.createCheckout(
                    parseInput(operations.createCheckout.input, { successUrl: back, cancelUrl: back }, 'body'),
                    invocation(ctx, caller),
                  )
                : await handlers.createPortal(parseInput(operations.createPortal.input, { returnUrl: back }, 'body'), invocation(ctx, caller));
            const url = (answer.body as { url: string }).url;
            if (!/^https:\/\//.test(url)) throw new Error('payment processor returned a non-https URL');
            redirect(ctx, url);
          } catch (err) {
            const e = apiErrorOf(err);
            const text = e.message;
            await billingPage(ctx, s, caller, { kind: 'bad', text }, e.status);
          }
        },
        { form: true },
      ),
    );
  }

  // ---- claims
  const claimsPage = async (
    ctx: Context,
    s: WebSession,
    extra: { values?: Record<string, string>; error?: string; notice?: DashNotice; status?: number } = {},
  ) => {
    const rows = await pages.claims(s.workspaceId);
    const claims = rows.map((c) => ({
      slug: c.slug,
      name: c.name,
      method: c.method,
      status: c.status,
      token: c.token,
      instructions:
        c.status === 'pending'
          ? claimInstructions({ method: c.method, domain: c.domain, slug: c.slug, token: c.token, expiresAt: new Date(c.expires_at) })
          : c.status === 'verified'
            ? `Verified ${new Date(c.verified_at ?? c.checked_at ?? c.created_at).toISOString().slice(0, 10)}: ${c.domain} is claimed by this workspace.`
            : 'This claim expired before the record was found; start a new one.',
      checkedAt: c.checked_at ? new Date(c.checked_at).toISOString() : null,
      detail: c.detail,
    }));
    sendHtml(ctx, <ClaimsPage csrf={s.csrfToken} claims={claims} values={extra.values} error={extra.error} notice={extra.notice ?? noticeOf(ctx)} />, {
      status: extra.status,
    });
  };
  router.get(
    '/dashboard/claims',
    signedIn((ctx, s) => claimsPage(ctx, s)),
  );
  router.post(
    '/dashboard/claims',
    signedIn(
      async (ctx, s, caller) => {
        const f = formOf(ctx);
        try {
          const input = parseInput(operations.startClaim.input, { slug: f.slug?.trim(), email: f.email?.trim(), method: f.method }, 'body');
          await handlers.startClaim(input, invocation(ctx, caller));
          redirect(ctx, '/dashboard/claims');
        } catch (err) {
          const e = apiErrorOf(err);
          await claimsPage(ctx, s, { values: f, error: e.status === 400 ? Object.values(fieldErrors(e)).join('; ') : e.message, status: e.status });
        }
      },
      { form: true },
    ),
  );
  router.post(
    '/dashboard/claims/verify',
    signedIn(
      async (ctx, s, caller) => {
        try {
          const input = parseInput(operations.verifyClaim.input, { slug: formOf(ctx).slug }, 'body');
          const v = (await handlers.verifyClaim(input, invocation(ctx, caller))).body as { verified: boolean };
          redirect(ctx, `/dashboard/claims?notice=${v.verified ? 'claim-verified' : 'claim-pending'}`);
        } catch (err) {
          const e = apiErrorOf(err);
          await claimsPage(ctx, s, { notice: { kind: 'bad', text: e.message }, status: e.status });
        }
      },
      { form: true },
    ),
  );

  mountWatchRoutes(router, { handlers, signedIn, formOf, noticeOf });
}
