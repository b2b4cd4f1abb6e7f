/**
 * A run of callback signature failures: `SIGNATURE_ALERT_FAILURES` refused
 * signatures (default 5) within `SIGNATURE_ALERT_MINUTES` (default 10) log one warning and turn
 * `GET /health` and `GET /v1/diagnostics` to degraded, with the likely cause: the upstream key
 * may have rotated (docs/rotation.md), or, when no refusal carried a plausible signature,
 * unsigned probes. Only refusals that could be the upstream's count: an envelope for our
 * `client_id` with a signature, from an address of `CALLBACK_SOURCE_IPS` when that is set, and
 * at most one per address (IPv6 by /64) a minute, so one sender cannot make a run.
 *
 * The count lives in the IntegrationHealth object beside the auth-refusal mark
 * (worker/session/upstream-faults.ts): one object serialises the failures of every isolate, so
 * none is lost between a read and a write, which a D1 row read and rewritten by each isolate
 * could not promise without a transaction per failure.
 * @module
 */
import type { ProxyEnv } from './env';
import { numberSetting } from './env-vars';
import { isPlausibleSignature } from '../shared/signing';
import { addressBucket } from './middleware/address-bucket';
import { logLine } from './middleware/request-log';
import type { RunKind } from './integration-health/signature-run';
import { healthObject } from './integration-health/health-object';
import { forgetHealthCache } from './session/upstream-faults';

/** How many refused signatures in how long make a run. */
export interface SignatureAlert {
  failures: number;
  windowMs: number;
}

/** The defaults: 5 refused signatures within 10 minutes. */
export const DEFAULT_SIGNATURE_ALERT = { failures: 5, minutes: 10 } as const;

/** `SIGNATURE_ALERT_FAILURES`: a whole number ≥ 1. */
export const alertFailuresSetting = numberSetting(
  'SIGNATURE_ALERT_FAILURES',
  DEFAULT_SIGNATURE_ALERT.failures,
  { positive: true, whole: true },
);

/** `SIGNATURE_ALERT_MINUTES`: greater than 0. */
export const alertMinutesSetting = numberSetting(
  'SIGNATURE_ALERT_MINUTES',
  DEFAULT_SIGNATURE_ALERT.minutes,
  { positive: true },
);

/** What the alert needs to know about the deployment. */
export interface AlertSettings {
  alert: SignatureAlert;
  /** Our `SERVICE_CLIENT_ID`: another integration's envelope does not count. */
  clientId: string;
  /** `CALLBACK_SOURCE_IPS` (lowercase); empty: any address. */
  sourceIps: ReadonlySet<string>;
}

/** A callback refused for its signature: the envelope as it came, and its sender's address. */
export interface RefusedCallback {
  envelope: Record<string, unknown>;
  /** `CF-Connecting-IP`, or '' when the request has none (local development, tests). */
  address: string;
}

/** The likely cause each kind of run is logged with. */
const LIKELY_CAUSE: Record<RunKind, string> = {
  signatures: 'the upstream key may have rotated',
  unsigned_probes: 'unsigned probes: no refusal carried a plausible signature',
};

/**
 * Counts one refused callback signature when it could be the upstream's (see the module). The
 * refusal that completes a run logs one `callback_signatures_failing` warning with its likely
 * cause; further refusals of the same run (within the degraded period of the last one) log
 * nothing more. Never throws: a callback is refused either way.
 */
export async function noteCallbackSignatureFailure(
  env: ProxyEnv,
  settings: AlertSettings,
  refused: RefusedCallback,
  at = Date.now(),
): Promise<void> {
  const { envelope } = refused;
  if (typeof envelope.signature !== 'string' || envelope.client_id !== settings.clientId) return;
  const address = refused.address.trim().toLowerCase();
  if (settings.sourceIps.size > 0 && !settings.sourceIps.has(address)) return;
  const { alert } = settings;
  try {
    const { warn } = await healthObject(env).noteSignatureFailure(
      { at, address: addressBucket(address), plausible: isPlausibleSignature(envelope.signature) },
      alert.failures,
      alert.windowMs,
    );
    if (warn === null) return;
    forgetHealthCache();
    logLine('warn', 'callback_signatures_failing', {
      failures: alert.failures,
      window_minutes: alert.windowMs / 60_000,
      likely_cause: LIKELY_CAUSE[warn],
    });
  } catch {
    // The health object could not be reached: the callback is refused all the same.
  }
}
