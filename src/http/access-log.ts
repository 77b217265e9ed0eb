import type { Middleware } from 'koa';
import { answeredStatus } from './answered';
import type { Logger } from 'pino';

/** One line per request at debug: method, path, status, duration, request id. Never headers or bodies. */
export function accessLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.debug(
        {
          method: ctx.method,
          path: ctx.path,
          status: answeredStatus(ctx),
          ms: Math.round(ms * 10) / 10,
          requestId: ctx.state.requestId,
        },
        'request',
      );
    }
  };
}
