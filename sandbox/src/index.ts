/**
 * The sandbox Worker: an offline emulator of the upstream payments service (every documented
 * endpoint of docs/upstream-api.md, the same envelope, messages and callbacks), plus a control
 * surface and the browser pages of redirect methods and payment links. See sandbox/README.md.
 * @module
 */
import { Hono } from 'hono';
import { errorBody } from '../../shared/errors';
import type { SandboxApp } from './app-env';
import { FAILURE } from './messages';
import { balance } from './routes/balance';
import { collections } from './routes/collections';
import { control } from './routes/control';
import { pages } from './routes/pages';
import { paymentLinks } from './routes/payment-links';
import { payouts } from './routes/payouts';
import { processTransaction } from './routes/process-transaction';
import { status } from './routes/status';
import { token } from './routes/token';

export { SandboxLedger } from './ledger';

/** The sandbox's Hono app. */
export const app = new Hono<SandboxApp>();

app.get('/health', (c) => c.json({ ok: true, service: 'sandbox' }));

app.route('/', collections);
app.route('/', processTransaction);
app.route('/', status);
app.route('/', paymentLinks);
app.route('/', token);
app.route('/', balance);
app.route('/', payouts);
app.route('/', control);
app.route('/', pages);

app.notFound((c) =>
  c.json(errorBody('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}.`), 404),
);

app.onError((error, c) => {
  console.error(`sandbox: ${c.req.method} ${c.req.path} failed: ${error.name}: ${error.message}`);
  if (c.req.path.startsWith('/api/')) {
    return c.json({ success: false, message: FAILURE.internal }, 500);
  }
  return c.json(errorBody('INTERNAL', 'The sandbox failed to handle the request.'), 500);
});

export default app;
