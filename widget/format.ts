/**
 * Countdowns for the payer (amounts: shared/amount-format.ts, the hosted page's too).
 * @module
 */

/**
 * Formats the time left until `deadline` as `m:ss` (never negative).
 *
 * @example
 * formatCountdown(Date.parse('2030-01-01T00:02:00Z'), Date.parse('2030-01-01T00:00:05Z')); // '1:55'
 */
export function formatCountdown(deadline: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
