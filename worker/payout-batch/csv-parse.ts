/**
 * Reading a payout batch's CSV upload (RFC 4180 as spreadsheets write it): UTF-8 with or without
 * a byte-order mark, `,` or `;` between fields (the header line decides: locales with a decimal
 * comma save with `;`), fields quoted with `"` (a doubled `""` inside is one quote; a quoted
 * field may hold the separator or a line break), CRLF or LF between records. Each record keeps
 * the line a spreadsheet shows it on (the header is line 1), so a refusal can name it.
 * @module
 */

/** One record of the file and the line it starts on. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** A parsed upload, or why it could not be read. */
export type CsvParse =
  | { ok: true; header: string[]; records: CsvRecord[] }
  | { ok: false; line: number; message: string };

/** The separator of a file: `;` when its header line has more of them than commas. */
function separatorOf(text: string): ',' | ';' {
  const end = text.search(/\r?\n/);
  const header = end === -1 ? text : text.slice(0, end);
  const count = (c: string) => header.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * Splits a CSV text into its header and records; blank lines are skipped (a trailing newline is
 * not a row). An unterminated quote is refused with the line it opened on.
 *
 * @example
 * parseCsv('\uFEFFreference;amount\r\np-1;"2500"\r\n');
 * // { ok: true, header: ['reference', 'amount'], records: [{ line: 2, cells: ['p-1', '2500'] }] }
 */
export function parseCsv(input: string): CsvParse {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const sep = separatorOf(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let quoteLine = 0;
  let touched = false;
  const endRecord = () => {
    cells.push(cell);
    if (touched || cells.length > 1 || cell !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
    touched = false;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line += 1;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
      touched = true;
    } else if (ch === sep) {
      cells.push(cell);
      cell = '';
      touched = true;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      start = line;
    } else cell += ch;
  }
  if (quoted) return { ok: false, line: quoteLine, message: 'a quoted field is never closed' };
  endRecord();
  const [head, ...rows] = records;
  if (!head) return { ok: false, line: 1, message: 'the file is empty' };
  return { ok: true, header: head.cells.map((h) => h.trim().toLowerCase()), records: rows };
}
