/**
 * The upstream's bearer token (get-token with client_id and secret_key), cached in memory per
 * isolate and refreshed once when the upstream answers 401.
 * @module
 */
import type * as z from 'zod/mini';
import { CheckoutError } from '../shared/errors';
import { tokenResponseSchema } from '../shared/schemas';
import { UPSTREAM_PATHS } from '../shared/upstream-endpoints';
import type { Config } from './config';
import type { ProxyEnv } from './env';
import { callUpstream, type UpstreamResult } from './upstream';

/** How long a token is reused (docs/upstream-api.md, "Bearer token", gives no lifetime). */
export const TOKEN_TTL_MS = 10 * 60_000;

let cached: { token: string; until: number; clientId: string } | null = null;

/**
 * One get-token call with the configured credentials (the token cache and the doctor's
 * credentials check both ask this way).
 *
 * @example
 * const result = await requestToken(env, config); // result.kind === 'ok': result.body.data.token
 */
export function requestToken(
  env: ProxyEnv,
  config: Config,
): Promise<UpstreamResult<z.output<typeof tokenResponseSchema>>> {
  return callUpstream(
    env,
    config,
    UPSTREAM_PATHS.token,
    { json: { client_id: config.credentials.clientId, secret_key: config.credentials.secretKey } },
    tokenResponseSchema,
  );
}

async function issueToken(env: ProxyEnv, config: Config): Promise<string> {
  const result = await requestToken(env, config);
  if (result.kind === 'ok') {
    const token = result.body.data.token;
    cached = { token, until: Date.now() + TOKEN_TTL_MS, clientId: config.credentials.clientId };
    return token;
  }
  if (result.kind === 'rejected') {
    throw new CheckoutError('UPSTREAM_REJECTED', 'The payment service refused our credentials.', {
      upstream_message: result.message,
    });
  }
  throw new CheckoutError('UPSTREAM_UNAVAILABLE', 'The payment service did not issue a token.');
}

/**
 * Makes a bearer-authenticated upstream call, with a cached token; on a 401 the token is
 * re-issued once and the call repeated.
 *
 * @example
 * const result = await withToken(env, config, UPSTREAM_PATHS.balance, balanceResponseSchema);
 */
export async function withToken<S extends z.core.$ZodType>(
  env: ProxyEnv,
  config: Config,
  path: string,
  schema: S,
): Promise<UpstreamResult<z.output<S>>> {
  const scheme = env.SERVICE_AUTH_SCHEME?.trim() || 'Bearer';
  const fresh =
    cached && cached.until > Date.now() && cached.clientId === config.credentials.clientId;
  let token = fresh ? cached!.token : await issueToken(env, config);
  let result = await callUpstream(
    env,
    config,
    path,
    { method: 'GET', headers: { authorization: `${scheme} ${token}` } },
    schema,
  );
  if (result.kind === 'rejected' && result.status === 401) {
    cached = null;
    token = await issueToken(env, config);
    result = await callUpstream(
      env,
      config,
      path,
      { method: 'GET', headers: { authorization: `${scheme} ${token}` } },
      schema,
    );
  }
  return result;
}

/** Forgets the cached token (tests, credential rotation). */
export function forgetToken(): void {
  cached = null;
}
