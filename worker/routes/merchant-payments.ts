/**
 * Merchant API beyond checkout: payment links, balance, transaction status, payouts, and the
 * webhooks of payouts and payment links (Bearer MERCHANT_API_KEY on every route).
 * @module
 */
import { Hono } from 'hono';
import { CheckoutError } from '../../shared/errors';
import { maskPhone } from '../../shared/phone';
import { isReference, REFERENCE_CHARACTERS } from '../../shared/references';
import {
  answeredStatusCode,
  balanceResponseSchema,
  paymentLinkListResponseSchema,
  paymentLinkParamsSchema,
  paymentLinkResponseSchema,
  payoutBodySchema,
} from '../../shared/schemas';
import { UPSTREAM_PATHS } from '../../shared/upstream-endpoints';
import { validate } from '../../shared/validation';
import type { WebhookRecord } from '../durable/webhook-outbox';
import type { ProxyApp } from '../app-env';
import { claimKey, claimStub, idempotencyKeyOf } from '../idempotency/claim';
import { createdByOf } from '../keys/created-by';
import { newLinkId } from '../ledger/links';
import { ledgerNames, linkShardName } from '../ledger/shards';
import { jsonBody, readJson } from '../middleware/json-body';
import { LOOKUP_REFERENCE_MAX, LOOKUP_REFERENCE_RULE } from '../query/list-query';
import { ledgerStub, payoutStub } from '../stubs';
import { withToken } from '../token-cache';
import { askStatus } from '../payment/status-query';
import { callUpstream, type UpstreamFailure } from '../upstream';
import { respond } from './respond';
import { contract } from '../openapi/contract';
import { UPSTREAM_ERRORS } from '../openapi/route-errors';
import {
  balanceSchema,
  paymentLinkBody,
  paymentLinkCreatedSchema,
  paymentLinkListSchema,
  paymentLinkWebhooksSchema,
  transactionQuerySchema,
  transactionStatusSchema,
} from '../views/payments';
import { payoutSchema } from '../views/payout';
import { resentSchema } from '../views/common';

/** A payment-link body may carry a 2 MB logo as base64 (about 2.7 MB of text). */
export const PAYMENT_LINK_BODY_LIMIT = 3 * 1024 * 1024;

