/**
 * Merchant API: refunds of checkout sessions and payment-link payments (docs/refunds.md). The
 * session object (or the link payment's ledger shard) decides each refund against what was paid; the Payout object that pays it (its reference is
 * the refund id) runs its lifecycle. Mounted in the merchant API; creating needs a `full` key.
 * @module
 */
import { Hono, type Context } from 'hono';
import { CheckoutError } from '../../shared/errors';
import { isReference } from '../../shared/references';
import { linkRefundBodySchema, refundBodySchema } from '../../shared/schemas';
import type { ProxyApp } from '../app-env';
import { fail } from '../durable/outcome';
import type { ProxyEnv } from '../env';
import { claimKey, idempotencyKeyOf } from '../idempotency/claim';
import { newRefundId, REFUND_ID } from '../ids';
import { createdByOf } from '../keys/created-by';
import { jsonBody } from '../middleware/json-body';
import { EXTERNAL_LINK, paymentShardOf } from '../ledger/link-routing';
import { LINK_ID } from '../ledger/links';
import { linkShardName } from '../ledger/shards';
import { ledgerStub, payoutStub, sessionStub } from '../stubs';
import { respond } from './respond';
import { contract } from '../openapi/contract';
import { refundCreatedSchema, refundDetailSchema } from '../views/refund';
import { resentSchema } from '../views/common';

/**
 * A new refund id; with an Idempotency-Key, the id its first request was given (the same body
 * answers that refund, 200; another body: 409 IDEMPOTENCY_MISMATCH). `body` names what is
 * refunded: the same key on another payment is another body.
 */
async function refundIdOf(c: Context<ProxyApp>, body: Record<string, unknown>): Promise<string> {
  const key = idempotencyKeyOf(c);
  if (key === undefined) return newRefundId();
  return (await claimKey(c, 'refunds', key, body, newRefundId())).record.resource;
}

/**
 * `POST /v1/sessions/:id/refunds`, `POST /v1/payment-links/:id/payments/:ref/refunds`, `GET /v1/refunds/:id`, `POST /v1/refunds/:id/reconcile`,
 * `POST /v1/refunds/:id/cancel`, `POST /v1/refunds/:id/webhooks/:event/resend`.
 *
 * @example
 * merchant.route('/', merchantRefunds());
 */
