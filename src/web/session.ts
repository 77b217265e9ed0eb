import type { Context } from 'koa';
import type { WebSession } from '../services/web-sessions';
import type { webSessionsService } from '../services/web-sessions';

export const SESSION_COOKIE = 'adx_session';

export type SessionLookup = (ctx: Context) => Promise<WebSession | undefined>;

/** The request's dashboard session, looked up once per request from the httpOnly cookie. */
export function sessionLookup(sessions: ReturnType<typeof webSessionsService>): SessionLookup {
  return async (ctx) => {
    if (!('webSession' in ctx.state)) ctx.state.webSession = await sessions.find(ctx.cookies.get(SESSION_COOKIE));
    return ctx.state.webSession as WebSession | undefined;
  };
}
