/**
 * The sub-merchants the sandbox knows (`SANDBOX_SUB_MERCHANT_IDS`); a collection naming any
 * other `sub_merchant_id` is refused with "User not found!".
 * @module
 */
import type { SandboxVars } from './vars';

/** The sub-merchant known when the var is not set. */
export const DEFAULT_SUB_MERCHANT_ID = '7d3c8a6e-2f14-4b9a-9c1e-5a0f3b2d1e01';

/**
 * The known sub-merchant UUIDs, lowercase.
 *
 * @example
 * subMerchantsOf({ SANDBOX_SUB_MERCHANT_IDS: 'A1…, b2…' }); // ['a1…', 'b2…']
 */
export function subMerchantsOf(env: Pick<SandboxVars, 'SANDBOX_SUB_MERCHANT_IDS'>): string[] {
  const raw = env.SANDBOX_SUB_MERCHANT_IDS ?? DEFAULT_SUB_MERCHANT_ID;
  return raw
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter(Boolean);
}
