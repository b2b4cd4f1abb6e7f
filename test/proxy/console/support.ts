// Helpers of the console suites: requests to /console/api/v1 as a console user (the development
// identity of /console/dev-login, or a Cloudflare Access token), and the Access team's key set
// served to the proxy's own fetch of https://<team>.cloudflareaccess.com/cdn-cgi/access/certs.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { vi } from 'vitest';
import type { ConsoleRole } from '../../../worker/keys/route-scopes';
import type { ProxyEnv } from '../../../worker/env';
import worker from '../../../worker/index';
import { BASE, seenBodies } from '../helpers';

/** A request to the console API as a development user of `role` (dev mode, loopback Host). */
export async function asRole(
  role: ConsoleRole,
  path: string,
  init: RequestInit & { csrf?: boolean } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('cookie', `uc_console_dev=${role}`);
  const write = init.method !== undefined && init.method !== 'GET';
  if (write && init.csrf !== false) {
    headers.set('origin', BASE);
    headers.set('x-console', '1');
  }
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const response = await exports.default.fetch(
    new Request(`${BASE}/console/api/v1${path}`, { ...init, headers }),
  );
  seenBodies.push(await response.clone().text());
  return response;
}

/** The error code of an answer (or null). */
export async function codeOf(response: Response): Promise<string | null> {
  const body = (await response.clone().json()) as { error?: { code?: string } };
  return body.error?.code ?? null;
}

/** An Access team's signing key. */
export interface TeamKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

/** A new RS256 key named `kid`. */
export async function teamKey(kid: string): Promise<TeamKey> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  return {
    kid,
    privateKey,
    jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
  };
}

/**
 * Serves `keys()` as the key set of `team` to the Worker's fetch (the Worker and the test share
 * this isolate): the production path, createRemoteJWKSet on the team's certs URL, is unchanged.
 * Answers how many times the set was fetched.
 */
export function serveTeamKeys(team: string, keys: () => TeamKey[]): { fetches: () => number } {
  const original = globalThis.fetch;
  const certs = `https://${team}.cloudflareaccess.com/cdn-cgi/access/certs`;
  let fetches = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url !== certs) return original(input, init);
    fetches++;
    return Promise.resolve(Response.json({ keys: keys().map((k) => k.jwk) }));
  });
  return { fetches: () => fetches };
}

/** Claims of an Access token; `exp` and `nbf` in seconds. */
export interface AccessClaims {
  email?: string;
  aud?: string;
  iss?: string;
  exp?: number;
  nbf?: number;
}

/** An Access token signed by `key` (RS256, its kid). */
export function accessToken(key: TeamKey, claims: AccessClaims): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const { email, aud, iss, exp = now + 600, nbf = now - 60 } = claims;
  const jwt = new SignJWT(email === undefined ? {} : { email })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuedAt(now - 60)
    .setNotBefore(nbf)
    .setExpirationTime(exp);
  if (aud) jwt.setAudience(aud);
  if (iss) jwt.setIssuer(iss);
  return jwt.sign(key.privateKey);
}

/** A GET of `path` through the production entry with `settings` and the token (if any). */
export async function throughAccess(
  settings: Partial<ProxyEnv>,
  path: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch!(
    new Request(`${BASE}${path}`, { headers }) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...settings } as ProxyEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  seenBodies.push(await response.clone().text());
  return response;
}
