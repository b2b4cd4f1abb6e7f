/**
 * The address rule of a webhook endpoint (docs/webhooks.md, "Endpoint addresses"). Outside
 * development (`DEV_MODE=1` with the development secrets, worker/config.ts isDevMode): https, a
 * DNS name (no IP literal), port 443 or one of `WEBHOOK_ALLOWED_PORTS`, and no local or
 * internal name. Development keeps http and loopback for local backends. In every mode: an
 * absolute URL without credentials or fragment, never a link-local address (cloud metadata).
 * The deliveries log shows each try's status and timing, so an address the rule lets through
 * must not reach into the deployment's own network.
 * @module
 */
import { isIpLiteral, isLinkLocal } from './ip-literal';

/** Longest endpoint URL accepted. */
export const ENDPOINT_URL_MAX = 2048;

/** Host names that never leave the machine or the private network. */
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal'];

/** What the address rule depends on: the mode, and the ports allowed besides 443. */
export interface EndpointUrlRules {
  devMode: boolean;
  allowedPorts: ReadonlySet<number>;
}

/** Why the host or port of a URL is refused outside development, or null. */
function productionHostProblem(parsed: URL, allowedPorts: ReadonlySet<number>): string | null {
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  if (isIpLiteral(host)) {
    return 'must name its host by a DNS name, not an IP address (IP literals are accepted in development only)';
  }
  if (host === 'localhost' || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    return 'must not be localhost, .localhost, .local or .internal (a name that stays inside a network)';
  }
  if (!host.includes('.')) return 'must name its host by a full DNS name, e.g. shop.example';
  const port = parsed.port === '' ? 443 : Number(parsed.port);
  if (port !== 443 && !allowedPorts.has(port)) {
    return `must use port 443${allowedPorts.size > 0 ? ` or one of WEBHOOK_ALLOWED_PORTS (${[...allowedPorts].join(', ')})` : ' (other ports: WEBHOOK_ALLOWED_PORTS)'}`;
  }
  return null;
}

/**
 * Why `url` cannot be a webhook endpoint, or null when it can.
 *
 * @example
 * endpointUrlProblem('https://10.0.0.5/hooks', { devMode: false, allowedPorts: new Set() });
 * // 'must name its host by a DNS name, not an IP address (…)'
 */
export function endpointUrlProblem(url: string, rules: EndpointUrlRules): string | null {
  if (url.length > ENDPOINT_URL_MAX) return `must be at most ${ENDPOINT_URL_MAX} characters`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute URL, e.g. https://shop.example/webhooks';
  }
  const { devMode } = rules;
  if (parsed.protocol !== 'https:' && !(devMode && parsed.protocol === 'http:')) {
    return devMode
      ? 'must be an http or https URL'
      : 'must be https (a webhook carries payers’ data; http is accepted in development only)';
  }
  if (parsed.username || parsed.password) return 'must not carry a user name or password';
  if (parsed.hash) return 'must not have a #fragment';
  if (isLinkLocal(parsed.hostname)) {
    return 'must not be a link-local address (169.254.0.0/16, fe80::/10: cloud metadata lives there)';
  }
  return devMode ? null : productionHostProblem(parsed, rules.allowedPorts);
}

/**
 * An endpoint's address as a `read` key sees it: origin and path, without the query (which
 * often carries a token of the merchant's receiver).
 *
 * @example
 * urlWithoutQuery('https://shop.example/hooks?token=s3cret'); // 'https://shop.example/hooks'
 */
export function urlWithoutQuery(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}
