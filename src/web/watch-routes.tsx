import type Router from '@koa/router';
import type { Context } from 'koa';
import { parseInput } from '../http/validate';
import { type Operations, type OutputOf, operations } from '../operations';
import type { WorkspaceCaller } from '../services/callers';
import type { Handlers } from '../services/operations';
import type { WebSession } from '../services/web-sessions';
import { errorText } from './messages';
import { apiErrorOf, invocation, redirect, sendHtml } from './page-kit';
import type { DashNotice } from './pages/dashboard';
import { type DeliveryRowView, NewSecretPage, WatchesPage } from './pages/watches';

export type SignedIn = (ctx: Context, s: WebSession, caller: WorkspaceCaller) => Promise<void>;

interface DashboardKit {
  handlers: Handlers;
  /** Wraps a route: the sign-in page without a session; with `form`, the posted form read and its CSRF token checked. */
  signedIn: (fn: SignedIn, o?: { form?: boolean }) => (ctx: Context) => Promise<void>;
  formOf: (ctx: Context) => Record<string, string>;
  noticeOf: (ctx: Context) => DashNotice | undefined;
}

/**
 * The dashboard's watches page (/dashboard/watches) and its actions: watches, webhook endpoints and their
 * deliveries. Each action is the REST operation's handler, as the session's workspace; a refused one is the
 * page again with the handler's message as a bad notice.
 */
export function mountWatchRoutes(router: Router, { handlers, signedIn, formOf, noticeOf }: DashboardKit): void {
  const watchesPage = async (
    ctx: Context,
    s: WebSession,
    caller: WorkspaceCaller,
    extra: { values?: Record<string, string>; notice?: DashNotice; status?: number } = {},
  ) => {
    const call = invocation(ctx, caller);
    const [watches, webhooks, events] = await Promise.all([
      handlers.listWatches({}, call),
      handlers.listWebhooks({}, call),
      handlers.listEvents(parseInput(operations.listEvents.input, { limit: 20 }, 'query'), call),
    ]);
    const endpoints = (webhooks.body as OutputOf<Operations['listWebhooks']>).webhooks;
    // Recent deliveries across endpoints: each endpoint's newest 20, merged newest first.
    const perEndpoint = await Promise.all(
      endpoints.map(async (w) => {
        const list = (await handlers.listDeliveries({ id: w.id, limit: 20 }, call)).body as OutputOf<Operations['listDeliveries']>;
        return list.deliveries.map((d): DeliveryRowView => ({ ...d, endpointId: w.id, endpointUrl: w.url }));
      }),
    );
    const deliveries = perEndpoint
      .flat()
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, 20);
    sendHtml(
      ctx,
      <WatchesPage
        csrf={s.csrfToken}
        watches={(watches.body as OutputOf<Operations['listWatches']>).watches}
        webhooks={endpoints}
        deliveries={deliveries}
        events={(events.body as OutputOf<Operations['listEvents']>).events}
        values={extra.values}
        notice={extra.notice ?? noticeOf(ctx)}
      />,
      { status: extra.status },
    );
  };
  /** A watches-page action: done → back to the page with its notice; refused → the page with the handler's message. */
  const watchAction = (fn: (ctx: Context, s: WebSession, caller: WorkspaceCaller) => Promise<void>) =>
    signedIn(
      async (ctx, s, caller) => {
        try {
          await fn(ctx, s, caller);
        } catch (err) {
          const e = apiErrorOf(err);
          await watchesPage(ctx, s, caller, { values: formOf(ctx), notice: { kind: 'bad', text: errorText(e) }, status: e.status });
        }
      },
      { form: true },
    );
  /** A post naming one id in its path (remove, test, delete): the handler, then the page with its notice. */
  const idAction = (path: string, act: (input: { id: string }, call: ReturnType<typeof invocation>) => Promise<unknown>, notice: string) =>
    router.post(
      path,
      watchAction(async (ctx, _s, caller) => {
        await act({ id: ctx.params.id }, invocation(ctx, caller));
        redirect(ctx, `/dashboard/watches?notice=${notice}`);
      }),
    );
  const secretShown = (ctx: Context, created: OutputOf<Operations['createWebhook']>, rotated: boolean) =>
    sendHtml(ctx, <NewSecretPage secret={created.secret} url={created.url} rotated={rotated} previousValidUntil={created.secretState.previousValidUntil} />, {
      status: rotated ? 200 : 201,
      cache: 'no-store',
    });

  router.get(
    '/dashboard/watches',
    signedIn((ctx, s, caller) => watchesPage(ctx, s, caller)),
  );
  router.post(
    '/dashboard/watches',
    watchAction(async (ctx, _s, caller) => {
      const f = formOf(ctx);
      const t = (f.threshold ?? '').trim();
      // A non-number reaches the schema as text and is refused there, with its message.
      const threshold = t === '' ? undefined : /^\d+$/.test(t) ? Number(t) : t;
      const input = parseInput(operations.watchProduct.input, { product: f.product, threshold }, 'body');
      await handlers.watchProduct(input, invocation(ctx, caller));
      redirect(ctx, '/dashboard/watches?notice=watch-added');
    }),
  );
  idAction(
    '/dashboard/watches/:id/remove',
    (input, call) => handlers.unwatchProduct(parseInput(operations.unwatchProduct.input, input, 'params'), call),
    'watch-removed',
  );
  router.post(
    '/dashboard/webhooks',
    watchAction(async (ctx, _s, caller) => {
      const input = parseInput(operations.createWebhook.input, { url: formOf(ctx).url?.trim() }, 'body');
      const created = (await handlers.createWebhook(input, invocation(ctx, caller))).body as OutputOf<Operations['createWebhook']>;
      secretShown(ctx, created, false);
    }),
  );
  router.post(
    '/dashboard/webhooks/:id/rotate',
    watchAction(async (ctx, _s, caller) => {
      const input = parseInput(operations.rotateWebhookSecret.input, { id: ctx.params.id }, 'params');
      const rotated = (await handlers.rotateWebhookSecret(input, invocation(ctx, caller))).body as OutputOf<Operations['rotateWebhookSecret']>;
      secretShown(ctx, rotated, true);
    }),
  );
  idAction(
    '/dashboard/webhooks/:id/test',
    (input, call) => handlers.testWebhook(parseInput(operations.testWebhook.input, input, 'params'), call),
    'webhook-tested',
  );
  router.post(
    '/dashboard/webhooks/:id/update',
    watchAction(async (ctx, _s, caller) => {
      const enabled = formOf(ctx).enabled === 'true';
      await handlers.updateWebhook(parseInput(operations.updateWebhook.input, { id: ctx.params.id, enabled }, 'body'), invocation(ctx, caller));
      redirect(ctx, `/dashboard/watches?notice=${enabled ? 'webhook-enabled' : 'webhook-disabled'}`);
    }),
  );
  idAction(
    '/dashboard/webhooks/:id/delete',
    (input, call) => handlers.deleteWebhook(parseInput(operations.deleteWebhook.input, input, 'params'), call),
    'webhook-deleted',
  );
  router.post(
    '/dashboard/webhooks/:id/deliveries/:deliveryId/resend',
    watchAction(async (ctx, _s, caller) => {
      const input = parseInput(operations.resendDelivery.input, { id: ctx.params.id, deliveryId: ctx.params.deliveryId }, 'params');
      await handlers.resendDelivery(input, invocation(ctx, caller));
      redirect(ctx, '/dashboard/watches?notice=delivery-resent');
    }),
  );
}
