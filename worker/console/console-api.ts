/**
 * `/console/api/v1/*`: the merchant API's own handlers (worker/routes/merchant-api.ts, and the
 * diagnostics) run for the console's user, whose role decides what it may call (ROLE_GRANTS in
 * worker/keys/route-scopes.ts, the one table) in place of a key's scope. Same validation,
 * idempotency and error shape; writes are guarded against other sites (./csrf.ts) and record the
 * user as their `created_by` (worker/keys/created-by.ts). Payer data is masked as a `checkout`
 * key sees it (worker/session/scoped-customer.ts).
 * @module
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { CheckoutError } from '../../shared/errors';
import type { ProxyApp } from '../app-env';
import { ROLE_GRANTS, roleAtLeast, type ConsoleRole } from '../keys/route-scopes';
import { diagnostics } from '../routes/diagnostics';
import { merchantApi } from '../routes/merchant-api';
import { consoleCsrf } from './csrf';

/** The key id console requests carry (request log, `created_by.key_id`): no key acted. */
export const CONSOLE_KEY_ID = 'console';

/**
 * Lets the user's role through when it is `least` or above; null refuses every role. The first
 * that a request meets decides (as merchantAuth does for keys).
 */
function roleCheck(least: ConsoleRole | null): MiddlewareHandler<ProxyApp> {
  return async (c, next) => {
    if (c.get('keyScopeChecked')) return next();
    const user = c.var.consoleUser!;
    if (least === null || !roleAtLeast(user.role, least)) {
      throw new CheckoutError(
        'ROLE_FORBIDDEN',
        `The console role ${user.role} does not allow ${c.req.method} on this route` +
          (least ? ` (it needs ${least}).` : ' (no console role does).'),
      );
    }
    // The merchant API's key check sees the request as checked; `read` keeps secrets'
    // query strings out of endpoint URLs (worker/routes/merchant-webhook-endpoints.ts).
    c.set('keyId', CONSOLE_KEY_ID);
    c.set('keyScope', 'read');
    c.set('keyScopeChecked', true);
    await next();
  };
}

/**
 * The console's API. Mount it under `/console/api/v1` after the identity check.
 *
 * @example
 * app.route('/api/v1', consoleApi());
 */
export function consoleApi() {
  const app = new Hono<ProxyApp>();
  app.use('*', consoleCsrf());
  for (const grant of ROLE_GRANTS) app.on(grant.method, grant.path, roleCheck(grant.role));
  app.use('*', roleCheck(null));
  app.route('/diagnostics', diagnostics());
  app.route('/', merchantApi());
  return app;
}
