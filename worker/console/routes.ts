/**
 * `/console*`: the console for the people who run the money (docs/console.md). Every request
 * passes the identity check first (./identity.ts), the app's files included; then the API
 * (./console-api.ts), the bundle's files (static assets, public/console/) and the shell.
 * @module
 */
import { Hono } from 'hono';
import type { ProxyApp } from '../app-env';
import { config } from '../middleware/config';
import { notFoundHandler } from '../middleware/error-handler';
import { consoleApi } from './console-api';
import { consoleIdentity } from './identity';
import { consoleShell } from './shell';

/**
 * The console's routes. Mount under `/console`.
 *
 * @example
 * app.route('/console', consoleRoutes());
 */
export function consoleRoutes() {
  const app = new Hono<ProxyApp>();
  const notFound = notFoundHandler();
  app.use('*', config());
  app.use('*', consoleIdentity());
  app.route('/api/v1', consoleApi());
  app.all('/api/*', (c) => notFound(c));
  app.get('/assets/:file{[\\w.-]+\\.(?:js|css)}', async (c) => {
    if (!c.env.ASSETS) return notFound(c);
    const url = new URL(`/console/assets/${c.req.param('file')}`, 'https://assets.local');
    const response = await c.env.ASSETS.fetch(url);
    if (!response.ok) return notFound(c);
    const headers = new Headers(response.headers);
    // Hashed chunk names change with their content; the entry's names do not.
    const hashed = /-[\w-]{8,}\.js$/.test(c.req.param('file'));
    headers.set('Cache-Control', hashed ? 'private, max-age=31536000, immutable' : 'no-cache');
    return new Response(response.body, { status: 200, headers });
  });
  app.get('/', (c) => c.redirect('/console/'));
  // The app's own paths (`/console/`, `/console/payments`, `/console/payments/cs_…`).
  app.get('/*', (c) =>
    /^\/console\/(?:[a-z-]+(?:\/[\w-]+)?)?$/.test(c.req.path) ? consoleShell(c) : notFound(c),
  );
  app.all('*', (c) => notFound(c));
  return app;
}
