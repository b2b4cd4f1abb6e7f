/**
 * Upstream faults a session meets: an `authorization_url` the payer must not be sent
 * to, and the upstream refusing our own credentials (HTTP 403). Neither is the payer's doing.
 * @module
 */
import type { ProxyEnv } from '../env';
import { healthObject } from '../integration-health/health-object';
import type { RunKind } from '../integration-health/signature-run';

/** What the payer is told when the upstream refuses our credentials (UPSTREAM_AUTH). */
export const UPSTREAM_AUTH_MESSAGE = 'Payments are temporarily unavailable. Try again later.';

/** How long `GET /health` reports the integration as degraded after the last refusal. */
export const DEGRADED_FOR_MS = 15 * 60_000;

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

/** The likely cause of a run of refused callback signatures (worker/callback-alert.ts). */
export const SIGNATURE_RUN_CAUSE =
  'Callbacks are failing signature checks: the upstream key may have rotated ' +
  '(set the new key as SERVICE_SECRET_KEY and the old one as SERVICE_SECRET_KEY_PREVIOUS, ' +
  'see docs/rotation.md), or someone is posting forged callbacks.';

/** The cause of a run whose refusals carried no plausible signature: nothing to rotate. */
export const PROBE_RUN_CAUSE =
  'Unsigned probes: callbacks without a plausible signature were refused from several ' +
  'addresses. The upstream key has not rotated (its callbacks carry a signature); do not ' +
  'rotate for this. CALLBACK_SOURCE_IPS limits who may post to /hooks/*.';

/** How long an isolate reuses the last refusal time it read: `GET /health` stays a cheap route
 * (the bench's baseline) and asks the object at most once per this interval. */
export const HEALTH_CACHE_MS = 10_000;

/** This isolate's last read of the health marks (`value`) and when it was read (`at`). */
let cached: { at: number; value: HealthMarks } | null = null;

/** When the upstream last refused our credentials, and when a run of refused callback
 * signatures was last seen and what it was made of (worker/callback-alert.ts); ms since the
 * epoch or null. */
interface HealthMarks {
  authRefusal: number | null;
  signatureRun: { at: number; kind: RunKind } | null;
}

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
  /** When a run of refused callback signatures was last seen (ISO 8601), or null. */
  last_signature_failures_at: string | null;
  /** What that run was made of: refused `signatures` (the key may have rotated), or
   * `unsigned_probes` (no refusal carried a plausible signature); null without a run. */
  last_signature_failures_kind: RunKind | null;
  /** While degraded: the likely cause, in one or two sentences. */
  cause?: string;
}

const recent = (at: number | null, now: number) => at !== null && now - at < DEGRADED_FOR_MS;
const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

/**
 * The integration's health: degraded for {@link DEGRADED_FOR_MS} after the upstream last refused
 * our credentials on a collection create, or after a run of refused callback signatures (read at
 * most every {@link HEALTH_CACHE_MS} per isolate).
 */
export async function integrationHealth(
  env: ProxyEnv,
  now = Date.now(),
): Promise<IntegrationHealth> {
  if (!cached || now - cached.at >= HEALTH_CACHE_MS) {
    try {
      const object = healthObject(env);
      const [authRefusal, signatureRun] = await Promise.all([
        object.lastUpstreamAuthRefusal(),
        object.lastSignatureRun(),
      ]);
      cached = { at: now, value: { authRefusal, signatureRun } };
    } catch {
      return {
        status: 'unknown',
        last_auth_refusal_at: null,
        last_signature_failures_at: null,
        last_signature_failures_kind: null,
      };
    }
  }
  const { authRefusal, signatureRun } = cached.value;
  const causes = [
    ...(recent(authRefusal, now)
      ? [
          'The payment service refused our credentials (SERVICE_SECRET_KEY, client id, sender or IP whitelist).',
        ]
      : []),
    ...(recent(signatureRun?.at ?? null, now)
      ? [signatureRun!.kind === 'unsigned_probes' ? PROBE_RUN_CAUSE : SIGNATURE_RUN_CAUSE]
      : []),
  ];
  return {
    status: causes.length > 0 ? 'degraded' : 'ok',
    last_auth_refusal_at: iso(authRefusal),
    last_signature_failures_at: iso(signatureRun?.at ?? null),
    last_signature_failures_kind: signatureRun?.kind ?? null,
    ...(causes.length > 0 ? { cause: causes.join(' ') } : {}),
  };
}

/** Forgets this isolate's cached read (tests, and a note of a new mark in this isolate). */
export function forgetHealthCache(): void {
  cached = null;
}
