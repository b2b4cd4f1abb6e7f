/**
 * The control surface for tests and demos (JSON; errors in the shared error shape
 * `{ error: { code, message, details? } }`). Not part of the upstream; unauthenticated, as the
 * sandbox holds no real money.
 *
 * - GET    /control/transactions[?limit=100]            → 200 { transactions: [view] } newest first
 * - GET    /control/transactions/:ref                   → 200 { transaction } | 404 NOT_FOUND
 * - POST   /control/transactions/:ref/outcome {outcome, amount?, after_ms?, omit?} → 200 { transaction } | 404 | 409 NO_ATTEMPT_WAITING
 * - POST   /control/transactions/:ref/resend            → 202 { transaction, delivery_id } | 404 | 409 (pending, or answered 200 with refuse_resend_after_200)
 * - POST   /control/transactions/:ref/callback {params?, omit?, root?} → 202 { transaction, delivery_id, url, params } | 404
 * - POST   /control/transactions/:ref/not-created {count} → 200 { transaction } | 404
 * - POST   /control/callbacks {url, params}             → 202 { delivery_id, url, params }
 * - GET    /control/callbacks/:id                       → 200 { callback (with its signed body) } | 404
 * - POST   /control/virtual-accounts/:account/pay {amount, underpayment?, settle_after_ms?} → 200 { transaction, transfer } | 404 | 409
 * - GET    /control/faults                              → 200 { faults: [fault] }
 * - POST   /control/faults {endpoint, fault, count?, delay_ms?} → 201 { fault }
 * - DELETE /control/faults                              → 200 { cleared }
 * - GET    /control/settings                            → 200 { settings }
 * - PUT    /control/settings {distinct_references?, lock_payout_funds?, refuse_resend_after_200?, callback_url_prefix?} → 200 { settings }
 * - DELETE /control/settings                            → 200 { settings } (all off)
 * @module
 */
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { errorBody, type FieldIssue } from '../../../shared/errors';
import type { SandboxApp } from '../app-env';
import { controlView, deliveryView, faultView } from '../control-view';
import { ENDPOINT_NAMES, endpointNamed } from '../endpoints';
import { ledger } from '../ledger-stub';
import type { TransactionBundle } from '../machine/types';
import { httpUrl } from '../rules/fields';
import { DEFAULT_SETTINGS } from '../store/settings';

/** Longest delay a control route plans, in sandbox ms (7 sandbox days). */
const MAX_AFTER_MS = 7 * 24 * 60 * 60_000;

/** A positive amount in major units with at most two decimals (cents stay exact). */
const settledAmount = z.number().check(
  z.positive(),
  z.maximum(1e12),
  z.refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'at most two decimals'),
);
const afterMs = z.int().check(z.minimum(0), z.maximum(MAX_AFTER_MS));
/** Callback params: any JSON object (keys are sent as given, values as JSON). */
const callbackParamsShape = z.record(z.string(), z.unknown());

const paramNames = z.array(z.string().check(z.minLength(1)));

