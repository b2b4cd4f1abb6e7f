/**
 * The proxy Worker: merchant API, public checkout API, hosted callbacks, widget bundle.
 * @module
 */
import { Hono } from 'hono';
import { errorBody } from '../shared/errors';
import type { ProxyEnv } from './env';

export { CheckoutSession } from './checkout-session';

/** The proxy's Hono app. */
export const app = new Hono<{ Bindings: ProxyEnv }>();

app.get('/health', (c) => c.json({ ok: true, service: 'unified-checkout' }));

app.notFound((c) =>
  c.json(errorBody('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}.`), 404),
);

export default app;
