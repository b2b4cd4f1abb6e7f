/**
 * A payout batch's rows checked before anything is recorded (docs/payout-batches.md): each row
 * with the single payout's schema (`payoutBodySchema`: whole units, an international number, a
 * reference), then the currency and method against the deployment's catalogue for the country
 * the number dials, references unique in the batch, and CSV cells that a spreadsheet would run as
 * a formula refused (never evaluated). Every problem of every row is reported at once, each with
 * the line a spreadsheet shows it on.
 * @module
 */
import type { Catalogue } from '../../shared/catalogue';
import { payoutBodySchema, type PayoutBody } from '../../shared/schemas';
import { validate } from '../../shared/validation';
import type { CsvRecord } from './csv-parse';

/** The columns of a batch (`narration` may be left out). */
export const BATCH_COLUMNS = ['reference', 'amount', 'currency', 'mobile', 'method', 'narration'];

/** Why one field of one row was refused. */
export interface RowIssue {
  /** The spreadsheet's line (CSV: the header is 1) or, for JSON, the row's index + 1. */
  line: number;
  /** The column (`reference`, `amount`, …); empty for the whole row. */
  field: string;
  /** `invalid`, `required`, `formula`, `duplicate_reference`, `reference_used`,
   * `unknown_currency`, `unknown_method`, `unknown_column`, `too_many_rows`, `unreadable`. */
  code: string;
  message: string;
}

/** A checked row: its line and the payout it becomes. */
export interface BatchRow {
  line: number;
  body: PayoutBody;
}

/** What a spreadsheet runs as a formula when the cell starts with it (OWASP's CSV advice). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The column of each body field (the payout's `payment_method_type` is `method`). */
const COLUMN_OF: Readonly<Record<string, string>> = { payment_method_type: 'method' };

/** A CSV cell's value as JSON would carry it: an amount that reads as a number becomes one. */
function cellValue(column: string, cell: string): unknown {
  if (column !== 'amount') return cell;
  return /^\s*\d+(\.\d+)?\s*$/.test(cell) ? Number(cell) : cell;
}

/**
 * The rows of a CSV upload as objects keyed by column, with the formula cells and unknown
 * columns already refused.
 */
export function csvRows(
  header: readonly string[],
  records: readonly CsvRecord[],
): { rows: { line: number; value: Record<string, unknown> }[]; issues: RowIssue[] } {
  const issues: RowIssue[] = [];
  header.forEach((column) => {
    if (!BATCH_COLUMNS.includes(column)) {
      issues.push({
        line: 1,
        field: column,
        code: 'unknown_column',
        message: `${column} is not a column of a payout batch (${BATCH_COLUMNS.join(', ')})`,
      });
    }
  });
  const rows = records.map(({ line, cells }) => {
    const value: Record<string, unknown> = {};
    header.forEach((column, i) => {
      const cell = cells[i] ?? '';
      if (FORMULA_START.test(cell)) {
        issues.push({
          line,
          field: column,
          code: 'formula',
          message: `${column} starts like a spreadsheet formula (= + - @); it is refused, never evaluated`,
        });
        return;
      }
      if (cell === '' && column === 'narration') return;
      value[column] = cellValue(column, cell);
    });
    if (cells.length > header.length) {
      issues.push({
        line,
        field: '',
        code: 'invalid',
        message: `the row has ${cells.length} fields, the header ${header.length}`,
      });
    }
    return { line, value };
  });
  return { rows, issues };
}

/** The country a payout's number dials among those using its currency, or why none. */
function countryOf(catalogue: Catalogue, body: PayoutBody) {
  const using = catalogue.countries.filter((c) => c.currency === body.currency);
  if (using.length === 0) return { code: 'unknown_currency', field: 'currency' } as const;
  const country = using.find(
    (c) =>
      body.mobile.startsWith(c.dialCode) &&
      body.mobile.length === c.dialCode.length + c.nationalNumberLength,
  );
  return country ?? ({ code: 'invalid', field: 'mobile' } as const);
}

/**
 * Checks every row; answers the good rows' payouts and every issue found (the batch is good
 * when there is none).
 *
 * @example
 * checkRows([{ line: 2, value: { reference: 'p-1', amount: 2500, … } }], catalogue);
 */
export function checkRows(
  rows: readonly { line: number; value: Record<string, unknown> }[],
  catalogue: Catalogue,
): { rows: BatchRow[]; issues: RowIssue[] } {
  const issues: RowIssue[] = [];
  const good: BatchRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, value } of rows) {
    const { method, ...rest } = value;
    const input = method === undefined ? rest : { ...rest, payment_method_type: method };
    const checked = validate(payoutBodySchema, input);
    if (!checked.ok) {
      for (const issue of checked.issues) {
        const field = COLUMN_OF[issue.path] ?? issue.path;
        const required = /is required/.test(issue.message);
        issues.push({
          line,
          field,
          code: required ? 'required' : 'invalid',
          message: issue.message.replace(issue.path, field),
        });
      }
      continue;
    }
    const body = checked.value;
    const first = seen.get(body.reference);
    if (first !== undefined) {
      issues.push({
        line,
        field: 'reference',
        code: 'duplicate_reference',
        message: `reference ${body.reference} is already on line ${first}`,
      });
      continue;
    }
    seen.set(body.reference, line);
    const country = countryOf(catalogue, body);
    if (!('id' in country)) {
      issues.push({
        line,
        field: country.field,
        code: country.code,
        message:
          country.field === 'currency'
            ? `currency ${body.currency} is not paid out in any country`
            : `mobile is not a number of a country paying out in ${body.currency}`,
      });
      continue;
    }
    if (!catalogue.method(country.id, body.payment_method_type)) {
      issues.push({
        line,
        field: 'method',
        code: 'unknown_method',
        message: `method ${body.payment_method_type} is not offered in ${country.name}`,
      });
      continue;
    }
    good.push({ line, body });
  }
  return { rows: good, issues };
}