/** Throws the merchant-facing error for an upstream call that did not succeed. */
function upstreamError(result: UpstreamFailure, what: string): never {
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
 * The routes, mounted in the merchant API (worker/routes/merchant-api.ts) under /v1.
 *
 * @example
 * merchant.route('/', merchantPayments());
 */
export function merchantPayments() {
  const app = new Hono<ProxyApp>();

  app.post(
    '/payment-links',
    contract({
      operationId: 'createPaymentLink',
      tag: 'Payment links',
      summary: 'Create a payment link',
      description: 'The body may carry a logo as base64 (2 MB decoded), so up to 3 MB.',
      audience: 'merchant',
      body: paymentLinkBody,
      idempotent: true,
      responses: { 201: paymentLinkCreatedSchema, 200: paymentLinkCreatedSchema },
      errors: UPSTREAM_ERRORS,
    }),
    async (c) => {
      const config = c.var.config;
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
      // The link's own callback URL names it: its payments are judged against what we record here.
      const id = newLinkId();
      const params = {
        ...body,
        callback_url: `${config.publicBaseUrl}/hooks/payment-links/${id}`,
      };
      const checked = validate(paymentLinkParamsSchema, params);
      if (!checked.ok) {
        throw new CheckoutError('VALIDATION_FAILED', 'The payment link is invalid.', {
          issues: checked.issues,
        });
      }
      // The upstream's create is not idempotent: with an Idempotency-Key, the first request's
      // answer is stored and replayed (200); a second create is never sent while the first one's
      // outcome is unknown (409 IDEMPOTENCY_IN_PROGRESS); a definite refusal frees the key.
      const key = idempotencyKeyOf(c);
      if (key !== undefined) {
        const { fresh, record } = await claimKey(c, 'payment-links', key, body, 'payment-link');
        if (!fresh) {
          if (record.state === 'done' && record.answer !== null) {
            // The first answer as it was sent (JSON text we wrote): replayed byte for byte.
            return c.body(record.answer, 200, { 'content-type': 'application/json' });
          }
          throw new CheckoutError(
            'IDEMPOTENCY_IN_PROGRESS',
            'The first request with this Idempotency-Key is still running or its outcome is ' +
              'unknown; check GET /v1/payment-links before creating the link with a new key.',
          );
        }
      }
      const link = checked.value;
      // Recorded before the upstream is asked: a link whose create answer is lost is still ours.
      const ledger = ledgerStub(c.env, linkShardName(id));
      await ledger.recordLink({
        id,
        amount: link.amount,
        currency: link.currency,
        country_id: link.country_id,
        callback_url: link.callback_url,
      });
      const result = await callUpstream(
        c.env,
        config,
        UPSTREAM_PATHS.paymentLinkCreate,
        { params: link },
        paymentLinkResponseSchema,
      );
      const claimed = key === undefined ? null : claimStub(c, 'payment-links', key);
      if (result.kind !== 'ok') {
        if (result.kind === 'rejected') {
          await ledger.settleLink(id, { state: 'refused' });
          await claimed?.release();
        } else await claimed?.settle('unknown', null);
        upstreamError(result, 'payment link');
      }
      const data = result.body.data;
      // The sample answer's data is empty: the link's id and URL are kept when it names them.
      const named = (field: string): string | null => {
        const value = data[field];
        return typeof value === 'string' && value !== '' ? value : null;
      };
      await ledger.settleLink(id, {
        state: 'created',
        upstream_id: named('id'),
        url: named('url'),
      });
      const answer = { message: result.body.message, id, data };
      await claimed?.settle('done', JSON.stringify(answer));
      return c.json(answer, 201);
    },
  );

  app.get(
    '/payment-links',
    contract({
      operationId: 'listPaymentLinks',
      tag: 'Payment links',
      summary: "The upstream's payment links",
      audience: 'merchant',
      responses: { 200: paymentLinkListSchema },
      errors: UPSTREAM_ERRORS,
    }),
    async (c) => {
      const result = await withToken(
        c.env,
        c.var.config,
        UPSTREAM_PATHS.paymentLinkList,
        paymentLinkListResponseSchema,
      );
      if (result.kind !== 'ok') upstreamError(result, 'payment link list');
      return c.json({ message: result.body.message ?? null, data: result.body.data ?? [] });
    },
  );

  app.get(
    '/balance',
    contract({
      operationId: 'getBalance',
      tag: 'Balance and transactions',
      summary: "The upstream's balances",
      audience: 'merchant',
      responses: { 200: balanceSchema },
      errors: UPSTREAM_ERRORS,
    }),
    async (c) => {
      const result = await withToken(
        c.env,
        c.var.config,
        UPSTREAM_PATHS.balance,
        balanceResponseSchema,
      );
      if (result.kind !== 'ok') upstreamError(result, 'balance');
      return c.json({ data: result.body.data });
    },
  );

  app.get(
    '/transactions/:ref',
    contract({
      operationId: 'getTransaction',
      tag: 'Balance and transactions',
      summary: "One transaction from the upstream's status query",
      audience: 'merchant',
      query: transactionQuerySchema,
      responses: { 200: transactionStatusSchema },
      errors: ['NOT_FOUND', ...UPSTREAM_ERRORS],
    }),
    async (c) => {
      const ref = c.req.param('ref');
      const type = c.req.query('type') ?? 'payin';
      if (!REFERENCE_CHARACTERS.test(ref) || ref.length > LOOKUP_REFERENCE_MAX) {
        throw new CheckoutError('VALIDATION_FAILED', `The reference ${LOOKUP_REFERENCE_RULE}.`);
      }
      if (type !== 'payin' && type !== 'payout') {
        throw new CheckoutError('VALIDATION_FAILED', 'type must be payin or payout.');
      }
      const notFound = (details?: Record<string, unknown>) =>
        new CheckoutError(
          'NOT_FOUND',
          `The payment service has no ${type} with reference ${ref}.`,
          details,
        );
      if (!isReference(ref)) throw notFound(); // longer than any reference: no transaction has it
      const result = await askStatus(c.env, c.var.config, ref, type);
      if (result.kind === 'rejected' && result.status === 400) {
        throw notFound({ upstream_message: result.message });
      }
      // A 200 its schema refuses, or a record without a status code (in data, else at the root).
      const malformed = () =>
        new CheckoutError(
          'UPSTREAM_UNAVAILABLE',
          'The payment service answered with a malformed record.',
        );
      if (result.kind === 'unavailable' && result.issues !== undefined) throw malformed();
      if (result.kind !== 'ok') upstreamError(result, 'status query');
      const r = result.body.data;
      const statusCode = answeredStatusCode(result.body);
      if (statusCode === null) throw malformed();
      const reason = r.failureReason;
      return c.json({
        reference: ref,
        type,
        status: r.status,
        status_code: statusCode,
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
    },
  );

  app.post(
    '/payouts',
    contract({
      operationId: 'createPayout',
      tag: 'Payouts',
      summary: 'Send a payout',
      description:
        'The `reference` is the payout’s own idempotency key: the same terms answer 200 with the ' +
        'payout as it stands.',
      audience: 'merchant',
      idempotent: true,
      responses: { 201: payoutSchema, 200: payoutSchema },
      errors: [
        'SESSION_CONFLICT',
        'METHOD_NOT_AVAILABLE',
        'COUNTRY_NOT_AVAILABLE',
        ...UPSTREAM_ERRORS,
      ],
    }),
    jsonBody(payoutBodySchema, { invalid: 'The payout is invalid.' }),
    async (c) => {
      const body = c.req.valid('json');
      // The reference is the payout's own idempotency key (one object per reference, the same
      // terms answer 200). An Idempotency-Key adds a guard for a client that makes a new
      // reference per retry: the key's first body decides, another body is 409
      // IDEMPOTENCY_MISMATCH instead of a second payout.
      const key = idempotencyKeyOf(c);
      if (key !== undefined) await claimKey(c, 'payouts', key, body, body.reference);
      const outcome = await payoutStub(c.env, body.reference).create(body, createdByOf(c));
      if (!outcome.ok) return respond(c, outcome);
      return c.json(outcome.value.payout, outcome.value.created ? 201 : 200);
    },
  );

  app.get(
    '/payouts/:ref',
    contract({
      operationId: 'getPayout',
      tag: 'Payouts',
      summary: 'Read a payout',
      audience: 'merchant',
      responses: { 200: payoutSchema },
      errors: ['NOT_FOUND'],
    }),
    async (c) => respond(c, await payoutStub(c.env, c.req.param('ref')).view()),
  );

  // One status query now, applied (e.g. for a payout in needs_review, which is no longer
  // queried on its own).
  app.post(
    '/payouts/:ref/reconcile',
    contract({
      operationId: 'reconcilePayout',
      tag: 'Payouts',
      summary: 'Ask the upstream now about a payout',
      audience: 'merchant',
      responses: { 200: payoutSchema },
      errors: ['NOT_FOUND'],
    }),
    async (c) => respond(c, await payoutStub(c.env, c.req.param('ref')).reconcileNow()),
  );

  app.post(
    '/payouts/:ref/webhooks/:event/resend',
    contract({
      operationId: 'resendPayoutWebhook',
      tag: 'Webhooks',
      summary: "Deliver one of a payout's webhooks again",
      audience: 'merchant',
      responses: { 202: resentSchema },
      errors: ['NOT_FOUND'],
    }),
    async (c) =>
      respond(
        c,
        await payoutStub(c.env, c.req.param('ref')).resendWebhook(c.req.param('event')),
        202,
      ),
  );

  // Every ledger holds some (the shards, and the main ledger for payments from before them).
  app.get(
    '/webhooks/payment-links',
    contract({
      operationId: 'listPaymentLinkWebhooks',
      tag: 'Webhooks',
      summary: 'Every payment-link webhook and its deliveries',
      audience: 'merchant',
      responses: { 200: paymentLinkWebhooksSchema },
      errors: [],
    }),
    async (c) => {
      const all = await Promise.all(
        ledgerNames().map((name) => ledgerStub(c.env, name).webhooks()),
      );
      const webhooks = all.flat() as WebhookRecord[];
      webhooks.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
      return c.json({ webhooks });
    },
  );

  app.post(
    '/webhooks/payment-links/:event/resend',
    contract({
      operationId: 'resendPaymentLinkWebhook',
      tag: 'Webhooks',
      summary: 'Deliver a payment-link webhook again',
      audience: 'merchant',
      responses: { 202: resentSchema },
      errors: ['NOT_FOUND'],
    }),
    async (c) => {
      const event = c.req.param('event');
      for (const name of ledgerNames()) {
        const resent = await ledgerStub(c.env, name).resendWebhook(event);
        if (resent.ok) return respond(c, resent, 202);
      }
      throw new CheckoutError('NOT_FOUND', 'No payment-link webhook has that id.');
    },
  );

  return app;
}
