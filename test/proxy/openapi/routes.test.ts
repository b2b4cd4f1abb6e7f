// Every route of the Hono app has an entry in the OpenAPI document (worker/openapi/operations/),
// and every entry names a route that exists: a route added without its entry fails here.
import { describe, expect, it } from 'vitest';
import { app } from '../../../worker/index';
import { operations } from '../../../worker/openapi/operations';

/** `METHOD /path/{param}` for each route of the app (middleware and catch-alls left out, and
 * the console's: an app behind Cloudflare Access whose API is /v1's own handlers, docs/console.md). */
function appRoutes(): string[] {
  const out = new Set<string>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || route.path.includes('*')) continue;
    if (route.path === '/console' || route.path.startsWith('/console/')) continue;
    const path = route.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');
    out.add(`${route.method} ${path}`);
  }
  return [...out].sort();
}

describe('the OpenAPI document', () => {
  it('has one entry per route of the app, and none for a route that does not exist', () => {
    const documented = operations.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort();
    expect(documented).toEqual([...new Set(documented)].sort());
    expect(appRoutes()).toEqual(documented);
  });

  it('names each operation once', () => {
    const ids = operations.map((o) => o.operationId);
    expect(ids).toEqual([...new Set(ids)]);
  });
});
