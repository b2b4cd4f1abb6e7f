/**
 * Merchant API beyond checkout: payment links, balance, transaction status, payouts, and the
 * webhooks of payouts and payment links (Bearer MERCHANT_API_KEY on every route).
 * @module
 */
import { Hono } from 'hono';
import { CheckoutError } from '../../shared/errors';
import { maskPhone } from '../../shared/phone';
import {
  paymentLinkParamsSchema,
  payoutBodySchema,
  transactionRecordSchema,
} from '../../shared/schemas';
import { validate } from '../../shared/validation';
import { loadConfig } from '../config';
import type { ProxyEnv } from '../env';
import type { WebhookRecord } from '../durable/webhook-outbox';
import { ledgerNames, ledgerStub } from '../ledger/shards';
import { readJson } from '../middleware/json-body';
import { merchantAuth } from '../middleware/merchant-auth';
import { withToken } from '../token-cache';
import { callUpstream, type UpstreamResult } from '../upstream';
import { respond } from './respond';

/** A payment-link body may carry a 2 MB logo as base64 (about 2.7 MB of text). */
export const PAYMENT_LINK_BODY_LIMIT = 3 * 1024 * 1024;
const REFERENCE = /^[A-Za-z0-9._:-]{1,128}$/;

/** Throws the merchant-facing error for an upstream call that did not succeed. */
function upstreamError(result: Exclude<UpstreamResult, { kind: 'ok' }>, what: string): never {
  if (result.kind === 'rejected') {
    throw new CheckoutError('UPSTREAM_REJECTED', `The payment service refused the ${what}.`, {
      upstream_message: result.message,
      upstream_status: result.status,
    });
  }
  if (result.kind === 'timeout') {
    throw new CheckoutError(
      'UPSTREAM_TIMEOUT',
      `The payment service did not answer the ${what} in time.`,
    );
  }
  throw new CheckoutError(
    'UPSTREAM_UNAVAILABLE',
    `The payment service could not answer the ${what}.`,
  );
}

/** `YYYY-MM-DD HH:MM:SS` (UTC) → ISO 8601; anything else → null. */
export function isoDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value);
  return match ? `${match[1]}T${match[2]}Z` : null;
}

/**
 * The routes, mounted under /v1.
 *
 * @example
 * app.route('/v1', merchantPayments());
 */
