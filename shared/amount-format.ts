/**
 * Amounts as payers read them: whole units of a currency (the upstream's amounts have no
 * decimals) in a locale. Used by the widget and by the hosted page, so both show the same text.
 * @module
 */

/**
 * Formats whole units of `currency` in `locale`; `"<amount> <currency>"` when the runtime does
 * not know the currency or the locale.
 *
 * @example
 * formatAmount(1500, 'KES', 'en'); // 'Ksh 1,500' (exact text depends on the runtime's ICU data)
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
