// Every browser context of the end-to-end suite is one payer on loopback, and loopback gives
// every payer the same address: the stack's per-address attempt limit (20 a minute,
// ATTEMPT_LIMITER) would count the whole suite as one payer. The attempt and OTP calls carry
// their own address instead, as separate payers' would (the proxy reads the client address
// from CF-Connecting-IP).
import type { BrowserContext } from 'playwright-core';

/** The paths of the calls the attempt limit counts (checkout API and the no-JS forms). */
const LIMITED = /\/(v1\/checkout\/[^/?]+\/(attempts|otp)|pay\/[^/?]+\/(attempt|otp))(\?|$)/;

let payers = 0;

/** A documentation address (TEST-NET-2) of a payer of its own. */
export function nextPayerAddress(): string {
  payers++;
  return `198.51.100.${payers % 250}`;
}

/**
 * Makes `context`'s attempt and OTP calls come from a payer address of their own.
 *
 * @example
 * await asOwnPayer(await browser.newContext());
 */
export async function asOwnPayer(context: BrowserContext): Promise<void> {
  const address = nextPayerAddress();
  await context.route(LIMITED, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'cf-connecting-ip': address } }),
  );
}