export function merchantPayments() {
  const app = new Hono<{ Bindings: ProxyEnv }>();
  app.use('/payment-links', merchantAuth());
  app.use('/balance', merchantAuth());
  app.use('/transactions/*', merchantAuth());
  app.use('/payouts', merchantAuth());
  app.use('/payouts/*', merchantAuth());
  app.use('/webhooks/*', merchantAuth());

  app.post('/payment-links', async (c) => {
    const config = loadConfig(c.env);
    const body = await readJson(c, PAYMENT_LINK_BODY_LIMIT);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new CheckoutError('VALIDATION_FAILED', 'The payment link must be a JSON object.');
    }
    // Unknown fields would be signed and sent upstream as they are (a typo silently ignored).
    const unknown = Object.keys(body).filter(
      (key) => key === 'callback_url' || !Object.hasOwn(paymentLinkParamsSchema.shape, key),
    );
    if (unknown.length > 0) {
      throw new CheckoutError('VALIDATION_FAILED', 'The payment link is invalid.', {
        issues: unknown.map((key) => ({ path: key, message: `${key} is not an accepted field` })),
      });
    }
    const params = {
      ...(body as Record<string, unknown>),
      callback_url: `${config.publicBaseUrl}/hooks/payment-links`,
    };
    const checked = validate(paymentLinkParamsSchema, params);
    if (!checked.ok) {
      throw new CheckoutError('VALIDATION_FAILED', 'The payment link is invalid.', {
        issues: checked.issues,
      });
    }
    const result = await callUpstream(c.env, config, '/api/v3/payment-link-api/create', {
      params: checked.value,
    });
    if (result.kind !== 'ok') upstreamError(result, 'payment link');
    return c.json({ message: result.body.message ?? null, data: result.body.data ?? {} }, 201);
  });

  app.get('/payment-links', async (c) => {
    const config = loadConfig(c.env);
    const result = await withToken(c.env, config, '/api/payment-link-api/list');
    if (result.kind !== 'ok') upstreamError(result, 'payment link list');
    return c.json({ message: result.body.message ?? null, data: result.body.data ?? [] });
  });

  app.get('/balance', async (c) => {
    const config = loadConfig(c.env);
    const result = await withToken(c.env, config, '/api/wallet/get-balance');
    if (result.kind !== 'ok') upstreamError(result, 'balance');
    const data = result.body.data;
    return c.json({ data: Array.isArray(data) ? data : [] });
  });

  app.get('/transactions/:ref', async (c) => {
    const config = loadConfig(c.env);
    const ref = c.req.param('ref');
    const type = c.req.query('type') ?? 'payin';
    if (!REFERENCE.test(ref)) {
      throw new CheckoutError(
        'VALIDATION_FAILED',
        'The reference must be 1 to 128 letters, digits or . _ : -',
      );
    }
    if (type !== 'payin' && type !== 'payout') {
      throw new CheckoutError('VALIDATION_FAILED', 'type must be payin or payout.');
    }
    const result = await callUpstream(c.env, config, '/api/v3/get-unified-transaction-status', {
      params: { id: ref, type },
    });
    if (result.kind === 'rejected' && result.status === 400) {
      throw new CheckoutError(
        'NOT_FOUND',
        `The payment service has no ${type} with reference ${ref}.`,
        {
          upstream_message: result.message,
        },
      );
    }
    if (result.kind !== 'ok') upstreamError(result, 'status query');
    const record = validate(transactionRecordSchema, result.body.data);
    if (!record.ok) {
      throw new CheckoutError(
        'UPSTREAM_UNAVAILABLE',
        'The payment service answered with a malformed record.',
      );
    }
    const r = record.value;
    const reason = r.failureReason;
    return c.json({
      reference: ref,
      type,
      status: r.status,
      status_code: r.status_code,
      amount: r.amount ?? null,
      fee: r.fee ?? null,
      currency: r.currency ?? null,
      balance: r.balance ?? null,
      upstream_reference: r.ref ?? null,
      third_party_reference_1: r.third_party_reference_1 ?? null,
      third_party_reference_2: r.third_party_reference_2 ?? null,
      payment_method_type: r.payment_method_type ?? null,
      payment_channel: r.payment_channel ?? null,
      mobile: r.mobile ? maskPhone(r.mobile) : null,
      transaction_date: isoDate(r.transaction_date),
      created_at: isoDate(r.created_at),
      updated_at: isoDate(r.updated_at),
      failure_reason:
        r.status === 'failed' && reason
          ? { code: reason.failureCode ?? null, message: reason.failureMessage ?? null }
          : null,
    });
  });

  app.post('/payouts', async (c) => {
    loadConfig(c.env);
    const checked = validate(payoutBodySchema, await readJson(c));
    if (!checked.ok) {
      throw new CheckoutError('VALIDATION_FAILED', 'The payout is invalid.', {
        issues: checked.issues,
      });
    }
    const stub = c.env.PAYOUTS.get(c.env.PAYOUTS.idFromName(checked.value.reference));
    const outcome = await stub.create(checked.value);
    if (!outcome.ok) return respond(c, outcome);
    return c.json(outcome.value.payout, outcome.value.created ? 201 : 200);
  });

  app.get('/payouts/:ref', async (c) => {
    const ref = c.req.param('ref');
    if (!REFERENCE.test(ref)) throw new CheckoutError('NOT_FOUND', 'No payout has that reference.');
    const view = await c.env.PAYOUTS.get(c.env.PAYOUTS.idFromName(ref)).view();
    if (!view) throw new CheckoutError('NOT_FOUND', 'No payout has that reference.');
    return c.json(view);
  });

  // One status query now, applied (e.g. for a payout in needs_review, which is no longer
  // queried on its own).
  app.post('/payouts/:ref/reconcile', async (c) => {
    const ref = c.req.param('ref');
    if (!REFERENCE.test(ref)) throw new CheckoutError('NOT_FOUND', 'No payout has that reference.');
    const view = await c.env.PAYOUTS.get(c.env.PAYOUTS.idFromName(ref)).reconcileNow();
    if (!view) throw new CheckoutError('NOT_FOUND', 'No payout has that reference.');
    return c.json(view);
  });

  app.post('/payouts/:ref/webhooks/:event/resend', async (c) => {
    const ref = c.req.param('ref');
    if (!REFERENCE.test(ref)) throw new CheckoutError('NOT_FOUND', 'No payout has that reference.');
    const found = await c.env.PAYOUTS.get(c.env.PAYOUTS.idFromName(ref)).resendWebhook(
      c.req.param('event'),
    );
    if (!found) throw new CheckoutError('NOT_FOUND', 'This payout has no webhook with that id.');
    return c.json({ resent: true }, 202);
  });

  // Every ledger holds some (the shards, and the main ledger for payments from before them).
  app.get('/webhooks/payment-links', async (c) => {
    const all = await Promise.all(ledgerNames().map((name) => ledgerStub(c.env, name).webhooks()));
    const webhooks = all.flat() as WebhookRecord[];
    webhooks.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    return c.json({ webhooks });
  });

  app.post('/webhooks/payment-links/:event/resend', async (c) => {
    const event = c.req.param('event');
    for (const name of ledgerNames()) {
      if (await ledgerStub(c.env, name).resendWebhook(event)) return c.json({ resent: true }, 202);
    }
    throw new CheckoutError('NOT_FOUND', 'No payment-link webhook has that id.');
  });

  return app;
}
