import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's x-request-id when it is sane, otherwise a new one. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

/** Echo the caller's x-request-id when it is sane, otherwise mint one; every response carries it. */
export function requestId(): Middleware {
  return async (ctx, next) => {
    const id = requestIdFor(ctx.req.headers['x-request-id']);
    ctx.state.requestId = id;
    ctx.set('x-request-id', id);
    await next();
  };
}
