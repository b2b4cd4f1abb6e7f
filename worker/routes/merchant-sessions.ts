/**
 * Merchant API: create and read checkout sessions (mounted in the merchant API, worker/routes/merchant-api.ts).
 * @module
 */
import { Hono } from 'hono';
import { CheckoutError } from '../../shared/errors';
import { sessionCreateSchema } from '../../shared/schemas';
import type { ProxyApp } from '../env';
import { newSessionId } from '../ids';
import { jsonBody } from '../middleware/json-body';
import { sessionStub } from '../stubs';
import { respond } from './respond';

/**
 * `POST /v1/sessions`, `GET /v1/sessions/:id`, `POST /v1/sessions/:id/reconcile`,
 * `POST /v1/sessions/:id/webhooks/:event/resend`.
 *
 * @example
 * merchant.route('/sessions', merchantSessions());
 */
export function merchantSessions() {
  const app = new Hono<ProxyApp>();

  app.post(
    '/',
    jsonBody(
      (c) => sessionCreateSchema(c.var.config.catalogue, { devMode: c.var.config.devMode }),
      {
        invalid: 'The session is invalid.',
      },
    ),
    async (c) => {
      const key = c.req.header('idempotency-key');
      if (key !== undefined && (key.length < 1 || key.length > 255)) {
        throw new CheckoutError(
          'VALIDATION_FAILED',
          'Idempotency-Key must be 1 to 255 characters.',
        );
      }
      const id = await newSessionId(key, c.env.MERCHANT_API_KEY);
      const outcome = await sessionStub(c.env, id).init({ ...c.req.valid('json'), id });
      if (!outcome.ok) return respond(c, outcome);
      return c.json(outcome.value.session, outcome.value.created ? 201 : 200);
    },
  );

  app.get('/:id', async (c) => respond(c, await sessionStub(c.env, c.req.param('id')).merchant()));

  // Ask the upstream now about every attempt still unsettled (needs_review included).
  app.post('/:id/reconcile', async (c) =>
    respond(c, await sessionStub(c.env, c.req.param('id')).reconcileNow()),
  );

  app.post('/:id/webhooks/:event/resend', async (c) => {
    const found = await sessionStub(c.env, c.req.param('id')).resendWebhook(c.req.param('event'));
    if (!found) throw new CheckoutError('NOT_FOUND', 'This session has no webhook with that id.');
    return c.json({ resent: true }, 202);
  });

  return app;
}
