/**
 * Erasure on request (docs/data-retention.md): `POST /v1/sessions/:id/redact` and
 * `POST /v1/payouts/:ref/redact` erase a settled record's personal data now and answer the
 * record as the merchant reads it afterwards (`redacted_at` set). 404 for an unknown record,
 * 409 NOT_SETTLED while its money outcome may still change; a repeat answers 200 unchanged.
 * Mounted in the merchant API (worker/routes/merchant-api.ts), so behind the merchant key.
 * @module
 */
import { Hono } from 'hono';
import type { ProxyApp } from '../app-env';
import { payoutStub, sessionStub } from '../stubs';
import { respond } from './respond';
import { contract } from '../openapi/contract';
import { merchantSessionSchema } from '../views/session';
import { payoutSchema } from '../views/payout';

/**
 * The two routes.
 *
 * @example
 * merchant.route('/', merchantRedact());
 */
export function merchantRedact() {
  const app = new Hono<ProxyApp>();

  app.post(
    '/sessions/:id/redact',
    contract({
      operationId: 'redactSession',
      tag: 'Sessions',
      summary: "Erase a settled session's personal data",
      audience: 'merchant',
      responses: { 200: merchantSessionSchema },
      errors: ['SESSION_NOT_FOUND', 'NOT_SETTLED'],
    }),
    async (c) => respond(c, await sessionStub(c.env, c.req.param('id')).redact()),
  );

  app.post(
    '/payouts/:ref/redact',
    contract({
      operationId: 'redactPayout',
      tag: 'Payouts',
      summary: "Erase a settled payout's personal data",
      audience: 'merchant',
      responses: { 200: payoutSchema },
      errors: ['NOT_FOUND', 'NOT_SETTLED'],
    }),
    async (c) => respond(c, await payoutStub(c.env, c.req.param('ref')).redact()),
  );

  return app;
}
