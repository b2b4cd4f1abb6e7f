/**
 * Rotation with overlap of the two secrets the proxy shares with others (docs/rotation.md):
 * `SERVICE_SECRET_KEY` (the upstream's; callbacks are signed with it) and
 * `MERCHANT_WEBHOOK_SECRET` (the merchant's; we sign webhooks with it). Each may have a previous
 * value, `<NAME>_PREVIOUS`, with the end of the overlap, `<NAME>_PREVIOUS_UNTIL` (ISO 8601).
 * Until then a callback verifies under either upstream secret and a webhook carries a signature
 * by each webhook secret; requests we send are signed with the current secret only. After the
 * end the previous value is ignored (the doctor says to delete it).
 * @module
 */
import { envVar, type Report } from './env-vars';
import { webhookSecretProblem } from './webhook-secret';

/** The longest overlap accepted: an old secret must not stay valid for long. */
export const MAX_OVERLAP_DAYS = 30;

/** The two secrets that may rotate with an overlap. */
export const ROTATING_SECRETS = ['SERVICE_SECRET_KEY', 'MERCHANT_WEBHOOK_SECRET'] as const;

/** One of {@link ROTATING_SECRETS}. */
export type RotatingSecret = (typeof ROTATING_SECRETS)[number];

/** A previous secret and the end of its overlap. */
export interface PreviousSecret {
  secret: string;
  /** End of the overlap, ms since the epoch: the previous secret counts while `now < untilMs`. */
  untilMs: number;
}

/** The previous secret of each rotating secret, or null when none is set. */
export type SecretRotation = Readonly<Record<RotatingSecret, PreviousSecret | null>>;

/** The optional settings of a rotation (secrets or vars; `wrangler secret bulk` sets them all). */
export interface RotationSettings {
  SERVICE_SECRET_KEY_PREVIOUS?: string;
  SERVICE_SECRET_KEY_PREVIOUS_UNTIL?: string;
  MERCHANT_WEBHOOK_SECRET_PREVIOUS?: string;
  MERCHANT_WEBHOOK_SECRET_PREVIOUS_UNTIL?: string;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Reads `<NAME>_PREVIOUS` and `<NAME>_PREVIOUS_UNTIL` of both rotating secrets. A previous
 * secret needs an end (an ISO 8601 instant with its offset, at most {@link MAX_OVERLAP_DAYS}
 * days from now); a previous webhook secret is checked as the current one is. Each problem is
 * reported, and its previous secret ignored.
 *
 * @example
 * const rotation = readRotation(env, report);
 */
export function readRotation(env: object, report: Report, now = Date.now()): SecretRotation {
  const read = (name: RotatingSecret): PreviousSecret | null => {
    const secret = envVar(env, `${name}_PREVIOUS`);
    const until = envVar(env, `${name}_PREVIOUS_UNTIL`);
    if (secret === undefined || secret === '') return null;
    if (typeof secret !== 'string') {
      report(`${name}_PREVIOUS must be text`);
      return null;
    }
    if (secret === envVar(env, name)) {
      report(`${name}_PREVIOUS is the same as ${name}: set the new value as ${name}`);
      return null;
    }
    if (name === 'MERCHANT_WEBHOOK_SECRET') {
      const problem = webhookSecretProblem(secret);
      if (problem) {
        report(problem.replace('MERCHANT_WEBHOOK_SECRET', `${name}_PREVIOUS`));
        return null;
      }
    }
    const untilMs = typeof until === 'string' && ISO_INSTANT.test(until) ? Date.parse(until) : NaN;
    if (!Number.isFinite(untilMs)) {
      report(
        `${name}_PREVIOUS_UNTIL must be the end of the overlap as an ISO 8601 instant ` +
          `(e.g. 2026-12-01T00:00:00Z) when ${name}_PREVIOUS is set`,
      );
      return null;
    }
    if (untilMs > now + MAX_OVERLAP_DAYS * 86_400_000) {
      report(
        `${name}_PREVIOUS_UNTIL is more than ${MAX_OVERLAP_DAYS} days away: an old secret must not stay valid for long`,
      );
      return null;
    }
    return { secret, untilMs };
  };
  return {
    SERVICE_SECRET_KEY: read('SERVICE_SECRET_KEY'),
    MERCHANT_WEBHOOK_SECRET: read('MERCHANT_WEBHOOK_SECRET'),
  };
}

/** The previous secret while its overlap lasts, else null. */
export function activePrevious(previous: PreviousSecret | null, now = Date.now()): string | null {
  return previous !== null && now < previous.untilMs ? previous.secret : null;
}

/**
 * The secrets a callback may be signed with, current first: the previous upstream secret only
 * during its overlap.
 *
 * @example
 * for (const secret of callbackSecrets(config)) if (await verify(envelope, secret, scheme)) …
 */
export function callbackSecrets(
  config: { credentials: { secretKey: string }; rotation: SecretRotation },
  now = Date.now(),
): string[] {
  const previous = activePrevious(config.rotation.SERVICE_SECRET_KEY, now);
  return previous === null
    ? [config.credentials.secretKey]
    : [config.credentials.secretKey, previous];
}

/**
 * The secrets that sign a merchant webhook, current first: during an overlap both, so the
 * merchant's backend verifies with whichever secret it holds (Standard Webhooks accepts a
 * header with several signatures).
 *
 * @example
 * outbox.deliver(id, config.merchantWebhookUrl, webhookSecrets(env, config));
 */
export function webhookSecrets(
  env: { MERCHANT_WEBHOOK_SECRET: string },
  config: { rotation: SecretRotation },
  now = Date.now(),
): string[] {
  const previous = activePrevious(config.rotation.MERCHANT_WEBHOOK_SECRET, now);
  return previous === null
    ? [env.MERCHANT_WEBHOOK_SECRET]
    : [env.MERCHANT_WEBHOOK_SECRET, previous];
}
