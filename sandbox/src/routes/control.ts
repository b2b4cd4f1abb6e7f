/**
 * The control surface for tests and demos (JSON; errors in the shared error shape
 * `{ error: { code, message, details? } }`). Not part of the upstream; unauthenticated, as the
 * sandbox holds no real money.
 *
 * - GET    /control/transactions[?limit=100]            → 200 { transactions: [view] } newest first
 * - GET    /control/transactions/:ref                   → 200 { transaction } | 404 NOT_FOUND
 * - POST   /control/transactions/:ref/outcome {outcome} → 200 { transaction } | 404 | 409 NO_ATTEMPT_WAITING
 * - POST   /control/transactions/:ref/resend            → 202 { transaction, delivery_id } | 404 | 409
 * - POST   /control/virtual-accounts/:account/pay {amount} → 200 { transaction, transfer } | 404 | 409
 * - GET    /control/faults                              → 200 { faults: [fault] }
 * - POST   /control/faults {endpoint, fault, count?, delay_ms?} → 201 { fault }
 * - DELETE /control/faults                              → 200 { cleared }
 * @module
 */
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { errorBody, type FieldIssue } from '../../../shared/errors';
import type { SandboxApp } from '../app-env';
import { controlView, faultView } from '../control-view';
import { ENDPOINT_NAMES, endpointNamed } from '../endpoints';
import { ledger, type TransactionBundle } from '../ledger';

const OutcomeBody = z.object({ outcome: z.enum(['success', 'failed', 'timeout']) });
const PayBody = z.object({ amount: z.int().check(z.positive()) });
const FaultBody = z.object({
  endpoint: z.string(),
  fault: z.enum(['error', 'delay', 'malformed', 'no_callback']),
  count: z._default(z.int().check(z.minimum(1), z.maximum(1000)), 1),
  delay_ms: z._default(z.int().check(z.minimum(0), z.maximum(60_000)), 0),
});

/** Parses a JSON body with a schema; a Response on failure. */
async function parseBody<T>(
  c: Context<SandboxApp>,
  schema: z.ZodMiniType<T>,
): Promise<{ ok: true; value: T } | { ok: false; response: Response }> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return {
      ok: false,
      response: c.json(errorBody('INVALID_JSON', 'The body must be JSON.'), 400),
    };
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues: FieldIssue[] = parsed.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  return {
    ok: false,
    response: c.json(
      errorBody('VALIDATION_FAILED', 'The body is not valid for this route.', { issues }),
      400,
    ),
  };
}

const notFound = (c: Context<SandboxApp>, what: string) =>
  c.json(errorBody('NOT_FOUND', `No ${what}.`), 404);

const notPending = (c: Context<SandboxApp>, bundle: TransactionBundle, message: string) =>
  c.json(
    errorBody('NO_ATTEMPT_WAITING', message, {
      transaction: controlView(bundle, c.env.SANDBOX_PUBLIC_URL),
    }),
    409,
  );

/**
 * The control routes.
 *
 * @example
 * app.route('/', control);
 */
export const control = new Hono<SandboxApp>();

control.get('/control/transactions', async (c) => {
  const requested = Number(c.req.query('limit') ?? 100);
  const limit = Number.isInteger(requested) ? Math.min(Math.max(requested, 1), 1000) : 100;
  const bundles = await ledger(c.env).bundles(limit);
  return c.json({
    transactions: bundles.map((bundle) => controlView(bundle, c.env.SANDBOX_PUBLIC_URL)),
  });
});

control.get('/control/transactions/:ref', async (c) => {
  const ref = c.req.param('ref');
  const bundle = await ledger(c.env).bundle(ref);
  if (!bundle) return notFound(c, `transaction ${ref}`);
  return c.json({ transaction: controlView(bundle, c.env.SANDBOX_PUBLIC_URL) });
});

control.post('/control/transactions/:ref/outcome', async (c) => {
  const ref = c.req.param('ref');
  const body = await parseBody(c, OutcomeBody);
  if (!body.ok) return body.response;
  const forced = await ledger(c.env).forceOutcome(ref, body.value.outcome);
  if (forced.result === 'not_found') return notFound(c, `transaction ${ref}`);
  if (forced.result === 'not_pending') {
    return notPending(
      c,
      forced,
      `Transaction ${ref} is already ${forced.tx.status}; only a pending transaction can be given an outcome.`,
    );
  }
  return c.json({ transaction: controlView(forced, c.env.SANDBOX_PUBLIC_URL) });
});

control.post('/control/transactions/:ref/resend', async (c) => {
  const ref = c.req.param('ref');
  const resent = await ledger(c.env).resend(ref);
  if (resent.result === 'not_found') return notFound(c, `transaction ${ref}`);
  if (resent.result === 'not_pending') {
    return notPending(
      c,
      resent,
      `Transaction ${ref} is still pending; it has no terminal callback to resend.`,
    );
  }
  return c.json(
    {
      transaction: controlView(resent, c.env.SANDBOX_PUBLIC_URL),
      delivery_id: resent.deliveryId,
    },
    202,
  );
});

control.post('/control/virtual-accounts/:account_number/pay', async (c) => {
  const accountNumber = c.req.param('account_number');
  const body = await parseBody(c, PayBody);
  if (!body.ok) return body.response;
  const paid = await ledger(c.env).payAccount(accountNumber, body.value.amount);
  if (paid.result === 'not_found') return notFound(c, `virtual account ${accountNumber}`);
  if (paid.result === 'not_pending') {
    return notPending(
      c,
      paid,
      `Virtual account ${accountNumber} no longer accepts payments (transaction ${paid.tx.ref} is ${paid.tx.status}).`,
    );
  }
  const { transfer } = paid;
  return c.json({
    transaction: controlView(paid, c.env.SANDBOX_PUBLIC_URL),
    transfer: {
      id: transfer.id,
      paid: transfer.paid,
      credited: transfer.credited,
      reversed: transfer.reversed,
      outcome: transfer.outcome,
      created_at: new Date(transfer.created_at).toISOString(),
    },
  });
});

control.get('/control/faults', async (c) => {
  const faults = await ledger(c.env).faults();
  return c.json({ faults: faults.map(faultView) });
});

control.post('/control/faults', async (c) => {
  const body = await parseBody(c, FaultBody);
  if (!body.ok) return body.response;
  const { fault, count, delay_ms } = body.value;
  const endpoint = endpointNamed(body.value.endpoint);
  const invalid = (path: string, message: string) =>
    c.json(
      errorBody('VALIDATION_FAILED', 'The body is not valid for this route.', {
        issues: [{ path, message }],
      }),
      400,
    );
  if (!endpoint) {
    return invalid('endpoint', `must be one of ${ENDPOINT_NAMES.join(', ')} or their paths`);
  }
  if (fault === 'no_callback' && endpoint !== 'collections' && endpoint !== 'payouts') {
    return invalid('fault', 'no_callback applies to collections and payouts only');
  }
  if (fault === 'delay' && delay_ms === 0) return invalid('delay_ms', 'must be given for delay');
  const saved = await ledger(c.env).injectFault(endpoint, fault, count, delay_ms);
  return c.json({ fault: faultView(saved) }, 201);
});

control.delete('/control/faults', async (c) => {
  return c.json({ cleared: await ledger(c.env).clearFaults() });
});
