/**
 * The settlement report's CSV columns (worker/query/settlement-report.ts), apart so that the
 * OpenAPI document (built in Node, without the Workers types) can name them.
 * @module
 */

/** The CSV columns of the report (`record` says which part a line belongs to). */
export const REPORT_CSV_COLUMNS = [
  'record',
  'kind',
  'id',
  'session_id',
  'reference',
  'method',
  'country_id',
  'currency',
  'amount',
  'overpaid',
  'mismatch',
  'upstream_reference',
  'settled_at',
  'sub_merchant_id',
  'status',
  'count',
  'day',
  'collected',
  'refunded',
  'net',
] as const;
