/**
 * The development routes answer only requests addressed to this machine: the request's Host must
 * be `127.0.0.1`, `localhost` or `[::1]` with the dev port (the port of `PUBLIC_BASE_URL`).
 * Development mode is a setting; the Host is what the request says about how it arrived. A dev
 * stack reached through a tunnel or by DNS rebinding carries the outside name as its Host, and
 * its `/dev/*` and `/sandbox/*` routes (the dev merchant key, the sandbox's control routes) must
 * not answer it.
 * @module
 */
import type { MiddlewareHandler } from 'hono';
import type { ProxyApp } from '../app-env';
import { notFoundHandler } from './error-handler';

/** The host names a request to this machine may carry (`new URL(…).hostname` form). */
const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** `host:port` read as a URL's host, or null when it is not one. */
function hostOf(host: string): URL | null {
  try {
    return new URL(`http://${host}`);
  } catch {
    return null;
  }
}

/**
 * True when every Host the request carries (its URL's, which the runtime builds from the Host
 * header, and the Host header itself when present) names a loopback address on `devPort`.
 *
 * @example
 * isLoopbackRequest(new Request('http://localhost:8787/dev/webhooks'), '8787'); // true
 * isLoopbackRequest(new Request('http://abc.trycloudflare.com/dev/webhooks'), '8787'); // false
 */
export function isLoopbackRequest(request: Request, devPort: string): boolean {
  const hosts = [new URL(request.url).host, request.headers.get('host')].filter(
    (host): host is string => host !== null,
  );
  return hosts.every((host) => {
    const url = hostOf(host);
    return url !== null && LOOPBACK_NAMES.has(url.hostname.toLowerCase()) && url.port === devPort;
  });
}

/** The port of `PUBLIC_BASE_URL` as a URL's `port` reads it ('' for the scheme's default). */
function devPortOf(publicBaseUrl: unknown): string | null {
  if (typeof publicBaseUrl !== 'string') return null;
  try {
    return new URL(publicBaseUrl).port;
  } catch {
    return null;
  }
}

/**
 * True when the request is addressed to a loopback host on the port of `publicBaseUrl` (the
 * dev port).
 *
 * @example
 * if (config.devMode && isLoopbackDevRequest(c.req.raw, c.env.PUBLIC_BASE_URL)) …
 */
export function isLoopbackDevRequest(request: Request, publicBaseUrl: unknown): boolean {
  const port = devPortOf(publicBaseUrl);
  return port !== null && isLoopbackRequest(request, port);
}

/**
 * Answers 404 (the shape of any unknown route) unless the request is addressed to a loopback
 * host on the dev port ({@link isLoopbackRequest}).
 *
 * @example
 * app.use('/dev/*', loopbackHostOnly());
 */
export function loopbackHostOnly(): MiddlewareHandler<ProxyApp> {
  const notFound = notFoundHandler();
  return async (c, next) => {
    if (!isLoopbackDevRequest(c.req.raw, c.env.PUBLIC_BASE_URL)) return notFound(c);
    await next();
  };
}
