import coBody from 'co-body';
import type { Middleware } from 'koa';
import { HttpError } from './errors';

/** Form bodies are a handful of short fields (the OAuth token request); 16 KiB is plenty. */
export const FORM_LIMIT_BYTES = 16 * 1024;

/**
 * Parses `application/x-www-form-urlencoded` bodies into ctx.request.body as a flat object of strings (a
 * repeated field becomes an array, which validation refuses: RFC 6749 §3.2 allows each parameter once).
 * 415 for another type, 413 past the limit. No nesting (`a[b]=c` is the field `a[b]`), no prototype keys.
 */
export function formBody(): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'POST' || !hasBody(ctx.req.headers)) return next();
    if (!ctx.is('application/x-www-form-urlencoded')) {
      throw new HttpError(415, 'Request body must be a form (Content-Type: application/x-www-form-urlencoded)', {}, CLOSE);
    }
    if (Number(ctx.get('content-length') || 0) > FORM_LIMIT_BYTES) throw tooLarge();
    let text: string;
    try {
      text = await coBody.text(ctx, { limit: FORM_LIMIT_BYTES });
    } catch (err) {
      if ((err as { status?: number }).status === 413) throw tooLarge();
      throw new HttpError(400, 'Malformed form body');
    }
    const fields: Record<string, string | string[]> = Object.create(null);
    for (const [name, value] of new URLSearchParams(text)) {
      const seen = fields[name];
      fields[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
    }
    ctx.request.body = { ...fields };
    return next();
  };
}

const CLOSE = { Connection: 'close' };

function tooLarge() {
  return new HttpError(413, `Request body exceeds the ${FORM_LIMIT_BYTES} byte limit`, {}, CLOSE);
}

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}
