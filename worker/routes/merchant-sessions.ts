/**
 * Merchant API: create and read checkout sessions (mounted in the merchant API, worker/routes/merchant-api.ts).
 * @module
 */
import { Hono } from 'hono';
import { sessionCreateSchema } from '../../shared/schemas';
import type { ProxyApp } from '../app-env';
import { claimKey, idempotencyKeyOf } from '../idempotency/claim';
import { newSessionId } from '../ids';
import { createdByOf } from '../keys/created-by';
import { jsonBody } from '../middleware/json-body';
import { refuseUntakeableAmount } from '../payment-methods/amount-check';
import { forKeyScope } from '../session/scoped-customer';
import { sessionStub } from '../stubs';
import { respond } from './respond';
import { contract } from '../openapi/contract';
import { sessionCreateShape } from '../../shared/schemas';
import { merchantSessionSchema } from '../views/session';
import { resentSchema } from '../views/common';

/**
 * `POST /v1/sessions`, `GET /v1/sessions/:id`, `POST /v1/sessions/:id/reconcile`,
 * `POST /v1/sessions/:id/expire`, `POST /v1/sessions/:id/webhooks/:event/resend`.
 *
 * @example
 * merchant.route('/sessions', merchantSessions());
 */
export function merchantSessions() {
  const app = new Hono<ProxyApp>();

  app.post(
    '/',
    contract({
      operationId: 'createSession',
      tag: 'Sessions',
      summary: 'Create a checkout session',
      description:
        'Answers 201 with the new session; the same Idempotency-Key with the same body answers ' +
        'the first session again (200). `currency`, `country_id` and `methods` are checked ' +
        "against the deployment's catalogue.",
      audience: 'merchant',
      idempotent: true,
      responses: { 201: merchantSessionSchema, 200: merchantSessionSchema },
      errors: ['SESSION_CONFLICT'],
    }),
    jsonBody(
      (c) => sessionCreateSchema(c.var.config.catalogue, { devMode: c.var.config.devMode }),
      { invalid: 'The session is invalid.', documented: sessionCreateShape },
    ),
    async (c) => {
      const input = c.req.valid('json');
      const { catalogue, methodLimits } = c.var.config;
      refuseUntakeableAmount(catalogue, methodLimits, input); // no offered method takes it: 4xx
      const key = idempotencyKeyOf(c);
      // A random id always; with a key, the id the key's first request was given (same body:
      // the session init answers it as is, 200; another body: 409 IDEMPOTENCY_MISMATCH).
      const id =
        key === undefined
          ? newSessionId()
          : (await claimKey(c, 'sessions', key, input, newSessionId())).record.resource;
      const outcome = await sessionStub(c.env, id).init({
        ...input,
        id,
        created_by: createdByOf(c),
      });
      if (!outcome.ok) return respond(c, outcome);
      return c.json(
        forKeyScope(outcome.value.session, c.var.keyScope, catalogue, !!c.var.consoleUser),
        outcome.value.created ? 201 : 200,
      );
    },
  );

  app.get(
    '/:id',
    contract({
      operationId: 'getSession',
      tag: 'Sessions',
      summary: 'Read a session',
      audience: 'merchant',
      responses: { 200: merchantSessionSchema },
      errors: ['SESSION_NOT_FOUND'],
    }),
    async (c) => {
      const outcome = await sessionStub(c.env, c.req.param('id')).merchant();
      if (!outcome.ok) return respond(c, outcome);
      return c.json(
        forKeyScope(outcome.value, c.var.keyScope, c.var.config.catalogue, !!c.var.consoleUser),
      );
    },
  );

  // Ask the upstream now about every attempt still unsettled (needs_review included).
  app.post(
    '/:id/reconcile',
    contract({
      operationId: 'reconcileSession',
      tag: 'Sessions',
      summary: 'Ask the upstream now about every unsettled attempt',
      audience: 'merchant',
      responses: { 200: merchantSessionSchema },
      errors: ['SESSION_NOT_FOUND'],
    }),
    async (c) => respond(c, await sessionStub(c.env, c.req.param('id')).reconcileNow()),
  );

  // The merchant cancels the checkout (worker/session/merchant-expire.ts); a `full` key only.
  app.post(
    '/:id/expire',
    contract({
      operationId: 'expireSession',
      tag: 'Sessions',
      summary: 'Cancel an open checkout',
      description:
        'Closes the session now (`checkout.expired` with `reason: "merchant"`). Idempotent: a ' +
        'session already expired or failed is answered as it is. Refused while a payment may ' +
        'still take money (`PAYMENT_IN_PROGRESS`) or once paid (`ALREADY_PAID`: refund it).',
      audience: 'merchant',
      responses: { 200: merchantSessionSchema },
      errors: ['SESSION_NOT_FOUND', 'PAYMENT_IN_PROGRESS', 'ALREADY_PAID'],
    }),
    async (c) => respond(c, await sessionStub(c.env, c.req.param('id')).expire()),
  );

  app.post(
    '/:id/webhooks/:event/resend',
    contract({
      operationId: 'resendSessionWebhook',
      tag: 'Webhooks',
      summary: "Deliver one of a session's webhooks again",
      audience: 'merchant',
      responses: { 202: resentSchema },
      errors: ['SESSION_NOT_FOUND', 'NOT_FOUND'],
    }),
    async (c) =>
      respond(
        c,
        await sessionStub(c.env, c.req.param('id')).resendWebhook(c.req.param('event')),
        202,
      ),
  );

  return app;
}
