/**
 * Phone numbers and codes are Latin digits everywhere (the API, the upstream, SMS), whatever
 * the page's language; a payer typing with an Arabic or Persian keyboard enters Arabic-Indic
 * digits (٠–٩, ۰–۹), which mean the same numbers.
 * @module
 */

/**
 * `text` with Arabic-Indic and Extended Arabic-Indic digits replaced by Latin ones.
 *
 * @example
 * latinDigits('٠٧١٢ ٣٤٥'); // '0712 345'
 */
export function latinDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) & 0xf));
}
