// A merchant backend on Node with Hono and the typed client `unified-checkout/client`: creates a
// session, serves a page with the widget, and verifies the merchant webhooks. On Node 20, from
// the repository (README, "The client and verifier in your backend"):
//
//   npm run build:lib && npx tsc -p examples/node/tsconfig.build.json
//   UC_BASE_URL=http://127.0.0.1:8787 MERCHANT_API_KEY=… MERCHANT_WEBHOOK_SECRET=whsec_… \
//     node examples/node/dist/server.js
//
// Then open http://127.0.0.1:3000/ and have the webhooks sent to http://127.0.0.1:3000/webhooks
// (`npm run dev -- --forward-to http://127.0.0.1:3000/webhooks`). PORT and WEBHOOK_PATH change
// the port (3000) and the path (/webhooks). test/scripts/dev-forward.test.ts runs it so.
import { createServer, type IncomingMessage } from 'node:http';
import { Hono } from 'hono';
import {
  createClient,
  verifyWebhook,
  WebhookVerificationError,
  type WebhookEvent,
} from 'unified-checkout/client';

const baseUrl = process.env.UC_BASE_URL ?? 'http://127.0.0.1:8787';
const webhookSecret = process.env.MERCHANT_WEBHOOK_SECRET ?? '';
const uc = createClient({ baseUrl, apiKey: process.env.MERCHANT_API_KEY ?? '' });

const app = new Hono();

// One session per order; the order id is the Idempotency-Key, so a retried request (or a
// double click) answers the same session instead of a second one.
app.get('/', async (c) => {
  const order = `order-${Date.now()}`;
  const { data: session, error } = await uc.sessions.create(
    { amount: 1500, currency: 'KES', reference: order, metadata: { cart: order } },
    { idempotencyKey: order },
  );
  if (error) return c.text(`Could not start the checkout: ${error.error.message}`, 502);
  return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pay for ${order}</title>
<script src="${baseUrl}/widget.js"></script></head>
<body><h1>Order ${session.reference}: ${session.amount} ${session.currency}</h1>
<unified-checkout session="${session.id}"></unified-checkout>
<p>Or pay on the hosted page: <a href="${session.checkout_url}">${session.checkout_url}</a></p>
</body></html>`);
});

// Webhooks: verify the signature over the raw body before trusting anything in it.
app.post(process.env.WEBHOOK_PATH ?? '/webhooks', async (c) => {
  let event: WebhookEvent;
  try {
    event = await verifyWebhook<WebhookEvent>(webhookSecret, c.req.raw.headers, await c.req.text());
  } catch (error) {
    if (error instanceof WebhookVerificationError) return c.text(error.message, 400);
    throw error;
  }
  switch (event.type) {
    case 'checkout.succeeded':
      console.log(`paid: ${event.data.reference} (${event.data.amount} ${event.data.currency})`);
      break;
    case 'payout.failed':
      console.log(`payout ${event.data.reference} failed: ${event.data.failure?.message ?? ''}`);
      break;
    default:
      console.log(`webhook ${event.type} ${event.id}`);
  }
  return c.body(null, 204);
});

// Hono on Node's own http server (no adapter package): each request as a fetch Request.
async function toRequest(req: IncomingMessage): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    body,
  });
}

createServer(async (req, res) => {
  const response = await app.fetch(await toRequest(req));
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}).listen(Number(process.env.PORT ?? 3000), '127.0.0.1');
