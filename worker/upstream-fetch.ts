/**
 * The one way a request leaves for the payment service: to `SERVICE_BASE_URL + path`, through
 * the UPSTREAM binding when bound (dev, tests), with the relay's token when one is configured
 * (`RELAY_TOKEN`, relay/relay.mjs: a fixed egress address for the service's IP whitelist).
 * @module
 */
import type { Config } from './config';
import type { ProxyEnv } from './env';

/** The header that carries RELAY_TOKEN (relay/relay.mjs reads the same name). */
export const RELAY_TOKEN_HEADER = 'x-relay-token';

/**
 * Sends one request to the payment service (or its relay).
 *
 * @example
 * const response = await upstreamFetch(env, config, UPSTREAM_PATHS.status, { method: 'POST', body });
 */
export function upstreamFetch(
  env: ProxyEnv,
  config: Config,
  path: string,
  init: RequestInit,
): Promise<Response> {
  const url = config.serviceBaseUrl + path;
  const headers = new Headers(init.headers);
  if (config.relayToken) headers.set(RELAY_TOKEN_HEADER, config.relayToken);
  const request = { ...init, headers };
  return env.UPSTREAM ? env.UPSTREAM.fetch(url, request) : fetch(url, request);
}
