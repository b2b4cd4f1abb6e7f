/**
 * The console's language: the page's `lang` (the Worker picks it from Accept-Language), which
 * the header's switch changes. Every string comes from one table per language.
 * @module
 */
import { en, type StringKey } from './strings/en';
import { fr } from './strings/fr';

const tables = { en, fr } as const;

/** The current language. */
export function language(): 'en' | 'fr' {
  return document.documentElement.lang === 'fr' ? 'fr' : 'en';
}

/** The string `key` in the current language. */
export function t(key: StringKey): string {
  return tables[language()][key];
}

/** A number in the current language's form. */
export function money(amount: number | null | undefined, currency: string | null): string {
  if (amount === null || amount === undefined) return '—';
  return `${new Intl.NumberFormat(language()).format(amount)} ${currency ?? ''}`.trim();
}

/** A date-time in the current language's form. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(language(), { dateStyle: 'short', timeStyle: 'medium' }).format(
    new Date(iso),
  );
}

/**
 * The string `key` with its `{name}` slots filled.
 *
 * @example
 * tf('refundTo', { amount: '500 KES', to: '254******000' }); // 'Refund 500 KES to 254******000'
 */
export function tf(key: StringKey, values: Record<string, string>): string {
  return t(key).replace(/\{(\w+)\}/g, (slot, name: string) => values[name] ?? slot);
}
