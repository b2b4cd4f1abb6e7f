/**
 * RFC 4180 CSV: CRLF between records, a header line, and a field quoted (with its quotes
 * doubled) when it holds a double quote or a character some spreadsheet splits cells or lines
 * on: a comma, a semicolon (the separator of locales with a decimal comma), a tab, CR or LF.
 * Null is an empty field. A text field that a spreadsheet would run as a formula is prefixed with
 * `'` (OWASP's CSV injection advice; upstream text passes through here): one that starts with
 * `=`, `+`, `-`, `@`, a tab or CR, or holds one of `= + - @` right after a separator (`;`, `,`,
 * tab, CR, LF; spaces between them too, which some importers trim), since a program that splits
 * on that separator starts a new cell there. Numbers are written as numbers.
 * @module
 */

/** A CSV field value. */
export type CsvValue = string | number | null;

/** What makes a spreadsheet read a cell as a formula: at the start, or after a separator. */
const FORMULA = /^[=+\-@\t\r]|[;,\t\r\n] *[=+\-@]/;

/** What a field must be quoted for. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

function field(value: CsvValue): string {
  if (value === null) return '';
  const text = typeof value === 'string' && FORMULA.test(value) ? `'${value}` : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A CSV document: the header, then one record per row (in the header's order).
 *
 * @example
 * toCsv(['id', 'note'], [{ id: 'a', note: 'x, "y"' }]); // 'id,note\r\na,"x, ""y"""\r\n'
 */
export function toCsv<K extends string>(
  header: readonly K[],
  rows: readonly Partial<Record<K, CsvValue>>[],
): string {
  const lines = [header.map(field).join(',')];
  for (const row of rows) lines.push(header.map((key) => field(row[key] ?? null)).join(','));
  return lines.join('\r\n') + '\r\n';
}
