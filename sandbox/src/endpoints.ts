/**
 * The upstream endpoints the sandbox emulates, by short name (the names faults are injected by).
 * @module
 */

/**
 * Every emulated endpoint: short name → method and path.
 *
 * @example
 * app.post(ENDPOINTS.collections.path, handler);
 */
export const ENDPOINTS = {
  collections: { method: 'POST', path: '/api/v4/service-unified-collections' },
  'process-transaction': { method: 'POST', path: '/api/v4/service-unified-process-transaction' },
  status: { method: 'POST', path: '/api/v3/get-unified-transaction-status' },
  'payment-link-create': { method: 'POST', path: '/api/v3/payment-link-api/create' },
  'payment-link-list': { method: 'GET', path: '/api/payment-link-api/list' },
  'get-token': { method: 'POST', path: '/api/integration/get-token' },
  'get-balance': { method: 'GET', path: '/api/wallet/get-balance' },
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
