/**
 * Upstream-style failure answers: `{ success: false, message }` with the chosen HTTP status, and
 * the sandbox's precise reason in the `X-Sandbox-Reason` header (the body stays the upstream's).
 * @module
 */
import type { Context } from 'hono';
import type { Refusal } from './rules/refusal';

/** Header carrying the sandbox's precise reason for a refusal. */
export const REASON_HEADER = 'X-Sandbox-Reason';

/** Printable ASCII only, one line, at most 300 characters (a header value). */
function headerSafe(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 300);
}

/**
 * Answers a refusal in the upstream's shape. `textSuccess` writes `success` as the text
 * `"false"`, as the upstream documents for the token and balance endpoints
 * (docs/upstream-api.md, "POST /api/integration/get-token").
 *
 * @example
 * if (!checked.ok) return refusal(c, checked);
 */
export function refusal(c: Context, refused: Refusal, textSuccess = false): Response {
  c.header(REASON_HEADER, headerSafe(refused.reason));
  return c.json(
    { success: textSuccess ? 'false' : false, message: refused.message },
    refused.status,
  );
}