const OutcomeBody = z.strictObject({
  outcome: z.enum(['success', 'failed', 'timeout']),
  amount: z.optional(settledAmount),
  after_ms: z._default(afterMs, 0),
  omit: z._default(paramNames, []),
});
const PayBody = z.strictObject({
  amount: z.int().check(z.positive()),
  underpayment: z._default(z.enum(['settle', 'reverse']), 'settle'),
  settle_after_ms: z._default(afterMs, 0),
});
/** The envelope's own fields: `root` may not replace them. */
const ENVELOPE_FIELDS = ['client_id', 'sender', 'timestamp', 'salt', 'signature', 'params'];
const ExtraCallbackBody = z.strictObject({
  params: z._default(callbackParamsShape, {}),
  omit: z._default(paramNames, []),
  root: z._default(
    z
      .record(z.string(), z.unknown())
      .check(
        z.refine(
          (root) => !Object.keys(root).some((key) => ENVELOPE_FIELDS.includes(key)),
          'must not name an envelope field',
        ),
      ),
    {},
  ),
});
const LagBody = z.strictObject({ count: z.int().check(z.minimum(0), z.maximum(1000)) });
const ForeignCallbackBody = z.strictObject({
  url: httpUrl,
  params: callbackParamsShape,
});
const SettingsBody = z.strictObject({
  distinct_references: z._default(z.boolean(), false),
  lock_payout_funds: z._default(z.boolean(), false),
  refuse_resend_after_200: z._default(z.boolean(), false),
  callback_url_prefix: z._default(z.nullable(z.string().check(z.minLength(1))), null),
});
const FaultBody = z.object({
  endpoint: z.string(),
  fault: z.enum([
    'error',
    'delay',
    'malformed',
    'no_callback',
    'answer_lost',
    'request_lost',
    'answer_refused',
    'not_created',
  ]),
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

/** The control routes. */
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
  const { outcome, amount, after_ms, omit } = body.value;
  const forced = await ledger(c.env).forceOutcome(ref, outcome, amount ?? null, after_ms, omit);
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
  if (resent.result === 'delivered') {
    return notPending(
      c,
      resent,
      `Transaction ${ref}'s callback was already answered 200; it cannot be resent.`,
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

control.post('/control/transactions/:ref/callback', async (c) => {
  const ref = c.req.param('ref');
  const body = await parseBody(c, ExtraCallbackBody);
  if (!body.ok) return body.response;
  const sent = await ledger(c.env).extraCallback(ref, body.value);
  if (sent.result !== 'ok') return notFound(c, `transaction ${ref}`);
  return c.json(
    {
      transaction: controlView(sent, c.env.SANDBOX_PUBLIC_URL),
      delivery_id: sent.callback.deliveryId,
      url: sent.callback.url,
      params: JSON.parse(sent.callback.paramsJson) as unknown,
    },
    202,
  );
});

control.post('/control/transactions/:ref/not-created', async (c) => {
  const ref = c.req.param('ref');
  const body = await parseBody(c, LagBody);
  if (!body.ok) return body.response;
  const lagging = await ledger(c.env).lagStatus(ref, body.value.count);
  if (!lagging) return notFound(c, `transaction ${ref}`);
  return c.json({ transaction: controlView(lagging, c.env.SANDBOX_PUBLIC_URL) });
});

control.post('/control/callbacks', async (c) => {
  const body = await parseBody(c, ForeignCallbackBody);
  if (!body.ok) return body.response;
  const sent = await ledger(c.env).foreignCallback(body.value.url, body.value.params);
  return c.json(
    { delivery_id: sent.deliveryId, url: sent.url, params: JSON.parse(sent.paramsJson) as unknown },
    202,
  );
});

control.get('/control/callbacks/:id', async (c) => {
  const id = c.req.param('id');
  const delivery = /^[1-9][0-9]{0,14}$/.test(id)
    ? await ledger(c.env).delivery(Number(id))
    : undefined;
  if (!delivery) return notFound(c, `callback ${id}`);
  // The signed envelope as sent (every retry sends these bytes); null before the first attempt.
  const body = delivery.body === null ? null : (JSON.parse(delivery.body) as unknown);
  return c.json({ callback: { ...deliveryView(delivery), body } });
});

control.post('/control/virtual-accounts/:account_number/pay', async (c) => {
  const accountNumber = c.req.param('account_number');
  const body = await parseBody(c, PayBody);
  if (!body.ok) return body.response;
  const paid = await ledger(c.env).payAccount(accountNumber, body.value.amount, {
    underpayment: body.value.underpayment,
    settleAfterMs: body.value.settle_after_ms,
  });
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
  if (
    fault === 'answer_lost' &&
    endpoint !== 'collections' &&
    endpoint !== 'payouts' &&
    endpoint !== 'process-transaction'
  ) {
    return invalid(
      'fault',
      'answer_lost applies to collections, payouts and process-transaction only',
    );
  }
  if (fault === 'answer_refused' && endpoint !== 'collections' && endpoint !== 'payouts') {
    return invalid('fault', 'answer_refused applies to collections and payouts only');
  }
  if (fault === 'not_created' && endpoint !== 'status') {
    return invalid('fault', 'not_created applies to status only');
  }
  if (fault === 'delay' && delay_ms === 0) return invalid('delay_ms', 'must be given for delay');
  const saved = await ledger(c.env).injectFault(endpoint, fault, count, delay_ms);
  return c.json({ fault: faultView(saved) }, 201);
});

control.delete('/control/faults', async (c) => {
  return c.json({ cleared: await ledger(c.env).clearFaults() });
});

control.get('/control/settings', async (c) => {
  return c.json({ settings: await ledger(c.env).settings() });
});

control.put('/control/settings', async (c) => {
  const body = await parseBody(c, SettingsBody);
  if (!body.ok) return body.response;
  return c.json({ settings: await ledger(c.env).replaceSettings(body.value) });
});

control.delete('/control/settings', async (c) => {
  return c.json({ settings: await ledger(c.env).replaceSettings(DEFAULT_SETTINGS) });
});
