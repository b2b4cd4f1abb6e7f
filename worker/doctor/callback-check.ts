/**
 * The callback URL check: the address the payment service calls back is https and reaches this
 * proxy's hooks.
 * @module
 */
import type { Config } from '../config';
import { probeUrl, type Probe } from './probe';
import { check, type DoctorCheck } from './report';

/** Our hooks refuse an unsigned body with 401 (or 403 behind CALLBACK_SOURCE_IPS, 400). */
const isOurError = (probe: Probe) =>
  probe.status === 401 || probe.status === 403 || probe.status === 400;

/** Checks PUBLIC_BASE_URL is https and its /hooks/collections refuses an unsigned body. */
export async function callbackCheck(config: Config): Promise<DoctorCheck> {
  const url = `${config.publicBaseUrl}/hooks/collections`;
  const https = new URL(config.publicBaseUrl).protocol === 'https:';
  if (!https && !config.devMode) {
    return check(
      'callback_url',
      'fail',
      `PUBLIC_BASE_URL is ${config.publicBaseUrl}.`,
      'The payment service calls back only to a public https address.',
      'Set PUBLIC_BASE_URL to the https origin of this Worker (its workers.dev or custom domain).',
    );
  }
  const probe = await probeUrl(url, '{}', {});
  if (probe.status === null) {
    return check(
      'callback_url',
      'fail',
      `POST ${url} got no answer (${probe.error}).`,
      'PUBLIC_BASE_URL is not this Worker, or its host is not reachable.',
      'Set PUBLIC_BASE_URL to the origin this Worker is served from; `npm run doctor` also probes it from outside.',
    );
  }
  if (isOurError(probe)) {
    return check(
      'callback_url',
      https ? 'pass' : 'warn',
      `POST ${url} with an unsigned body answered HTTP ${probe.status} (refused, as it must).${https ? '' : ' It is http: allowed in development only.'}`,
      https ? undefined : 'http callback URL (development mode).',
      https ? undefined : 'Use an https PUBLIC_BASE_URL in production.',
    );
  }
  return check(
    'callback_url',
    'fail',
    `POST ${url} answered HTTP ${probe.status}, not this proxy's refusal of an unsigned callback.`,
    'PUBLIC_BASE_URL points at another site, or a route in front of the Worker does not pass /hooks/* to it.',
    'Point PUBLIC_BASE_URL at this Worker and make sure /hooks/* reaches it (run_worker_first, routes).',
  );
}
