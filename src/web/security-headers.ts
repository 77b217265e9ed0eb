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
 * Security headers on every response; the page policy and the page-only headers where the body is HTML.
 * A JSON, text or SVG answer runs nothing and links nowhere, so its policy alone (no script, no framing)
 * says all there is: the opener, permissions, referrer and legacy framing headers govern documents that
 * run script or follow links, and each header costs every open read its share (bench/RESULTS.md, issue 23).
 */
export function securityHeaders(o: { https: boolean }): Middleware {
  return async (ctx, next) => {
    // Before the handler: set even on responses a handler streams itself (MCP's event streams).
    ctx.set('X-Content-Type-Options', 'nosniff');
    await next();
    // A 304's headers replace the stored response's (RFC 9111 §4.3.4): a page revalidated under the resource
    // policy would lose its own stylesheet and script, so a 304 carries the page policy.
    const html = (ctx.response.type || '').startsWith('text/html') || ctx.status === 304;
    if (o.https) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (!html) {
      ctx.set('Content-Security-Policy', RESOURCE_POLICY);
      return;
    }
    ctx.set('Content-Security-Policy', PAGE_POLICY);
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    // The dashboard's addresses name nothing secret, but nobody else needs to learn them either.
    if (!ctx.response.get('Referrer-Policy')) ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  };
}
