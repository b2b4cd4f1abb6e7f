/**
 * Development mode and the development credentials: `DEV_MODE=1` counts
 * only with every secret from dev.vars.example (worker/dev-credentials.json) and a loopback
 * `PUBLIC_BASE_URL`; outside it, no secret may hold a development credential.
 * @module
 */
import devCredentials from './dev-credentials.json';
import { envVar, isUrl, type Report } from './env-vars';

/**
 * Development mode: `DEV_MODE=1` **and** every secret is dev.vars.example's
 * (worker/dev-credentials.json) **and** `PUBLIC_BASE_URL` is a loopback address. A
 * Worker deployed with real secrets, or on a public host, never mounts `/dev/*` or
 * `/sandbox/*`, whatever its vars say.
 *
 * @example
 * isDevMode({ DEV_MODE: '1', PUBLIC_BASE_URL: 'http://127.0.0.1:8787', ...devSecrets }); // true
 */
export function isDevMode(env: { DEV_MODE?: unknown; PUBLIC_BASE_URL?: unknown }): boolean {
  if (env.DEV_MODE !== '1') return false;
  const devSecrets = Object.entries(devCredentials.secrets).every(
    ([name, value]) => envVar(env, name) === value,
  );
  return devSecrets && isLoopbackUrl(env.PUBLIC_BASE_URL); // a public host is never dev
}

/**
 * True when `url` is an http(s) URL on a loopback host: `localhost` (or `*.localhost`),
 * 127.0.0.0/8 or `[::1]`.
 *
 * @example
 * isLoopbackUrl('http://127.0.0.1:8787'); // true
 */
export function isLoopbackUrl(url: unknown): boolean {
  if (typeof url !== 'string' || !isUrl(url)) return false;
  const host = new URL(url).hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]'
  );
}

/**
 * True when `value` is one of the development credentials (dev.vars.example's secrets), which
 * anyone can read in this repository.
 *
 * @example
 * isDevCredential('dev-merchant-key'); // true
 */
export function isDevCredential(value: unknown): boolean {
  return Object.values(devCredentials.secrets).some((secret) => secret === value);
}

/**
 * Reports each secret (the previous value of a rotating one too, worker/secret-rotation.ts)
 * that holds a development credential; call it outside development mode.
 *
 * @example
 * devCredentialCheck(env, report); // 'SERVICE_SECRET_KEY holds a development credential …'
 */
export function devCredentialCheck(env: object, report: Report): void {
  const names = [
    ...Object.keys(devCredentials.secrets),
    'MERCHANT_API_KEYS',
    'SERVICE_SECRET_KEY_PREVIOUS',
    'MERCHANT_WEBHOOK_SECRET_PREVIOUS',
  ];
  for (const name of names) {
    if (isDevCredential(envVar(env, name))) {
      report(
        `${name} holds a development credential (dev.vars.example), refused outside ` +
          'development mode (DEV_MODE=1, the development secrets and a loopback PUBLIC_BASE_URL)',
      );
    }
  }
}
