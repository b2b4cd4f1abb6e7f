/**
 * RFC 4180 CSV: CRLF between records, a header line, and a field quoted (with its quotes
 * doubled) when it holds a comma, a double quote, CR or LF. Null is an empty field. A text field
 * that a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or CR;
 * upstream text passes through here) is prefixed with `'` (OWASP's CSV injection advice);
 * numbers are written as numbers.
 * @module
 */

/** A CSV field value. */
export type CsvValue = string | number | null;

/** The first characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

function field(value: CsvValue): string {
  if (value === null) return '';
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
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
