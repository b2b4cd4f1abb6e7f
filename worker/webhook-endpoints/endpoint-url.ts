/**
 * The address rule of a webhook endpoint: an absolute http(s) URL without credentials, https
 * outside development (`DEV_MODE=1` with the development secrets, worker/config.ts isDevMode).
 * @module
 */

/** Longest endpoint URL accepted. */
export const ENDPOINT_URL_MAX = 2048;

/**
 * Why `url` cannot be a webhook endpoint, or null when it can.
 *
 * @example
 * endpointUrlProblem('http://shop.example/hooks', false); // 'must be https (…)'
 */
export function endpointUrlProblem(url: string, devMode: boolean): string | null {
  if (url.length > ENDPOINT_URL_MAX) return `must be at most ${ENDPOINT_URL_MAX} characters`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute URL, e.g. https://shop.example/webhooks';
  }
  if (parsed.protocol !== 'https:' && !(devMode && parsed.protocol === 'http:')) {
    return devMode
      ? 'must be an http or https URL'
      : 'must be https (a webhook carries payers’ data; http is accepted in development only)';
  }
  if (parsed.username || parsed.password) return 'must not carry a user name or password';
  if (parsed.hash) return 'must not have a #fragment';
  return null;
}
