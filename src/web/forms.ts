import { randomBytes, timingSafeEqual } from 'node:crypto';
import parse from 'co-body';
import type { Context } from 'koa';
import { ApiError } from '../errors';

const FORM_LIMIT = '32kb';
const ANON_CSRF_COOKIE = 'adx_csrf';

/** A submitted form's fields (application/x-www-form-urlencoded only); every value a string. */
export async function readForm(ctx: Context): Promise<Record<string, string>> {
  if (!ctx.is('application/x-www-form-urlencoded')) throw new ApiError(415, 'Forms are sent as application/x-www-form-urlencoded');
  let raw: Record<string, unknown>;
  try {
    raw = await parse.form(ctx.req, { limit: FORM_LIMIT });
  } catch (err) {
    const status = (err as { status?: number }).status === 413 ? 413 : 400;
    throw new ApiError(status, status === 413 ? 'The form is too large' : 'The form could not be read');
  }
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) fields[k] = Array.isArray(v) ? String(v[v.length - 1]) : String(v ?? '');
  return fields;
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * A cross-site form post is refused twice over: the browser's Origin (when it sends one) must be ours,
 * and the form must carry the CSRF token of the session, or for signed-out forms (sign-in, sign-up,
 * audit) the token of the double-submit cookie set when the form was shown.
 */
export function checkCsrf(ctx: Context, fields: Record<string, string>, expected: string | undefined, publicBaseUrl: string): void {
  const origin = ctx.get('origin');
  // Our origin as the browser saw it: the public address, or the host it connected to.
  const ours = [new URL(publicBaseUrl).origin, `${ctx.protocol}://${ctx.host}`];
  if (origin && origin !== 'null' && !ours.includes(origin)) throw new ApiError(403, 'Cross-site form submission refused');
  const token = expected ?? ctx.cookies.get(ANON_CSRF_COOKIE);
  if (!token || !fields._csrf || !same(fields._csrf, token)) {
    throw new ApiError(403, 'This form has expired or did not come from this site: reload the page and submit it again');
  }
}

/** The token a signed-out form embeds: the double-submit cookie's, set now if the browser has none. */
export function anonymousCsrfToken(ctx: Context, secure: boolean): string {
  const existing = ctx.cookies.get(ANON_CSRF_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{20,100}$/.test(existing)) return existing;
  const token = randomBytes(24).toString('base64url');
  setCookie(ctx, ANON_CSRF_COOKIE, token, { secure, maxAgeMs: 86_400_000 });
  return token;
}

export function setCookie(ctx: Context, name: string, value: string, o: { secure: boolean; maxAgeMs?: number }): void {
  // Behind a TLS-terminating proxy without TRUST_PROXY Koa sees plain HTTP; the public address decides.
  if (o.secure) ctx.cookies.secure = true;
  ctx.cookies.set(name, value, { httpOnly: true, sameSite: 'lax', secure: o.secure, path: '/', maxAge: o.maxAgeMs, overwrite: true });
}

export function clearCookie(ctx: Context, name: string, secure: boolean): void {
  if (secure) ctx.cookies.secure = true;
  ctx.cookies.set(name, '', { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 0, overwrite: true });
}
