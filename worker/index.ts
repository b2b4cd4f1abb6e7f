/**
 * The proxy Worker: merchant API, public checkout API, hosted checkout page (`/pay/:id`), hosted
 * callbacks, return page, and the widget bundle (static assets). This is the production entry
 * (wrangler.toml's top level): it has no dev routes. [env.dev] builds worker/dev-worker.ts
 * instead, this Worker plus the dev and bench routes, served in development mode only (DEV_MODE=1,
 * the development secrets and a loopback PUBLIC_BASE_URL).
 * @module
 */
import { Hono } from 'hono';
import { loadConfig } from './config';
import type { ProxyEnv } from './env';
import type { ProxyApp } from './app-env';
import { apiVersion } from './middleware/api-version';
import { errorEnvelope } from './middleware/error-envelope';
import { errorHandler, notFoundHandler } from './middleware/error-handler';
import { logLine, requestLog } from './middleware/request-log';
import { securityHeaders } from './middleware/security-headers';
import { sweep } from './index-store/sweep';
import { consoleRoutes } from './console/routes';
import { checkoutApi } from './routes/checkout';
import { diagnostics } from './routes/diagnostics';
import { hooks } from './routes/hooks';
import { hostedPage } from './routes/hosted-page';
import { merchantApi } from './routes/merchant-api';
import { returnPage } from './routes/return-page';
import { integrationHealth } from './session/upstream-faults';
import { contract } from './openapi/contract';
import { healthSchema } from './views/payments';

export { CheckoutSession } from './session/checkout-session';
export { IdempotencyKey } from './idempotency/idempotency-key';
export { IntegrationHealth } from './integration-health/integration-health';
export { Ledger } from './ledger/ledger';
export { Payout } from './payout/payout';
export { PayoutBatch } from './payout-batch/payout-batch';
export { PhoneLimiter } from './prompt-limits/phone-limiter';
export { WebhookEndpoints } from './webhook-endpoints/webhook-endpoints';

/** The proxy's routes (development routes are added per request in {@link handler}). */
export const app = new Hono<ProxyApp>();
app.use('*', requestLog());
app.use('*', apiVersion());
app.use('*', securityHeaders());
app.use('*', errorEnvelope());
app.onError(errorHandler());
// `integration`: degraded for 15 minutes after the upstream refused our credentials
// or after a run of refused callback signatures (worker/callback-alert.ts).
app.get(
  '/health',
  contract({
    operationId: 'getHealth',
    tag: 'Operations',
    summary: 'Liveness and the integration’s health',
    audience: 'public',
    responses: { 200: healthSchema },
    errors: [],
  }),
  async (c) =>
    c.json({ ok: true, service: 'unified-checkout', integration: await integrationHealth(c.env) }),
);
// The public routes under /v1 first: the merchant API's key check covers the rest of /v1.
app.route('/v1/checkout', returnPage());
app.route('/v1/checkout', checkoutApi());
app.route('/v1/diagnostics', diagnostics());
app.route('/v1', merchantApi());
app.route('/hooks', hooks());
app.route('/pay', hostedPage());
// The console (docs/console.md): Cloudflare Access identity and roles on every request.
app.route('/console', consoleRoutes());

app.notFound(notFoundHandler());

/**
 * The Worker: validates configuration once, then routes to `app`, or in development mode to
 * `devApp` when the build has one (worker/dev-worker.ts; the production build has none).
 *
 * @example
 * export default workerWith(devApp);
 */
export function workerWith(devApp?: Hono<ProxyApp>): ExportedHandler<ProxyEnv> {
  return {
    fetch(request, env, ctx) {
      try {
        const config = loadConfig(env);
        return (config.devMode && devApp ? devApp : app).fetch(request, env, ctx);
      } catch {
        return app.fetch(request, env, ctx);
      }
    },
    /** The Cron Trigger (every 5 minutes): the reconciliation sweep (worker/index-store/sweep.ts). */
    async scheduled(controller, env, ctx) {
      ctx.waitUntil(
        sweep(env, controller.scheduledTime).then((report) =>
          logLine('info', 'sweep', { ...report }),
        ),
      );
    },
  };
}

export default workerWith();
