/**
 * Formatting of amounts and countdowns for the payer's locale.
 * @module
 */

/**
 * Formats whole units of `currency` (the upstream's amounts have no decimals). The same as
 * shared/amount-format.ts (the hosted page's), kept here on purpose: re-exporting that module
 * made the build split Lit into a chunk of its own, +370 B gzip on the first load.
 * test/shared/amount-format.test.ts keeps the two equal.
 *
 * @example
 * formatAmount(1500, 'KES', 'en'); // 'Ksh 1,500' (exact text depends on the browser's ICU data)
 * formatAmount(25000, 'XOF', 'fr'); // '25 000 F CFA'
 */
export function formatAmount(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

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
