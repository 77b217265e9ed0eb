import coBody from 'co-body';
import type { Middleware } from 'koa';
import { HttpError } from './errors';

export const BODY_LIMIT_BYTES = 1024 * 1024;

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Parses JSON request bodies into ctx.request.body. 415 for a body that is not JSON, 413 past 1 MiB
 * (counted while streaming, so a missing or lying Content-Length does not help), 400 for malformed JSON.
 */
export function jsonBody(): Middleware {
  return async (ctx, next) => {
    if (!METHODS_WITH_BODY.has(ctx.method) || !hasBody(ctx.req.headers)) return next();
    if (!ctx.is('application/json', '+json')) {
      throw new HttpError(415, 'Request body must be JSON (Content-Type: application/json)', {}, CLOSE);
    }
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > BODY_LIMIT_BYTES) throw tooLarge();
    try {
      // A `__proto__` key is an unknown field like any other: removed (never merged into a prototype), not a 400.
      ctx.request.body = await coBody.json(ctx, { limit: BODY_LIMIT_BYTES, strict: true, onProtoPoisoning: 'remove' } as coBody.Options);
    } catch (err) {
      const e = err as { status?: number; type?: string };
      if (e.status === 413) throw tooLarge();
      if (e.status === 415) throw new HttpError(415, 'Unsupported body encoding', {}, CLOSE);
      throw new HttpError(400, 'Malformed JSON body');
    }
    return next();
  };
}

// A refused body may still be streaming in; closing the connection stops it rather than draining it.
const CLOSE = { Connection: 'close' };

function tooLarge() {
  return new HttpError(413, `Request body exceeds the ${BODY_LIMIT_BYTES} byte limit`, {}, CLOSE);
}

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}
