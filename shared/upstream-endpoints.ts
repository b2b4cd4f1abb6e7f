/**
 * The upstream's endpoint paths (docs/upstream-api.md, one section per path): the one place the proxy, the
 * doctor and the sandbox take them from. Payout creation has no documented path: the proxy reads
 * it from `SERVICE_PAYOUT_PATH`.
 * @module
 */

/**
 * Upstream path of each call, by name.
 *
 * @example
 * await callUpstream(env, config, UPSTREAM_PATHS.status, { params: { id, type: 'payin' } });
 */
export const UPSTREAM_PATHS = {
  /** Create a collection (every payment method). */
  collections: '/api/v4/service-unified-collections',
  /** Second step of the OTP-verified method. */
  processTransaction: '/api/v4/service-unified-process-transaction',
  /** Status of a collection or a payout. */
  status: '/api/v3/get-unified-transaction-status',
  paymentLinkCreate: '/api/v3/payment-link-api/create',
  paymentLinkList: '/api/payment-link-api/list',
  /** Bearer token for the list and balance calls. */
  token: '/api/integration/get-token',
  balance: '/api/wallet/get-balance',
} as const;

/** The name of an upstream call. */
export type UpstreamCall = keyof typeof UPSTREAM_PATHS;
