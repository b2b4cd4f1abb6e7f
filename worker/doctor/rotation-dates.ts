/**
 * The dates of a rotation, for a page to show (the console's Health): when each rotating
 * secret's overlap ends (`<NAME>_PREVIOUS_UNTIL`) and when each merchant API key expires. Names,
 * key ids and dates only: never a secret's or a key's value.
 * @module
 */
import type { Config } from '../config';
import { ROTATING_SECRETS, type RotatingSecret } from '../secret-rotation';

/** The rotation dates of a deployment. */
export interface RotationDates {
  /** Each rotating secret; `previous_until` null when no previous value is set. */
  secrets: { name: RotatingSecret; previous_until: string | null }[];
  /** Each merchant API key by its id; `expires_at` null when it does not expire. */
  keys: { id: string; scope: string; expires_at: string | null }[];
}

/**
 * The rotation dates of `config`.
 *
 * @example
 * rotationDates(config).secrets[0]; // { name: 'SERVICE_SECRET_KEY', previous_until: null }
 */
export function rotationDates(config: Config): RotationDates {
  const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
  return {
    secrets: ROTATING_SECRETS.map((name) => ({
      name,
      previous_until: iso(config.rotation[name]?.untilMs),
    })),
    keys: config.merchantKeys.map((key) => ({
      id: key.id,
      scope: key.scope,
      expires_at: iso(key.expiresAt),
    })),
  };
}
