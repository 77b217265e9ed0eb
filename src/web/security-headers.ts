import type { Middleware } from 'koa';

// Pages load only our own stylesheet and script (src/web/assets.ts): no inline script or style, no
// third-party origin. Forms post to ourselves; checkout and the billing portal are Stripe redirects
// after a form post, which form-action also governs.
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "form-action 'self' https://checkout.stripe.com https://billing.stripe.com",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

// Everything else (JSON, text, SVG badges) loads nothing and is framed by nobody.
const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The security headers of a finished response: a JSON, text or SVG answer runs nothing and links nowhere,
 * so its policy alone (no script, no framing) says all there is; the opener, permissions, referrer and
 * legacy framing headers govern documents that run script or follow links, and each header costs every
 * open read its share (issue 23; git show 4db9dfa:bench/RESULTS.md). The one list for the middleware below and for the
 * cached-read path that writes its answer before the middleware (src/http/cached-read.ts).
 */
export function securityHeaderFields(o: { html: boolean; https: boolean }): Array<[string, string]> {
  const fields: Array<[string, string]> = [['X-Content-Type-Options', 'nosniff']];
  if (o.https) fields.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  if (!o.html) {
    fields.push(['Content-Security-Policy', RESOURCE_POLICY]);
    return fields;
  }
  fields.push(
    ['Content-Security-Policy', PAGE_POLICY],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
    // The dashboard's addresses name nothing secret, but nobody else needs to learn them either.
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  );
  return fields;
}

/** Security headers on every response; the page policy and the page-only headers where the body is HTML. */
export function securityHeaders(o: { https: boolean }): Middleware {
  // nosniff (each list's first field) is set before the handler runs; the rest once the answer is known.
  const resource = securityHeaderFields({ html: false, https: o.https }).slice(1);
  const page = securityHeaderFields({ html: true, https: o.https }).slice(1);
  return async (ctx, next) => {
    // Before the handler: set even on responses a handler streams itself (MCP's event streams).
    ctx.set('X-Content-Type-Options', 'nosniff');
    await next();
    // A 304's headers replace the stored response's (RFC 9111 §4.3.4): a page revalidated under the resource
    // policy would lose its own stylesheet and script, so a 304 carries the page policy.
    const html = (ctx.response.type || '').startsWith('text/html') || ctx.status === 304;
    for (const [name, value] of html ? page : resource) {
      // A handler may choose its own referrer policy (a page that links out with none).
      if (name === 'Referrer-Policy' && ctx.response.get(name)) continue;
      ctx.set(name, value);
    }
  };
}
