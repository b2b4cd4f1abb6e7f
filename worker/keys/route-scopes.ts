/**
 * Which key scope may call which merchant API route: the one table the router
 * (worker/routes/merchant-api.ts), the OpenAPI document (each operation's `security`) and the
 * docs' tables (docs/api.md, "Merchant API keys"; docs/design.md, "Merchant API auth"; checked
 * by test/scripts/route-scopes.test.ts)
 * are made from. A `full` key may call every route; the grants below open routes to the other
 * scopes, the first that matches deciding; a route no grant matches is `full`-only.
 * @module
 */
import type { KeyScope } from './merchant-keys';

/** Routes a scope below `full` may call. */
export interface ScopeGrant {
  method: 'GET' | 'POST';
  /** Under `/v1`, in Hono's form (`/sessions/:id`); `*` is every path. */
  path: string;
  /** The scopes besides `full` that may call it. */
  scopes: readonly Exclude<KeyScope, 'full'>[];
  /** Why, in a few words (the docs' table says it). */
  note: string;
}

/** The grants, in the order the router registers them (the first match decides). */
export const SCOPE_GRANTS: readonly ScopeGrant[] = [
  { method: 'POST', path: '/sessions', scopes: ['checkout'], note: 'create a session' },
  {
    method: 'GET',
    path: '/sessions',
    scopes: ['checkout', 'read'],
    note: 'list sessions',
  },
  {
    method: 'GET',
    path: '/sessions/:id',
    scopes: ['checkout', 'read'],
    note: 'read a session (`customer` masked for `checkout`)',
  },
  {
    method: 'GET',
    path: '/payment-methods',
    scopes: ['checkout', 'read'],
    note: 'the methods a storefront offers',
  },
  {
    method: 'POST',
    path: '/payment-methods/predict',
    scopes: ['checkout', 'read'],
    note: "a phone number's operator (a lookup)",
  },
  { method: 'GET', path: '*', scopes: ['read'], note: 'every other GET' },
];

/** `/v1/sessions/{id}` (OpenAPI) or `/sessions/:id` (Hono, under /v1) → `/sessions/:id`. */
function honoPath(path: string): string {
  return path.replace(/^\/v1(?=\/)/, '').replace(/\{([^}]+)\}/g, ':$1');
}

/**
 * The scopes that may call a merchant API route, `full` first.
 *
 * @example
 * scopesFor('GET', '/v1/sessions/{id}'); // ['full', 'checkout', 'read']
 * scopesFor('POST', '/v1/payouts'); // ['full']
 */
export function scopesFor(method: string, path: string): KeyScope[] {
  const route = honoPath(path);
  const grant = SCOPE_GRANTS.find(
    (g) => g.method === method.toUpperCase() && (g.path === '*' || g.path === route),
  );
  return ['full', ...(grant?.scopes ?? [])];
}
