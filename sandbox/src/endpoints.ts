/**
 * The upstream endpoints the sandbox emulates, by short name (the names faults are injected by).
 * Paths come from shared/upstream-endpoints.ts, as the proxy's do; payouts have a sandbox path.
 * @module
 */
import { UPSTREAM_PATHS } from '../../shared/upstream-endpoints';

/**
 * Every emulated endpoint: short name → method and path.
 *
 * @example
 * app.post(ENDPOINTS.collections.path, handler);
 */
export const ENDPOINTS = {
  collections: { method: 'POST', path: UPSTREAM_PATHS.collections },
  'process-transaction': { method: 'POST', path: UPSTREAM_PATHS.processTransaction },
  status: { method: 'POST', path: UPSTREAM_PATHS.status },
  'payment-link-create': { method: 'POST', path: UPSTREAM_PATHS.paymentLinkCreate },
  'payment-link-list': { method: 'GET', path: UPSTREAM_PATHS.paymentLinkList },
  'get-token': { method: 'POST', path: UPSTREAM_PATHS.token },
  'get-balance': { method: 'GET', path: UPSTREAM_PATHS.balance },
  payouts: { method: 'POST', path: '/api/v1/sandbox/payouts' },
} as const;

/** The short name of an emulated endpoint. */
export type EndpointName = keyof typeof ENDPOINTS;

/** Every endpoint name. */
export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[];

/**
 * The endpoint a name or a path designates, if any.
 *
 * @example
 * endpointNamed('/api/v4/service-unified-collections'); // 'collections'
 * endpointNamed('status'); // 'status'
 */
export function endpointNamed(nameOrPath: string): EndpointName | undefined {
  if (Object.hasOwn(ENDPOINTS, nameOrPath)) return nameOrPath as EndpointName;
  return ENDPOINT_NAMES.find((name) => ENDPOINTS[name].path === nameOrPath);
}
