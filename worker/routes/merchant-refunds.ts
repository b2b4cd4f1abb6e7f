/**
 * Merchant API: refunds of checkout sessions (docs/refunds.md). The session object
 * decides each refund against what was paid; the Payout object that pays it (its reference is
 * the refund id) runs its lifecycle. Mounted in the merchant API; creating needs a `full` key.
 * @module
 */
import { Hono } from 'hono';
import { refundBodySchema } from '../../shared/schemas';
import type { ProxyApp } from '../app-env';
import { fail } from '../durable/outcome';
import type { ProxyEnv } from '../env';
import { claimKey, idempotencyKeyOf } from '../idempotency/claim';
import { newRefundId, REFUND_ID } from '../ids';
import { createdByOf } from '../keys/created-by';
import { jsonBody } from '../middleware/json-body';
import { payoutStub, sessionStub } from '../stubs';
import { respond } from './respond';

/**
 * `POST /v1/sessions/:id/refunds`, `GET /v1/refunds/:id`, `POST /v1/refunds/:id/reconcile`,
 * `POST /v1/refunds/:id/cancel`, `POST /v1/refunds/:id/webhooks/:event/resend`.
 *
 * @example
 * merchant.route('/', merchantRefunds());
 */
export function merchantRefunds() {
  const app = new Hono<ProxyApp>();

  app.post(
    '/sessions/:id/refunds',
    jsonBody(refundBodySchema, { invalid: 'The refund is invalid.' }),
    async (c) => {
      const body = c.req.valid('json');
      const sessionId = c.req.param('id');
      const session = sessionStub(c.env, sessionId);
      // A random id always; with a key, the id its first request was given (the same body
      // answers that refund, 200; another body: 409 IDEMPOTENCY_MISMATCH). The key's body
      // names the session: the same key on another session is another body.
      const key = idempotencyKeyOf(c);
      const id =
        key === undefined
          ? newRefundId()
          : (await claimKey(c, 'refunds', key, { session: sessionId, ...body }, newRefundId()))
              .record.resource;
      const outcome = await session.refund({ ...body, id, created_by: createdByOf(c) });
      if (!outcome.ok) return respond(c, outcome);
      return c.json(outcome.value.refund, outcome.value.created ? 201 : 200);
    },
  );

  /** The Payout object of a refund id, or null for an id no refund can have. */
  const refundStub = (env: ProxyEnv, id: string) =>
    REFUND_ID.test(id) ? payoutStub(env, id) : null;
  const noRefund = fail('NOT_FOUND', 'No refund has that id.');

  app.get('/refunds/:id', async (c) => {
    const stub = refundStub(c.env, c.req.param('id'));
    return respond(c, stub ? await stub.refund() : noRefund);
  });

  // One status query now, applied (e.g. for a refund in needs_review, no longer queried alone).
  app.post('/refunds/:id/reconcile', async (c) => {
    const stub = refundStub(c.env, c.req.param('id'));
    const refund = stub ? await stub.refund() : noRefund;
    if (!refund.ok || !stub) return respond(c, refund);
    await stub.reconcileNow();
    return respond(c, await stub.refund());
  });

  // Only while its create provably never left (the Payout object decides in one step).
  app.post('/refunds/:id/cancel', async (c) => {
    const stub = refundStub(c.env, c.req.param('id'));
    return respond(c, stub ? await stub.cancelRefund() : noRefund);
  });

  app.post('/refunds/:id/webhooks/:event/resend', async (c) => {
    const stub = refundStub(c.env, c.req.param('id'));
    const refund = stub ? await stub.refund() : noRefund;
    if (!refund.ok || !stub) return respond(c, refund);
    return respond(c, await stub.resendWebhook(c.req.param('event')), 202);
  });

  return app;
}
