/**
 * Bearer authentication of the merchant API with the merchant API keys (worker/keys/), compared
 * in constant time, each key's scope checked per route, failed attempts rate limited per client
 * address (docs/design.md, "Merchant API auth").
 * @module
 */
import type { Context, MiddlewareHandler } from 'hono';
import { CheckoutError } from '../../shared/errors';
import { timingSafeEqual } from '../../shared/signing';
import type { ProxyApp } from '../app-env';
import { addressBucket } from './address-bucket';
import { AUTH_POLICY, rateLimitHeaders } from './rate-limit-headers';
import { KEY_FORMAT, type KeyScope, type MerchantKey } from '../keys/merchant-keys';

/** Seconds a client address waits after too many failed authentications (AUTH_LIMITER's period). */
export const AUTH_RETRY_AFTER_SECONDS = AUTH_POLICY.period;

/** The error of a request without a valid merchant key. */
function unauthorized(message = 'Send your merchant API key as Authorization: Bearer <key>.') {
  return new CheckoutError('UNAUTHORIZED', message);
}

/**
 * Counts one failed authentication against the client's address (IPv6 by /64) in AUTH_LIMITER,
 * the Rate Limiting binding; over the limit the answer is 429 RATE_LIMITED with Retry-After.
 * Only failures are counted (the binding cannot be read without counting), so a merchant's own
 * traffic never uses the budget; guessing a key is made hopeless by its 128 bits, this limit
 * keeps failures cheap and the logs readable.
 */
async function countFailure(c: Context<ProxyApp>): Promise<void> {
  const limiter = c.env.AUTH_LIMITER;
  const address = c.req.header('cf-connecting-ip');
  // Cloudflare's edge sets the address on every request it forwards; only local development,
  // tests and calls from another Worker lack it, and they are not limited.
  if (!limiter || address === undefined || address.trim() === '') return;
  const bucket = addressBucket(address);
  const { success } = await limiter.limit({ key: `auth:${bucket}` });
  rateLimitHeaders(c, AUTH_POLICY, !success);
  if (!success) {
    // Retry-After comes from `details.retry_after` (worker/middleware/error-envelope.ts).
    throw new CheckoutError(
      'RATE_LIMITED',
      'Too many requests with a wrong merchant API key from this address; wait a minute.',
      { retry_after: AUTH_RETRY_AFTER_SECONDS },
    );
  }
}

/**
 * The key a request's `Authorization: Bearer <key>` names among `keys`, compared in constant
 * time, or null. A `uc_…` key is looked up by the id in its prefix; any other value is compared
 * with each key.
 */
function findKey(c: Context, keys: readonly MerchantKey[]): MerchantKey | null {
  const match = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '');
  if (!match) return null;
  const sent = match[1]!.trim();
  const id = KEY_FORMAT.exec(sent)?.[2];
  let found: MerchantKey | null = null;
  for (const key of keys) {
    if (id !== undefined && key.id !== id) continue;
    if (timingSafeEqual(sent, key.key)) found = key;
  }
  return found;
}

/**
 * Authenticates the request among `keys`: answers the key, or throws 401 UNAUTHORIZED (an
 * expired key says so) after counting the failure (429 RATE_LIMITED once over the limit). Sets
 * `c.var.keyId`, which the request log line and the diagnostics report name, and
 * `c.var.keyScope` (a `checkout` key sees `customer` masked: worker/session/scoped-customer.ts).
 *
 * @example
 * const key = await authenticate(c, merchantKeysOf(c.env)); // diagnostics: before the config
 */
export async function authenticate(
  c: Context<ProxyApp>,
  keys: readonly MerchantKey[],
): Promise<MerchantKey> {
  const key = findKey(c, keys);
  if (!key) {
    await countFailure(c);
    // A key that was sent but matches none is not the same mistake as sending none.
    const sent = /^Bearer\s+\S/i.test(c.req.header('authorization') ?? '');
    throw unauthorized(sent ? 'This key is not valid (unknown, expired or revoked).' : undefined);
  }
  c.set('keyId', key.id);
  c.set('keyScope', key.scope);
  if (key.expiresAt !== null && key.expiresAt <= Date.now()) {
    await countFailure(c);
    throw unauthorized(`This merchant API key (${key.id}) has expired; use its replacement.`);
  }
  return key;
}

/**
 * True when a key of `scope` may make a request that `allowed` scopes may make (`full` may make
 * every request).
 */
export function scopeAllows(scope: KeyScope, allowed: readonly KeyScope[]): boolean {
  return scope === 'full' || allowed.includes(scope);
}

/**
 * Throws 403 FORBIDDEN unless `key`'s scope is among `allowed` (`full` always is). `allowed`
 * comes from the one scope table (worker/keys/route-scopes.ts).
 *
 * @example
 * requireScope(c, key, scopesFor('GET', '/v1/diagnostics'));
 */
export function requireScope(
  c: Context<ProxyApp>,
  key: MerchantKey,
  allowed: readonly KeyScope[],
): void {
  if (scopeAllows(key.scope, allowed)) return;
  throw new CheckoutError(
    'FORBIDDEN',
    `This merchant API key (${key.id}) has scope ${key.scope}, which does not allow ` +
      `${c.req.method} on this route.`,
  );
}

/**
 * The merchant API's key check: 401 UNAUTHORIZED without a valid, unexpired key; 403 FORBIDDEN
 * when the key's scope is not among `allowed` (a `full` key is always allowed; no argument: only
 * `full`). The first `merchantAuth` a request meets decides, so routes register their own before
 * the catch-alls (worker/routes/merchant-api.ts). Needs `config()` first.
 * Not hono/bearer-auth: it answers a malformed header with 400 and its own body, where the
 * merchant API answers 401 in the shared error shape.
 *
 * @example
 * app.post('/sessions', merchantAuth('checkout'));
 * app.get('*', merchantAuth('read'));
 * app.use('*', merchantAuth()); // everything else: full keys only
 */
export function merchantAuth(...allowed: KeyScope[]): MiddlewareHandler<ProxyApp> {
  return async (c, next) => {
    if (c.get('keyScopeChecked')) return next();
    requireScope(c, await authenticate(c, c.var.config.merchantKeys), allowed);
    c.set('keyScopeChecked', true);
    await next();
  };
}
