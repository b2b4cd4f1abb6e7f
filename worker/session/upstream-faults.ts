/**
 * Upstream faults a session meets (issue #14): an `authorization_url` the payer must not be sent
 * to, and the upstream refusing our own credentials (HTTP 403). Neither is the payer's doing.
 * @module
 */
import type { ProxyEnv } from '../env';

/** What the payer is told when the upstream refuses our credentials (UPSTREAM_AUTH). */
export const UPSTREAM_AUTH_MESSAGE = 'Payments are temporarily unavailable. Try again later.';

/** How long `GET /health` reports the integration as degraded after the last refusal. */
export const DEGRADED_FOR_MS = 15 * 60_000;

/** The name of the Ledger object that holds the integration's health (one tiny object). */
const HEALTH_OBJECT = 'integration-health';

/**
 * Why an upstream `authorization_url` must not be opened by the payer, or null when it may: it
 * must be an absolute `https:` URL without credentials. Plain `http:` passes only in development
 * mode and only on the proxy's own origin (`PUBLIC_BASE_URL`), where the sandbox's pages are
 * served (`/sandbox/*`); `javascript:`, `data:`, `http:` elsewhere and the like never pass.
 *
 * @example
 * redirectUrlProblem('javascript:alert(1)', config); // 'the scheme javascript: is not https:'
 * redirectUrlProblem('https://pay.example/x', config); // null
 */
export function redirectUrlProblem(
  raw: string,
  config: { publicBaseUrl: string; devMode: boolean },
): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not an absolute URL';
  }
  if (url.username !== '' || url.password !== '') return 'the URL carries credentials';
  if (url.protocol === 'https:') return null;
  if (
    url.protocol === 'http:' &&
    config.devMode &&
    url.origin === new URL(config.publicBaseUrl).origin
  ) {
    return null;
  }
  return `the scheme ${url.protocol} is not https:`;
}

/** The Ledger object that holds the integration's health (credential refusals, failing
 * tasks). */
export function healthObject(env: Pick<ProxyEnv, 'LEDGER'>) {
  return env.LEDGER.get(env.LEDGER.idFromName(HEALTH_OBJECT));
}

/** How long an isolate reuses the last refusal time it read: `GET /health` stays a cheap route
 * (the bench's baseline) and asks the object at most once per this interval. */
export const HEALTH_CACHE_MS = 10_000;

/** This isolate's last read of the refusal time (`value`) and when it was read (`at`). */
let cached: { at: number; value: number | null } | null = null;

/** Records (durably) that the upstream refused our credentials at `at`. */
export async function noteUpstreamAuthRefusal(env: ProxyEnv, at = Date.now()): Promise<void> {
  cached = null;
  await healthObject(env).noteUpstreamAuthRefusal(at);
}

/** The integration's health as `GET /health` shows it. */
export interface IntegrationHealth {
  /** `unknown` when the health object could not be read. */
  status: 'ok' | 'degraded' | 'unknown';
  /** When the upstream last refused our credentials (ISO 8601), or null. */
  last_auth_refusal_at: string | null;
}

/**
 * The integration's health: degraded for {@link DEGRADED_FOR_MS} after the upstream last refused
 * our credentials on a collection create (read at most every {@link HEALTH_CACHE_MS} per isolate).
 */
export async function integrationHealth(
  env: ProxyEnv,
  now = Date.now(),
): Promise<IntegrationHealth> {
  if (!cached || now - cached.at >= HEALTH_CACHE_MS) {
    try {
      cached = { at: now, value: await healthObject(env).lastUpstreamAuthRefusal() };
    } catch {
      return { status: 'unknown', last_auth_refusal_at: null };
    }
  }
  const at = cached.value;
  return {
    status: at !== null && now - at < DEGRADED_FOR_MS ? 'degraded' : 'ok',
    last_auth_refusal_at: at === null ? null : new Date(at).toISOString(),
  };
}
