/**
 * The doctor's report and the shape of one check: what it found and, when it did not pass, the
 * most likely cause and the fix (docs/doctor.md, "The checks").
 * @module
 */
import type { Config } from '../config';
import type { IntegrationHealth } from '../session/upstream-faults';
import type { RotationDates } from './rotation-dates';

/** The outcome of one check. */
export interface DoctorCheck {
  id:
    | 'config'
    | 'credentials'
    | 'signature'
    | 'callback_url'
    | 'merchant_webhook'
    | 'secret_rotation'
    | 'callback_signatures'
    | 'console';
  title: string;
  status: 'pass' | 'warn' | 'fail' | 'skip';
  /** What the check saw, in one or two sentences. */
  found: string;
  /** When not passed: the most likely cause. */
  cause?: string;
  /** When not passed: what to do. */
  fix?: string;
}

/** The doctor's report. */
export interface DoctorReport {
  ok: boolean;
  mode: 'development' | 'production';
  /** The payment service's base URL; absent while the configuration does not validate. */
  upstream?: string;
  checked_at: string;
  /** The integration's health, as `GET /health` shows it (degraded by a run of
   * refused callback signatures, or by the upstream refusing our credentials). */
  integration?: IntegrationHealth;
  checks: DoctorCheck[];
  /** When each overlap ends and each key expires (names and dates only); absent while the
   * configuration does not validate. */
  rotation?: RotationDates;
}

const TITLES: Record<DoctorCheck['id'], string> = {
  config: 'Configuration validates',
  credentials: 'get-token accepts SERVICE_CLIENT_ID and SERVICE_SECRET_KEY',
  signature: 'A signed status query is verified (signature scheme, sender, IP whitelist)',
  callback_url: 'PUBLIC_BASE_URL is https and /hooks/collections answers',
  merchant_webhook: 'MERCHANT_WEBHOOK_URL answers',
  secret_rotation: 'Secret rotation: overlaps and when they end',
  callback_signatures: 'Callback signatures verify (no run of refusals)',
  console: 'The console is behind Cloudflare Access',
};

/** One check's outcome, titled by its id; `cause` and `fix` only when given. */
export const check = (
  id: DoctorCheck['id'],
  status: DoctorCheck['status'],
  found: string,
  cause?: string,
  fix?: string,
): DoctorCheck => ({
  id,
  title: TITLES[id],
  status,
  found,
  ...(cause ? { cause } : {}),
  ...(fix ? { fix } : {}),
});

/** The failed check of a payment service that did not answer usefully. */
export function unreachable(id: DoctorCheck['id'], config: Config, what: string): DoctorCheck {
  return check(
    id,
    'fail',
    `The payment service at ${config.serviceBaseUrl} did not answer usefully (${what}).`,
    'SERVICE_BASE_URL is wrong, or the service is down.',
    'Check SERVICE_BASE_URL (https, no path) and retry; the service status page may help.',
  );
}