export function merchantRefunds() {
  const app = new Hono<ProxyApp>();

  app.post(
    '/sessions/:id/refunds',
    contract({
      operationId: 'createRefund',
      tag: 'Refunds',
      summary: "Refund a session's payment (all or part)",
      description:
        'Sent as a payout to the payer’s number (or `destination`); the session decides it against ' +
        'what its payments were reported to have paid, per currency (a payment reported in another ' +
        'currency is refunded only in that one: name it as `currency`, else 409 ' +
        '`CURRENCY_MISMATCH`). 201 with the new refund; the same Idempotency-Key and body answer it again ' +
        '(200). Its outcome comes as `refund.succeeded` or `refund.failed`.',
      audience: 'merchant',
      idempotent: true,
      responses: { 201: refundCreatedSchema, 200: refundCreatedSchema },
      errors: [
        'SESSION_NOT_FOUND',
        'NOT_PAID',
        'CURRENCY_MISMATCH',
        'REFUND_EXCEEDS_PAID',
        'REFUND_DESTINATION_REQUIRED',
      ],
    }),
    jsonBody(refundBodySchema, { invalid: 'The refund is invalid.' }),
    async (c) => {
      const body = c.req.valid('json');
      const sessionId = c.req.param('id');
      const session = sessionStub(c.env, sessionId);
      // A random id always; with a key, the id its first request was given (the same body
      // answers that refund, 200; another body: 409 IDEMPOTENCY_MISMATCH). The key's body
      // names the session: the same key on another session is another body.
      const id = await refundIdOf(c, { session: sessionId, ...body });
      const outcome = await session.refund({ ...body, id, created_by: createdByOf(c) });
      if (!outcome.ok) return respond(c, outcome);
      return c.json(outcome.value.refund, outcome.value.created ? 201 : 200);
    },
  );

  // A payment-link payment: `:id` is the link's id (`pl_…`), or `external` for a link created
  // elsewhere; `:ref` the payment's id or any upstream reference it was given.
  app.post(
    '/payment-links/:id/payments/:ref/refunds',
    contract({
      operationId: 'createLinkPaymentRefund',
      tag: 'Refunds',
      summary: 'Refund a payment-link payment (all or part)',
      description:
        '`id` is the link’s id (`pl_…`), or `external` for a link created elsewhere; `ref` the ' +
        'payment’s id or any upstream reference it was given. Decided against what the payment’s ' +
        'reports counted, per currency (`currency`: the link’s unless named; a payment reported ' +
        'in another currency is refunded only in it, else 409 `CURRENCY_MISMATCH`), and sent as ' +
        'a payout to `destination` (the payer’s ' +
        'number of a link payment is not kept). 201 with the new refund; the same ' +
        'Idempotency-Key and body answer it again (200). Its outcome comes as `refund.succeeded` ' +
        'or `refund.failed`; `GET /v1/refunds` lists it.',
      audience: 'merchant',
      idempotent: true,
      responses: { 201: refundCreatedSchema, 200: refundCreatedSchema },
      errors: ['NOT_FOUND', 'NOT_PAID', 'CURRENCY_MISMATCH', 'REFUND_EXCEEDS_PAID'],
    }),
    jsonBody(linkRefundBodySchema, { invalid: 'The refund is invalid.' }),
    async (c) => {
      const body = c.req.valid('json');
      const { id: linkId, ref } = c.req.param();
      const external = linkId === EXTERNAL_LINK;
      if ((!external && !LINK_ID.test(linkId)) || !isReference(ref)) {
        throw new CheckoutError(
          'NOT_FOUND',
          'This payment link has no payment with that reference.',
        );
      }
      const shard = external ? await paymentShardOf(c.env, ref) : linkShardName(linkId);
      const id = await refundIdOf(c, { link: linkId, payment: ref, ...body });
      const outcome = await ledgerStub(c.env, shard).refundLinkPayment(
        shard,
        external ? null : linkId,
        ref,
        { ...body, id, created_by: createdByOf(c) },
      );
      if (!outcome.ok) return respond(c, outcome);
      return c.json(outcome.value.refund, outcome.value.created ? 201 : 200);
    },
  );

  /** The Payout object of a refund id, or null for an id no refund can have. */
  const refundStub = (env: ProxyEnv, id: string) =>
    REFUND_ID.test(id) ? payoutStub(env, id) : null;
  const noRefund = fail('NOT_FOUND', 'No refund has that id.');

  app.get(
    '/refunds/:id',
    contract({
      operationId: 'getRefund',
      tag: 'Refunds',
      summary: 'Read a refund',
      audience: 'merchant',
      responses: { 200: refundDetailSchema },
      errors: ['NOT_FOUND'],
    }),
    async (c) => {
      const stub = refundStub(c.env, c.req.param('id'));
      return respond(c, stub ? await stub.refund() : noRefund);
    },
  );

  // One status query now, applied (e.g. for a refund in needs_review, no longer queried alone).
  app.post(
    '/refunds/:id/reconcile',
    contract({
      operationId: 'reconcileRefund',
      tag: 'Refunds',
      summary: 'Ask the upstream now about a refund',
      audience: 'merchant',
      responses: { 200: refundDetailSchema },
      errors: ['NOT_FOUND'],
    }),
    async (c) => {
      const stub = refundStub(c.env, c.req.param('id'));
      const refund = stub ? await stub.refund() : noRefund;
      if (!refund.ok || !stub) return respond(c, refund);
      await stub.reconcileNow();
      return respond(c, await stub.refund());
    },
  );

  // Only while its create provably never left (the Payout object decides in one step).
  app.post(
    '/refunds/:id/cancel',
    contract({
      operationId: 'cancelRefund',
      tag: 'Refunds',
      summary: 'Cancel a refund that was never sent',
      description:
        'Cancels a refund whose payout was recorded but provably never sent to the payment ' +
        'service (create_state `unsent`, e.g. its object was evicted before the call left): it ' +
        'becomes `failed` with create_state `canceled` and failure code `CANCELED`, frees its ' +
        'amount and sends `refund.canceled`. Once the create may have left: 409.',
      audience: 'merchant',
      responses: { 200: refundDetailSchema },
      errors: ['NOT_FOUND', 'REFUND_NOT_CANCELABLE'],
    }),
    async (c) => {
      const stub = refundStub(c.env, c.req.param('id'));
      return respond(c, stub ? await stub.cancelRefund() : noRefund);
    },
  );

  app.post(
    '/refunds/:id/webhooks/:event/resend',
    contract({
      operationId: 'resendRefundWebhook',
      tag: 'Webhooks',
      summary: "Deliver one of a refund's webhooks again",
      audience: 'merchant',
      responses: { 202: resentSchema },
      errors: ['NOT_FOUND'],
    }),
    async (c) => {
      const stub = refundStub(c.env, c.req.param('id'));
      const refund = stub ? await stub.refund() : noRefund;
      if (!refund.ok || !stub) return respond(c, refund);
      return respond(c, await stub.resendWebhook(c.req.param('event')), 202);
    },
  );

  return app;
}
