/**
 * The doctor: checks a deployment against the payment service it is configured for, before it
 * goes live (docs/doctor.md). Used by `GET /v1/diagnostics` (worker/routes/diagnostics.ts) and,
 * through that route, by `npm run doctor` (scripts/doctor.mjs). Each check (one module each in
 * this folder) says what it found and, when it fails, the most likely cause and the fix.
 * Nothing here logs or returns a secret.
 * @module
 */
import { loadConfig, type Config } from '../config';
import type { ProxyEnv } from '../env';
import { callbackCheck } from './callback-check';
import { consoleCheck } from './console-check';
import { credentialsCheck } from './credentials-check';
import { integrationHealth } from '../session/upstream-faults';
import { check, type DoctorCheck, type DoctorReport } from './report';
import { rotationCheck } from './rotation-check';
import { rotationDates } from './rotation-dates';
import { signatureAlertCheck } from './signature-alert-check';
import { signatureCheck } from './signature-check';
import { webhookCheck } from './webhook-check';

export type { DoctorCheck, DoctorReport } from './report';

/**
 * Runs every check in order; a check that cannot run (its prerequisite failed) is `skip`.
 *
 * @example
 * const report = await runDoctor(c.env);
 * return c.json(report, report.ok ? 200 : 503);
 */
export async function runDoctor(env: ProxyEnv): Promise<DoctorReport> {
  const checked_at = new Date().toISOString();
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    const skipped = (
      [
        'credentials',
        'signature',
        'callback_url',
        'merchant_webhook',
        'secret_rotation',
        'callback_signatures',
        'console',
      ] as const
    ).map((id) => check(id, 'skip', 'Not run: the configuration does not validate.'));
    // Only the settings to fix: no upstream URL (nor anything else the settings point at).
    return {
      ok: false,
      mode: env.DEV_MODE === '1' ? 'development' : 'production',
      checked_at,
      checks: [
        check(
          'config',
          'fail',
          (error as Error).message,
          'A var or secret is missing or malformed.',
          'Set what the message names (vars in wrangler.toml, secrets with `npx wrangler secret put NAME`).',
        ),
        ...skipped,
      ],
    };
  }
  const mode = config.devMode ? 'development' : 'production';
  const checks: DoctorCheck[] = [
    check(
      'config',
      'pass',
      `Every var and secret validates (${mode} mode, upstream ${config.serviceBaseUrl}${env.UPSTREAM ? ' through the UPSTREAM binding' : ''}).`,
    ),
  ];
  const credentials = await credentialsCheck(env, config);
  checks.push(credentials);
  checks.push(await signatureCheck(env, config, credentials.status === 'pass'));
  checks.push(await callbackCheck(config));
  checks.push(await webhookCheck(config));
  // Warnings, not failures: an open overlap, and a recent run of refused callback signatures.
  checks.push(rotationCheck(config));
  const integration = await integrationHealth(env);
  checks.push(signatureAlertCheck(config, integration));
  checks.push(consoleCheck(env));
  return {
    ok: checks.every((c) => c.status === 'pass' || c.status === 'warn'),
    mode,
    upstream: config.serviceBaseUrl,
    checked_at,
    integration,
    checks,
    rotation: rotationDates(config),
  };
}
