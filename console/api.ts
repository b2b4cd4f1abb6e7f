/**
 * The console's calls to its API (`/console/api/v1`, the merchant API under the user's role).
 * Writes carry `X-Console: 1` (with the browser's same-origin `Origin`: the CSRF rule).
 * @module
 */

/** An answer the API refused, in its error shape. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const BASE = '/console/api/v1';

/**
 * Calls the API; answers its JSON, or throws ApiError. `idempotencyKey`: a write that must
 * happen once however often it is sent (the API answers a repeat with the first answer).
 *
 * @example
 * const page = await api<Page>('/sessions?limit=50');
 */
export async function api<T>(
  path: string,
  method = 'GET',
  body?: unknown,
  idempotencyKey?: string,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-console'] = '1';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(BASE + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  const text = await response.text();
  const json = text ? (JSON.parse(text) as unknown) : null;
  if (!response.ok) {
    const error = (json as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'HTTP',
      error?.message ?? response.statusText,
    );
  }
  return json as T;
}

/** The text of an API call (CSV). */
export async function apiText(path: string): Promise<string> {
  const response = await fetch(BASE + path, { credentials: 'same-origin' });
  if (!response.ok) throw new ApiError(response.status, 'HTTP', response.statusText);
  return response.text();
}

/** A list page of the merchant API. */
export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/** Saves `text` as a file named `name`. */
export function download(name: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** CSV of rows (RFC 4180 quoting). */
export function toCsv(columns: string[], rows: Record<string, unknown>[]): string {
  const cell = (value: unknown) => {
    const text = value === null || value === undefined ? '' : String(value);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return (
    [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\r\n') +
    '\r\n'
  );
}
