/**
 * The development and bench Worker ([env.dev]'s `main` in wrangler.toml): the production Worker
 * (worker/index.ts) plus the dev routes (worker/routes/dev.ts: the demo's session stand-in, the
 * sandbox pages, the webhook inbox, the index benchmark's rows). Only this entry imports them,
 * so the production bundle does not carry them (test/scripts/wrangler-layout.test.ts checks
 * the dry-run bundle). They are still served in development mode only (worker/config.ts).
 * @module
 */
import { Hono } from 'hono';
import type { ProxyApp } from './app-env';
import { app, workerWith } from './index';
import { apiVersion } from './middleware/api-version';
import { errorEnvelope } from './middleware/error-envelope';
import { errorHandler, notFoundHandler } from './middleware/error-handler';
import { requestLog } from './middleware/request-log';
import { securityHeaders } from './middleware/security-headers';
import { devRoutes } from './routes/dev';

// The Durable Object classes every environment binds, and the dev webhook inbox, which only
// [env.dev] binds (the production Worker neither exports nor bundles it; wrangler.toml's
// migration v6 deletes the class there). The objects with a task queue are exported as their
// dev classes (worker/dev-objects.ts: plus `drainAlarms`); a named export wins over `export *`.
export * from './index';
export { DevInbox } from './dev-inbox/dev-inbox';
export { CheckoutSession, Ledger, Payout, PayoutBatch, WebhookEndpoints } from './dev-objects';

const dev = new Hono<ProxyApp>();
dev.use('*', requestLog());
dev.use('*', apiVersion());
dev.use('*', securityHeaders());
dev.use('*', errorEnvelope());
dev.onError(errorHandler());
dev.route('/', devRoutes(app));
dev.route('/', app);
dev.notFound(notFoundHandler());

export default workerWith(dev);
