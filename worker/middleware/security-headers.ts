/**
 * Security headers on every response the proxy produces.
 * @module
 */
import type { MiddlewareHandler } from 'hono';

/** The Content-Security-Policy of the proxy's own HTML pages (return page, dev pages). */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/**
 * Sets nosniff, a strict referrer policy and, on HTML, the page CSP with frame-ancestors 'none'.
 * JSON answers get `default-src 'none'` so they can never render as a document.
 *
 * @example
 * app.use('*', securityHeaders());
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status === 101) return; // a WebSocket upgrade's headers are immutable
    // A response passed through from fetch() has immutable headers: copy it before adding ours.
    c.res = new Response(c.res.body, c.res);
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'no-referrer');
    if (!headers.has('Content-Security-Policy')) {
      const html = (headers.get('content-type') ?? '').startsWith('text/html');
      headers.set(
        'Content-Security-Policy',
        html ? PAGE_CSP : "default-src 'none'; frame-ancestors 'none'",
      );
    }
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  };
}
