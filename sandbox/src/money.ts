/**
 * The sandbox's money rules: fees and how amounts are written. Amounts of transactions are
 * whole major units; wallets and fees are kept in minor units (1/100) to stay exact.
 * @module
 */

/**
 * Fee on a successful collection: 1.5 % of the amount, in minor units (rounded half up).
 * Amounts may carry cents (a settled amount set through the control surface).
 *
 * @example
 * collectionFeeMinor(1500); // 2250 (22.50)
 */
export function collectionFeeMinor(amount: number): number {
  return Math.round(amount * 1.5);
}

/**
 * Fee on a successful payout: 1 % of the amount, in minor units (rounded).
 *
 * @example
 * payoutFeeMinor(2500); // 2500 (25.00)
 */
export function payoutFeeMinor(amount: number): number {
  return Math.round(amount);
}

/** Every wallet's opening balance: 1,000,000.00 in minor units, so payouts work from the start. */
export const OPENING_BALANCE_MINOR = 100_000_000;

/**
 * Minor units as a JSON number of major units.
 *
 * @example
 * toMajor(2250); // 22.5
 */
export function toMajor(minor: number): number {
  return minor / 100;
}

/**
 * Minor units as decimal text with two decimals (the status record's `balance`).
 *
 * @example
 * decimalText(100_002_250); // '1000022.50'
 */
export function decimalText(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
