/**
 * The credentials check: does get-token accept SERVICE_CLIENT_ID and SERVICE_SECRET_KEY?
 * @module
 */
import type { Config } from '../config';
import type { ProxyEnv } from '../env';
import { requestToken } from '../token-cache';
import { check, unreachable, type DoctorCheck } from './report';

/** Asks get-token for a token with the configured client id and secret key. */
export async function credentialsCheck(env: ProxyEnv, config: Config): Promise<DoctorCheck> {
  const result = await requestToken(env, config);
  if (result.kind === 'ok') {
    return check(
      'credentials',
      'pass',
      `get-token issued a token for client_id "${config.credentials.clientId}".`,
    );
  }
  // A success its schema refuses (no token): what answered may not be the payment service.
  if (result.kind === 'unavailable' && result.issues !== undefined) {
    return check(
      'credentials',
      'fail',
      'get-token answered success without a token.',
      'SERVICE_BASE_URL may point at something other than the payment service.',
      'Check SERVICE_BASE_URL against the base address your account manager gave you.',
    );
  }
  if (result.kind === 'rejected') {
    return check(
      'credentials',
      'fail',
      `get-token refused the credentials (HTTP ${result.status}: "${result.message}").`,
      'SERVICE_CLIENT_ID or SERVICE_SECRET_KEY is wrong, or they belong to the other environment (sandbox keys against the live service, or the reverse).',
      'Copy the client id into SERVICE_CLIENT_ID (wrangler.toml) and the secret with `npx wrangler secret put SERVICE_SECRET_KEY`.',
    );
  }
  return unreachable(
    'credentials',
    config,
    result.kind === 'timeout' ? 'no answer in time' : result.reason,
  );
}
