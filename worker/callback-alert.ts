/**
 * A run of callback signature failures (issue #24, part 8): `SIGNATURE_ALERT_FAILURES` refused
 * signatures (default 5) within `SIGNATURE_ALERT_MINUTES` (default 10) log one warning and turn
 * `GET /health` and `GET /v1/diagnostics` to degraded, with the likely cause: the upstream key
 * may have rotated (docs/rotation.md).
 *
 * The count lives in the `integration-health` Ledger object beside the auth-refusal mark
 * (worker/session/upstream-faults.ts): one object serialises the failures of every isolate, so
 * none is lost between a read and a write, which a D1 row read and rewritten by each isolate
 * could not promise without a transaction per failure.
 * @module
 */
import type { ProxyEnv } from './env';
import { numberVar } from './env-vars';
import { logLine } from './middleware/request-log';
import { forgetHealthCache, healthObject } from './session/upstream-faults';

/** How many refused signatures in how long make a run. */
export interface SignatureAlert {
  failures: number;
  windowMs: number;
}

/** The defaults: 5 refused signatures within 10 minutes. */
export const DEFAULT_SIGNATURE_ALERT = { failures: 5, minutes: 10 } as const;

/**
 * Reads `SIGNATURE_ALERT_FAILURES` (a whole number ≥ 1) and `SIGNATURE_ALERT_MINUTES` (> 0).
 *
 * @example
 * const { alert, problems } = parseSignatureAlert(env);
 */
export function parseSignatureAlert(env: ProxyEnv): {
  alert: SignatureAlert;
  problems: string[];
} {
  const problems: string[] = [];
  const failures = numberVar(
    env,
    'SIGNATURE_ALERT_FAILURES',
    DEFAULT_SIGNATURE_ALERT.failures,
    problems,
    { positive: true, whole: true },
  );
  const minutes = numberVar(
    env,
    'SIGNATURE_ALERT_MINUTES',
    DEFAULT_SIGNATURE_ALERT.minutes,
    problems,
    { positive: true },
  );
  return { alert: { failures, windowMs: Math.round(minutes * 60_000) }, problems };
}

/**
 * Counts one refused callback signature. The failure that completes a run logs one
 * `callback_signatures_failing` warning; further failures of the same run (within the degraded
 * period of the last one) log nothing more. Never throws: a callback is refused either way.
 */
export async function noteCallbackSignatureFailure(
  env: ProxyEnv,
  alert: SignatureAlert,
  at = Date.now(),
): Promise<void> {
  try {
    const { warn } = await healthObject(env).noteSignatureFailure(
      at,
      alert.failures,
      alert.windowMs,
    );
    if (warn) forgetHealthCache();
    if (warn) {
      logLine('warn', 'callback_signatures_failing', {
        failures: alert.failures,
        window_minutes: alert.windowMs / 60_000,
        likely_cause: 'the upstream key may have rotated',
      });
    }
  } catch {
    // The health object could not be reached: the callback is refused all the same.
  }
}
