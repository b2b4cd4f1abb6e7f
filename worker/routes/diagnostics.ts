/**
 * `GET /v1/diagnostics`: the doctor's checks (worker/doctor/checks.ts) run from this Worker —
 * the address the payment service sees, which is what its IP whitelist judges. Merchant Bearer
 * key, same error shape as the merchant API. 200 when every check passes (warnings allowed),
 * 503 otherwise; the body is the report either way, with `failing_tasks`: the tasks of any
 * session, payout or ledger that keep throwing (null when they could not be read).
 * @module
 */
import { Hono } from 'hono';
import { CheckoutError } from '../../shared/errors';
import { isDevMode } from '../config';
import { runDoctor } from '../doctor/checks';
import { failingTasks } from '../durable/failing-tasks';
import type { ProxyApp } from '../app-env';
import { parseMerchantKeys } from '../keys/merchant-keys';
import { authenticate, scopeAllows } from '../middleware/merchant-auth';

/**
 * The diagnostics route. Mounted outside the merchant API: its key check does not validate the
 * whole configuration first (the report is what names a configuration problem).
 *
 * @example
 * app.route('/v1/diagnostics', diagnostics());
 */
export function diagnostics() {
  const app = new Hono<ProxyApp>();
  app.get('/', async (c) => {
    // The keys as they parse, even when the rest of the configuration does not validate.
    const { keys } = parseMerchantKeys(c.env, isDevMode(c.env));
    const key = await authenticate(c, keys);
    if (!scopeAllows(key.scope, ['read'])) {
      throw new CheckoutError(
        'FORBIDDEN',
        `This merchant API key (${key.id}) may not read diagnostics.`,
      );
    }
    const report = await runDoctor(c.env);
    // Tasks that keep throwing in some object (worker/durable/failing-tasks.ts): listed, they
    // do not change `ok` (the checks above say whether the configuration works now).
    const failing = await failingTasks(c.env).catch(() => null);
    // Which key asked: the report is the merchant's record of who looked (issue #24).
    return c.json({ ...report, failing_tasks: failing, key_id: key.id }, report.ok ? 200 : 503);
  });
  return app;
}
