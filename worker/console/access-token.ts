/**
 * Verification of the Cloudflare Access token (`Cf-Access-Jwt-Assertion`) with jose: RS256
 * only, signed by one of the team's keys at
 * `https://<team>.cloudflareaccess.com/cdn-cgi/access/certs`, issued by the team, for the
 * console's application (`aud`), within its `nbf`–`exp`. The key set is fetched once per isolate
 * and team, kept 10 minutes, and fetched again when a token names a `kid` it lacks (at most every
 * 30 seconds: jose's cooldown). The `Cf-Access-Authenticated-User-Email` header is never read.
 * @module
 */
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { ConsoleSettings } from './settings';

/** The header Access adds to every request it lets through. */
export const ACCESS_TOKEN_HEADER = 'cf-access-jwt-assertion';

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** The team's signing keys' URL. */
export function certsUrl(team: string): URL {
  return new URL(`https://${team}.cloudflareaccess.com/cdn-cgi/access/certs`);
}

function keySetOf(team: string) {
  let keys = keySets.get(team);
  if (!keys) {
    keys = createRemoteJWKSet(certsUrl(team));
    keySets.set(team, keys);
  }
  return keys;
}

/**
 * The email of a valid Access token for the console, or null (no token, a bad signature, an
 * unknown key, another audience or issuer, expired or not yet valid, no email).
 *
 * @example
 * const email = await accessEmail(c.req.header(ACCESS_TOKEN_HEADER), settings);
 */
export async function accessEmail(
  token: string | undefined,
  settings: ConsoleSettings,
): Promise<string | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, keySetOf(settings.team), {
      algorithms: ['RS256'],
      audience: settings.aud,
      issuer: `https://${settings.team}.cloudflareaccess.com`,
      requiredClaims: ['exp'],
    });
    return typeof payload.email === 'string' && payload.email !== '' ? payload.email : null;
  } catch {
    return null;
  }
}
