/**
 * The merchant API under /v1: every route behind a merchant API key of a scope that allows it
 * (MERCHANT_API_KEYS, worker/middleware/merchant-auth.ts) and a valid configuration
 * (docs/design.md, "Merchant API").
 * @module
 */
import { Hono } from 'hono';
import type { ProxyApp } from '../app-env';
import { config } from '../middleware/config';
import { SCOPE_GRANTS } from '../keys/route-scopes';
import { merchantAuth } from '../middleware/merchant-auth';
import { merchantAdmin } from './merchant-admin';
import { merchantPayments } from './merchant-payments';
import { merchantPayoutBatches } from './merchant-payout-batches';
import { merchantQueries } from './merchant-queries';
import { merchantRedact } from './merchant-redact';
import { merchantRefunds } from './merchant-refunds';
import { merchantSessions } from './merchant-sessions';
import { merchantWebhookEndpoints } from './merchant-webhook-endpoints';
import { paymentMethods } from './payment-methods';

/**
 * The merchant API. Mount it after the public routes under /v1 (the checkout API, the return
 * page, diagnostics): its middleware answers 401 to any other /v1 request without the key.
 *
 * @example
 * app.route('/v1', merchantApi());
 */
export function merchantApi() {
  const app = new Hono<ProxyApp>();
  app.use('*', config());
  // Scopes (worker/keys/route-scopes.ts, the one table): the first merchantAuth a request
  // meets decides, so each grant in its order, then `full` keys only for anything else.
  for (const grant of SCOPE_GRANTS) {
    app.on(grant.method, grant.path, merchantAuth(...grant.scopes));
  }
  app.use('*', merchantAuth());
  // Lists, events feed and settlement report from the query index (before the routes by id).
  app.route('/', merchantQueries());
  app.route('/admin', merchantAdmin());
  app.route('/', merchantRedact());
  app.route('/', merchantRefunds());
  app.route('/sessions', merchantSessions());
  app.route('/', merchantPayments());
  app.route('/', merchantPayoutBatches());
  app.route('/', merchantWebhookEndpoints());
  app.route('/', paymentMethods()); // what a storefront may offer, and operator prediction
  return app;
}
