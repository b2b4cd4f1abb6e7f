/**
 * `GET /v1/diagnostics`: the doctor's checks (worker/doctor/checks.ts) run from this Worker —
 * the address the payment service sees, which is what its IP whitelist judges. Merchant Bearer
 * key, same error shape as the merchant API. 200 when every check passes (warnings allowed),
 * 503 otherwise; the body is the report either way.
 * @module
 */
import { Hono } from 'hono';
import { CheckoutError } from '../../shared/errors';
import { timingSafeEqual } from '../../shared/signing';
import { runDoctor } from '../doctor/checks';
import type { ProxyEnv } from '../env';

/**
 * The diagnostics route. Its key check does not go through merchantAuth (which validates the
 * whole configuration first): the report is what names a configuration problem.
 *
 * @example
 * app.route('/v1/diagnostics', diagnostics());
 */
export function diagnostics() {
  const app = new Hono<{ Bindings: ProxyEnv }>();
  app.get('/', async (c) => {
    const key = c.env.MERCHANT_API_KEY;
    const match = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '');
    if (
      typeof key !== 'string' ||
      key === '' ||
      !match ||
      !timingSafeEqual(match[1]!.trim(), key)
    ) {
      throw new CheckoutError(
        'UNAUTHORIZED',
        'Send your merchant API key as Authorization: Bearer <key>.',
      );
    }
    const report = await runDoctor(c.env);
    return c.json(report, report.ok ? 200 : 503);
  });
  return app;
}
