/**
 * Amounts as payers read them: whole units of a currency (the upstream's amounts have no
 * decimals) in a locale. Used by the widget and by the hosted page, so both show the same text.
 * @module
 */

/** Formatters by `locale|currency` (null: the runtime knows neither): made once, reused. */
const formatters = new Map<string, Intl.NumberFormat | null>();
/** Past this many, the cache starts over (a server formats for tags its callers choose). */
const MAX_FORMATTERS = 64;

/**
 * Formats whole units of `currency` in `locale`; `"<amount> <currency>"` when the runtime does
 * not know the currency or the locale. The formatter is made once per locale and currency (the
 * first costs tens of milliseconds on a slow phone: the locale's data loads).
 *
 * @example
 * formatAmount(1500, 'KES', 'en'); // 'Ksh 1,500' (exact text depends on the runtime's ICU data)
 * formatAmount(25000, 'XOF', 'fr'); // '25 000 F CFA'
 */
export function formatAmount(amount: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: 0,
        maximumFractionDigits: 0,
      });
    } catch {
      formatter = null;
    }
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter ? formatter.format(amount) : `${amount} ${currency}`;
}

/**
 * Makes a currency formatter of `locale` ahead of need: the first of a page loads the locale's
 * number data (tens of milliseconds on a slow phone), so a caller with idle time (a request
 * under way) can take that cost off the first step.
 *
 * @example
 * setTimeout(() => prepareAmountFormat('fr-CI'));
 */
export function prepareAmountFormat(locale: string): void {
  formatAmount(0, 'USD', locale);
}
