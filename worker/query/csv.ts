/**
 * RFC 4180 CSV: CRLF between records, a header line, and a field quoted (with its quotes
 * doubled) when it holds a comma, a double quote, CR or LF. Null is an empty field.
 * @module
 */

/** A CSV field value. */
export type CsvValue = string | number | null;

function field(value: CsvValue): string {
  if (value === null) return '';
  const text = String(value);
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
