/**
 * How callbacks travel: one plain `fetch()` POST per attempt, success only on HTTP 200, and the
 * retry schedule (2 s, 4 s, 8 s … sandbox time, at most 10 attempts).
 * @module
 */

/** Attempts per callback, the first included. */
export const MAX_ATTEMPTS = 10;

/** Real milliseconds an attempt may take before it counts as failed. */
export const ATTEMPT_TIMEOUT_MS = 15_000;

/**
 * Sandbox milliseconds to wait after the `attempt`-th failed attempt (1-based): 2 s doubling.
 *
 * @example
 * retryDelay(1); // 2000
 * retryDelay(3); // 8000
 */
export function retryDelay(attempt: number): number {
  return 2000 * 2 ** (attempt - 1);
}

/** What one attempt got back. */
export interface AttemptResult {
  /** The HTTP status, or null when no answer came (network error, timeout). */
  status: number | null;
  /** Why there was no answer. */
  error: string | null;
}

/**
 * POSTs a callback body once; never throws.
 *
 * @example
 * const { status } = await postCallback('https://shop.example/hooks', body);
 * const delivered = status === 200;
 */
export async function postCallback(url: string, body: string): Promise<AttemptResult> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'unified-checkout-sandbox' },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return { status: response.status, error: null };
  } catch (error) {
    return { status: null, error: error instanceof Error ? error.name : 'Error' };
  }
}
