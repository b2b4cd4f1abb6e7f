/**
 * Plain http outside development mode: `PUBLIC_BASE_URL` receives the payment service's
 * callbacks, `SERVICE_BASE_URL` carries get-token's `secret_key` and `MERCHANT_WEBHOOK_URL`
 * carries signed, personal webhooks, so all three must be https; only development mode (the
 * local sandbox and dev inbox) may use http.
 * @module
 */
import { isUrl, type Report } from './env-vars';

/** The URLs that must be https outside development mode, and why. */
const WHY_HTTPS = {
  PUBLIC_BASE_URL: 'the payment service calls back to it',
  SERVICE_BASE_URL: 'get-token sends SERVICE_SECRET_KEY to it',
  MERCHANT_WEBHOOK_URL: 'webhooks carry payers’ data and their signatures',
} as const;

/** The URL settings that must be https outside development mode. */
export type HttpsOnlyUrl = keyof typeof WHY_HTTPS;

/** The URLs that must be https outside development mode, in the order they are reported. */
export const HTTPS_ONLY_URLS = Object.keys(WHY_HTTPS) as HttpsOnlyUrl[];

/**
 * Reports each URL setting that is plain http outside development mode (an unset or
 * unparsable one is its URL setting's problem).
 *
 * @example
 * plainHttpCheck({ SERVICE_BASE_URL: 'http://api.example', … }, false, report);
 * // 'SERVICE_BASE_URL must be an https:// URL (…)'
 */
export function plainHttpCheck(
  urls: Readonly<Record<HttpsOnlyUrl, string>>,
  devMode: boolean,
  report: Report,
): void {
  if (devMode) return;
  for (const name of HTTPS_ONLY_URLS) {
    if (isUrl(urls[name]) && new URL(urls[name]).protocol === 'http:') {
      report(
        `${name} must be an https:// URL (${WHY_HTTPS[name]}); http is allowed only in development mode`,
      );
    }
  }
}
