/**
 * The upstream's token endpoint (`POST /api/integration/get-token`): credentials in, a bearer
 * token out. No signature envelope.
 * @module
 */
import * as z from 'zod/mini';
import { maybe, successFlag, text } from './fields';

/** The token request body. */
export const tokenRequestSchema = z.looseObject({
  client_id: text(200),
  secret_key: text(500),
});

/**
 * The token response: `data.token` is the bearer token for the balance endpoint.
 *
 * @example
 * const token = validate(tokenResponseSchema, body);
 * if (token.ok) headers.set('Authorization', `Bearer ${token.value.data.token}`);
 */
export const tokenResponseSchema = z.looseObject({
  success: successFlag,
  message: maybe(z.string()), // informational: its absence changes nothing
  data: z.looseObject({ token: text(4096) }),
});

/** The token request body. */
export type TokenRequest = z.output<typeof tokenRequestSchema>;
/** The token response. */
export type TokenResponse = z.output<typeof tokenResponseSchema>;
