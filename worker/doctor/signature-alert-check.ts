/**
 * The callback signatures check (issue #24, part 8): has a run of refused callback signatures
 * been seen lately (worker/callback-alert.ts)? If so the upstream key may have rotated.
 * @module
 */
import { DEGRADED_FOR_MS, type IntegrationHealth } from '../session/upstream-faults';
import type { Config } from '../config';
import { check, type DoctorCheck } from './report';

/** Warns while /health is degraded by a run of refused callback signatures. */
export function signatureAlertCheck(
  config: Config,
  health: IntegrationHealth,
  now = Date.now(),
): DoctorCheck {
  const { failures, windowMs } = config.signatureAlert;
  const run = `${failures} refused callback signatures within ${windowMs / 60_000} minutes`;
  const at = health.last_signature_failures_at;
  if (at !== null && now - Date.parse(at) < DEGRADED_FOR_MS) {
    return check(
      'callback_signatures',
      'warn',
      `A run of refused callback signatures (${run}) was last seen at ${at}: the integration is degraded.`,
      'The upstream key may have rotated (or someone is posting forged callbacks).',
      'Get the new key from the payment service; set it as SERVICE_SECRET_KEY and the old one as SERVICE_SECRET_KEY_PREVIOUS with SERVICE_SECRET_KEY_PREVIOUS_UNTIL (docs/rotation.md).',
    );
  }
  return check(
    'callback_signatures',
    'pass',
    at === null
      ? `No run of refused callback signatures (${run}) seen.`
      : `No run of refused callback signatures lately (the last ended around ${at}).`,
  );
}
