/**
 * Cursors of the list routes: the last row's `(created_at, id)`, base64url-encoded. Lists are
 * ordered by `(created_at DESC, id DESC)`, a total order, and the next page starts strictly
 * after the cursor's pair: a row is never seen twice nor skipped, whatever is inserted
 * meanwhile (new rows are newer than every cursor already handed out).
 * @module
 */

/** A position in a list. */
export interface Cursor {
  created_at: number;
  id: string;
}

const toBase64Url = (text: string) =>
  btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

/**
 * The cursor of a row.
 *
 * @example
 * encodeCursor({ created_at: 1763900000000, id: 'cs_…' }); // 'WzE3NjM5…'
 */
export function encodeCursor(cursor: Cursor): string {
  return toBase64Url(JSON.stringify([cursor.created_at, cursor.id]));
}

/**
 * Reads a cursor; null when it is not one of ours.
 *
 * @example
 * decodeCursor(encodeCursor(c)); // c
 */
export function decodeCursor(text: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(text)) return null;
  try {
    const padded = text.replaceAll('-', '+').replaceAll('_', '/');
    const value = JSON.parse(atob(padded + '='.repeat((4 - (padded.length % 4)) % 4))) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      Number.isSafeInteger(value[0]) &&
      typeof value[1] === 'string' &&
      value[1].length <= 200
    ) {
      return { created_at: value[0] as number, id: value[1] };
    }
  } catch {
    /* not ours */
  }
  return null;
}
