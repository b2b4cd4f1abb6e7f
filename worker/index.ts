/**
 * The proxy Worker: merchant API, public checkout API, hosted checkout page (`/pay/:id`), hosted
 * callbacks, return page, and the widget bundle (static assets). Dev-only routes are mounted in development mode only (DEV_MODE=1
 * and the development secrets).
 * @module
 */
import { Hono } from 'hono';
import { loadConfig } from './config';
import type { ProxyEnv } from './env';
import { errorHandler, notFoundHandler } from './middleware/error-handler';
import { logLine } from './middleware/request-log';
import { requestLog } from './middleware/request-log';
import { securityHeaders } from './middleware/security-headers';
import { checkoutApi } from './routes/checkout';
import { devRoutes } from './routes/dev';
import { diagnostics } from './routes/diagnostics';
import { sweep } from './index-store/sweep';
import { hooks } from './routes/hooks';
import { hostedPage } from './routes/hosted-page';
import { merchantAdmin } from './routes/merchant-admin';
import { merchantPayments } from './routes/merchant-payments';
import { merchantQueries } from './routes/merchant-queries';
import { merchantSessions } from './routes/merchant-sessions';
import { returnPage } from './routes/return-page';
import { integrationHealth } from './session/upstream-faults';

export { CheckoutSession } from './session/checkout-session';
export { Ledger } from './ledger';
export { Payout } from './payout';

/** The proxy's routes (development routes are added per request in {@link handler}). */
export const app = new Hono<{ Bindings: ProxyEnv }>();
app.use('*', requestLog());
app.use('*', securityHeaders());
app.onError(errorHandler());
// `integration`: degraded for 15 minutes after the upstream refused our credentials (issue #14).
app.get('/health', async (c) =>
  c.json({ ok: true, service: 'unified-checkout', integration: await integrationHealth(c.env) }),
);
// Lists, events feed and settlement report from the query index (before the routes by id).
app.route('/v1', merchantQueries());
app.route('/v1/admin', merchantAdmin());
app.route('/v1/sessions', merchantSessions());
app.route('/v1/diagnostics', diagnostics());
app.route('/v1', merchantPayments());
app.route('/v1/checkout', returnPage());
app.route('/v1/checkout', checkoutApi());
app.route('/hooks', hooks());
app.route('/pay', hostedPage());

const dev = new Hono<{ Bindings: ProxyEnv }>();
dev.use('*', requestLog());
dev.use('*', securityHeaders());
dev.onError(errorHandler());
dev.route('/', devRoutes(app));
dev.route('/', app);
dev.notFound(notFoundHandler());
app.notFound(notFoundHandler());

/** The Worker: validates configuration once, then routes. */
const handler: ExportedHandler<ProxyEnv> = {
  fetch(request, env, ctx) {
    try {
      const config = loadConfig(env);
      return (config.devMode ? dev : app).fetch(request, env, ctx);
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

export default handler;
