/**
 * The callback signatures check: has a run of refused callback signatures
 * been seen lately (worker/callback-alert.ts)? If so the upstream key may have rotated, unless
 * no refusal carried a plausible signature: then they were unsigned probes.
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
    if (health.last_signature_failures_kind === 'unsigned_probes') {
      return check(
        'callback_signatures',
        'warn',
        `A run of refused callbacks (${run}) was last seen at ${at}; none carried a plausible signature.`,
        'Unsigned probes: someone is posting to /hooks/* without a signature. The upstream key has not rotated.',
        'Do not rotate for this. To refuse other senders before their body is read, list the payment service’s addresses in CALLBACK_SOURCE_IPS.',
      );
    }
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
