/**
 * Plain http outside development mode (issue #24, part 8): `SERVICE_BASE_URL` carries
 * get-token's `secret_key` and `MERCHANT_WEBHOOK_URL` carries signed, personal webhooks, so
 * both must be https; only development mode (the local sandbox and dev inbox) may use http.
 * `PUBLIC_BASE_URL` has the same rule in worker/config.ts (issue #14).
 * @module
 */
import type { ProxyEnv } from './env';

/** The URLs that must be https outside development mode (besides PUBLIC_BASE_URL). */
export const HTTPS_ONLY_URLS = ['SERVICE_BASE_URL', 'MERCHANT_WEBHOOK_URL'] as const;

/**
 * One sentence per URL setting that is plain http outside development mode.
 *
 * @example
 * plainHttpProblems({ SERVICE_BASE_URL: 'http://api.example', … }, false);
 * // ['SERVICE_BASE_URL must be an https:// URL (…)']
 */
export function plainHttpProblems(env: ProxyEnv, devMode: boolean): string[] {
  if (devMode) return [];
  const why: Record<(typeof HTTPS_ONLY_URLS)[number], string> = {
    SERVICE_BASE_URL: 'get-token sends SERVICE_SECRET_KEY to it',
    MERCHANT_WEBHOOK_URL: 'webhooks carry payers’ data and their signatures',
  };
  const problems: string[] = [];
  for (const name of HTTPS_ONLY_URLS) {
    const value = env[name];
    let protocol: string;
    try {
      protocol = new URL(String(value)).protocol;
    } catch {
      continue; // unset or not a URL: reported by loadConfig already
    }
    if (protocol === 'http:') {
      problems.push(
        `${name} must be an https:// URL (${why[name]}); http is allowed only in development mode`,
      );
    }
  }
  return problems;
}
