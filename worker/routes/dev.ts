/**
 * Development-only routes, mounted only in development mode: DEV_MODE=1 (set in [env.dev] of
 * wrangler.toml only) and the development secrets (worker/config.ts isDevMode):
 * `POST /dev/sessions` (the demo page's stand-in for a merchant backend),
 * `POST /sandbox/control/sessions/:id/pay` (pays a session as a payer would, ./dev-pay.ts),
 * `/sandbox/*` (browser pages of the sandbox through the UPSTREAM binding), `/dev/webhooks` (a receiver that
 * verifies and lists merchant webhooks and, with `DEV_WEBHOOK_FORWARD_TO`, passes each on to the
 * developer's own receiver, answering with its answer, worker/dev-inbox/forward.ts;
 * `/dev/webhooks/redirect/:status` answers a redirect to it, `/dev/webhooks/status/:code` answers
 * that status)
 * and `POST /dev/index/bulk` (the index benchmark's
 * synthetic rows). Each answers only a request whose Host is loopback on the dev port
 * (worker/middleware/loopback-host.ts); any other Host gets 404, even in development mode.
 * @module
 */
import { Hono } from 'hono';
import { errorBody } from '../../shared/errors';
import { verifyWebhook } from '../../shared/webhook-signature';
import { forwardWebhook } from '../dev-inbox/forward';
import { devInbox } from '../dev-inbox/inbox';
import type { ProxyApp } from '../app-env';
import { writeBenchRows } from '../index-store/bench-rows';
import { loopbackHostOnly } from '../middleware/loopback-host';
import { devPayRoute } from './dev-pay';
import { devLogin } from '../console/dev-login';

/**
 * The dev routes. `merchantApp` handles the forwarded session creation.
 *
 * @example
 * if (devMode) app.route('/', devRoutes(app));
 */
export function devRoutes(merchantApp: Hono<ProxyApp>) {
  const app = new Hono<ProxyApp>();
  // Before every dev route: a tunnel or a rebinding DNS name reaches the stack under its own Host.
  app.use('/dev/*', loopbackHostOnly());
  app.use('/sandbox/*', loopbackHostOnly());
  app.use('/console/dev-login', loopbackHostOnly());
  app.route('/console/dev-login', devLogin());

  app.post('/dev/sessions', async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set('authorization', `Bearer ${c.env.MERCHANT_API_KEY}`);
    const url = new URL(c.req.url);
    url.pathname = '/v1/sessions';
    const forwarded = new Request(url, { method: 'POST', headers, body: c.req.raw.body });
    return merchantApp.fetch(forwarded, c.env, c.executionCtx);
  });

  // Before the sandbox's own routes: it knows transactions, not the proxy's sessions.
  app.route('/', devPayRoute(merchantApp));

  app.all('/sandbox/*', async (c) => {
    if (!c.env.UPSTREAM) return c.json(errorBody('NOT_FOUND', 'No sandbox is bound.'), 404);
    const url = new URL(c.req.url);
    url.pathname = url.pathname.slice('/sandbox'.length) || '/';
    return c.env.UPSTREAM.fetch(new Request(url, c.req.raw));
  });

  app.post('/dev/webhooks', async (c) => {
    const inbox = devInbox(c.env);
    if (!inbox) return c.json(errorBody('NOT_FOUND', 'No dev inbox is bound.'), 404);
    const body = await c.req.text();
    let verified = true;
    let reason: string | null = null;
    try {
      await verifyWebhook(c.env.MERCHANT_WEBHOOK_SECRET, c.req.raw.headers, body);
    } catch (error) {
      verified = false;
      reason = (error as Error).message;
    }
    const id = c.req.header('webhook-id') ?? '';
    const forwardTo = c.env.DEV_WEBHOOK_FORWARD_TO;
    if (forwardTo) {
      // A tee: the receiver gets the delivery as signed, and its answer goes back to the outbox.
      const forwarded = await forwardWebhook(forwardTo, c.req.raw.headers, body);
      await inbox.storeWebhook(id, verified, reason, body, forwarded.result);
      return forwarded.response;
    }
    await inbox.storeWebhook(id, verified, reason, body, null);
    return verified
      ? c.json({ received: true })
      : c.json(errorBody('SIGNATURE_INVALID', reason!), 401);
  });

  // A merchant endpoint that moved: answers a redirect to /dev/webhooks, which the
  // proxy's webhook delivery must not follow (test/proxy/webhooks/delivery-faults.test.ts).
  app.post('/dev/webhooks/redirect/:status{30[12378]}', (c) => {
    const status = Number(c.req.param('status')) as 301 | 302 | 303 | 307 | 308;
    return c.redirect(new URL('/dev/webhooks', c.req.url).toString(), status);
  });

  // A merchant endpoint that answers a chosen status and keeps nothing: the webhook endpoints'
  // tests (test/proxy/webhooks/) give each endpoint its own address here and verify what was
  // sent with the official verifier.
  app.post('/dev/webhooks/status/:code{[2-5][0-9][0-9]}', async (c) => {
    await c.req.raw.body?.cancel();
    return c.body(null, Number(c.req.param('code')) as 200);
  });

  // The index benchmark (bench/index.mjs): synthetic rows through the objects' upsert.
  app.post('/dev/index/bulk', async (c) => {
    if (!c.env.INDEX) return c.json(errorBody('NOT_FOUND', 'No query index is bound.'), 404);
    const body = (await c.req.json()) as {
      run: string;
      start: number;
      count: number;
      batch?: number;
      base_time: number;
    };
    const rows = await writeBenchRows(c.env.INDEX, {
      run: String(body.run)
        .replace(/[^a-z0-9]/gi, '')
        .slice(0, 16),
      start: Math.max(0, Math.floor(Number(body.start))),
      count: Math.min(2000, Math.max(1, Math.floor(Number(body.count)))),
      batch: Math.min(200, Math.max(1, Math.floor(Number(body.batch ?? 100)))),
      baseTime: Number(body.base_time),
    });
    return c.json({ rows });
  });

  app.get('/dev/webhooks', async (c) => {
    const inbox = devInbox(c.env);
    if (!inbox) return c.json(errorBody('NOT_FOUND', 'No dev inbox is bound.'), 404);
    return c.json({ webhooks: await inbox.listWebhooks() });
  });

  return app;
}
