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

/** The console's roles (docs/console.md), each allowed what the one before it is, and more. */
export const CONSOLE_ROLES = ['viewer', 'support', 'finance', 'admin'] as const;

/** A console user's role (`CONSOLE_USERS`). */
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

/** A merchant API route the console (`/console/api/v1/*`) opens to a role and those above it. */
export interface RoleGrant {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Under `/v1`, in Hono's form; `*` is every path. */
  path: string;
  /** The least role that may call it. */
  role: ConsoleRole;
  /** What it does, in a few words (docs/console.md's table says it). */
  note: string;
}

/**
 * The console's grants: which role may make which merchant API call. A console request no
 * grant matches is refused to every role (403 ROLE_FORBIDDEN): creating sessions, payment
 * links and the admin routes stay with merchant API keys.
 */
export const ROLE_GRANTS: readonly RoleGrant[] = [
  {
    method: 'POST',
    path: '/sessions/:id/webhooks/:event/resend',
    role: 'support',
    note: 'resend a checkout webhook',
  },
  {
    method: 'POST',
    path: '/refunds/:id/webhooks/:event/resend',
    role: 'support',
    note: 'resend a refund webhook',
  },
  {
    method: 'POST',
    path: '/payouts/:ref/webhooks/:event/resend',
    role: 'support',
    note: 'resend a payout webhook',
  },
  {
    method: 'POST',
    path: '/webhooks/payment-links/:event/resend',
    role: 'support',
    note: 'resend a payment-link webhook',
  },
  { method: 'POST', path: '/sessions/:id/expire', role: 'support', note: 'expire a checkout' },
  {
    method: 'POST',
    path: '/sessions/:id/reconcile',
    role: 'support',
    note: 'reconcile a checkout now',
  },
  {
    method: 'POST',
    path: '/refunds/:id/reconcile',
    role: 'support',
    note: 'reconcile a refund now',
  },
  {
    method: 'POST',
    path: '/payouts/:ref/reconcile',
    role: 'support',
    note: 'reconcile a payout now',
  },
  { method: 'POST', path: '/sessions/:id/refunds', role: 'finance', note: 'refund a checkout' },
  {
    method: 'POST',
    path: '/payment-links/:id/payments/:ref/refunds',
    role: 'finance',
    note: 'refund a payment-link payment',
  },
  {
    method: 'POST',
    path: '/refunds/:id/cancel',
    role: 'finance',
    note: 'cancel a refund never sent',
  },
  { method: 'POST', path: '/payouts', role: 'finance', note: 'create a payout' },
  {
    method: 'POST',
    path: '/payout-batches',
    role: 'finance',
    note: 'upload a payout batch',
  },
  {
    method: 'POST',
    path: '/payout-batches/:id/approve',
    role: 'finance',
    note: "approve another user's payout batch",
  },
  {
    method: 'POST',
    path: '/payout-batches/:id/cancel',
    role: 'finance',
    note: "cancel a payout batch's unsent rows",
  },
  {
    method: 'POST',
    path: '/payout-batches/:id/resume',
    role: 'finance',
    note: 'resume a paused payout batch',
  },
  { method: 'POST', path: '/webhook-endpoints', role: 'admin', note: 'create a webhook endpoint' },
  {
    method: 'PATCH',
    path: '/webhook-endpoints/:id',
    role: 'admin',
    note: 'edit a webhook endpoint',
  },
  {
    method: 'DELETE',
    path: '/webhook-endpoints/:id',
    role: 'admin',
    note: 'delete a webhook endpoint',
  },
  {
    method: 'POST',
    path: '/webhook-endpoints/:id/roll-secret',
    role: 'admin',
    note: "roll an endpoint's secret",
  },
  {
    method: 'POST',
    path: '/webhook-endpoints/:id/replay',
    role: 'admin',
    note: 'replay a time range',
  },
  { method: 'POST', path: '/sessions/:id/redact', role: 'admin', note: "erase a payer's data" },
  { method: 'POST', path: '/payouts/:ref/redact', role: 'admin', note: "erase a payee's data" },
  { method: 'GET', path: '*', role: 'viewer', note: 'read everything' },
];

/**
 * True when `role` is `least` or above it.
 *
 * @example
 * roleAtLeast('finance', 'support'); // true
 */
export function roleAtLeast(role: ConsoleRole, least: ConsoleRole): boolean {
  return CONSOLE_ROLES.indexOf(role) >= CONSOLE_ROLES.indexOf(least);
}

/**
 * The least role that may make a console call, or null when no role may.
 *
 * @example
 * leastRoleFor('POST', '/v1/sessions/{id}/refunds'); // 'finance'
 */
export function leastRoleFor(method: string, path: string): ConsoleRole | null {
  const route = honoPath(path);
  const grant = ROLE_GRANTS.find(
    (g) => g.method === method.toUpperCase() && (g.path === '*' || g.path === route),
  );
  return grant?.role ?? null;
}
