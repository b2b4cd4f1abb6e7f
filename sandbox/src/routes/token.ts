/**
 * POST /api/integration/get-token: body `{ client_id, secret_key }` (no envelope). 200
 * `{ success: "true", message, data: { token } }`; 401 `{ success: "false", message:
 * "Credentials were not found." }` (success as text, as documented).
 * @module
 */
import { Hono } from 'hono';
import { timingSafeEqual } from '../../../shared/signing';
import type { SandboxApp } from '../app-env';
import { ENDPOINTS } from '../endpoints';
import { ledger } from '../ledger-stub';
import { FAILURE, SUCCESS } from '../messages';
import { injectedFaults } from '../middleware/faults';
import { refusal } from '../respond';
import { refuse } from '../rules/refusal';

/** The get-token route. */
export const token = new Hono<SandboxApp>();

token.post(ENDPOINTS['get-token'].path, injectedFaults('get-token'), async (c) => {
  const body: unknown = await c.req.json().catch(() => null);
  const { client_id, secret_key } = (body ?? {}) as Record<string, unknown>;
  const valid =
    typeof client_id === 'string' &&
    typeof secret_key === 'string' &&
    client_id === c.env.SANDBOX_CLIENT_ID &&
    timingSafeEqual(secret_key, c.env.SANDBOX_SECRET_KEY);
  if (!valid) {
    return refusal(c, refuse(401, FAILURE.credentials, 'unknown client_id or secret_key'), true);
  }
  const issued = await ledger(c.env).issueToken();
  return c.json({ success: 'true', message: SUCCESS.token, data: { token: issued.token } });
});
