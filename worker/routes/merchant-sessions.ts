/**
 * Merchant API: create and read checkout sessions (Bearer MERCHANT_API_KEY).
 * @module
 */
import { Hono } from 'hono';
import { CheckoutError } from '../../shared/errors';
import { sessionCreateSchema } from '../../shared/schemas';
import { validate } from '../../shared/validation';
import { loadConfig } from '../config';
import type { ProxyEnv } from '../env';
import { newSessionId } from '../ids';
import { readJson } from '../middleware/json-body';
import { merchantAuth } from '../middleware/merchant-auth';
import { respond, sessionStub } from './respond';

/**
 * `POST /v1/sessions`, `GET /v1/sessions/:id`, `POST /v1/sessions/:id/webhooks/:event/resend`.
 *
 * @example
 * app.route('/v1/sessions', merchantSessions());
 */
export function merchantSessions() {
  const app = new Hono<{ Bindings: ProxyEnv }>();
  app.use('*', merchantAuth());

  app.post('/', async (c) => {
    const config = loadConfig(c.env);
    const parsed = validate(sessionCreateSchema(config.catalogue), await readJson(c));
    if (!parsed.ok) {
      throw new CheckoutError('VALIDATION_FAILED', 'The session is invalid.', {
        issues: parsed.issues,
      });
    }
    const key = c.req.header('idempotency-key');
    if (key !== undefined && (key.length < 1 || key.length > 255)) {
      throw new CheckoutError('VALIDATION_FAILED', 'Idempotency-Key must be 1 to 255 characters.');
    }
    const id = await newSessionId(key, c.env.MERCHANT_API_KEY);
    const outcome = await sessionStub(c.env, id).init({ ...parsed.value, id });
    if (!outcome.ok) return respond(c, outcome);
    return c.json(outcome.value.session, outcome.value.created ? 201 : 200);
  });

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
