/**
 * A fetch that retries 429 and 5xx answers, honouring `Retry-After` (seconds or an HTTP date),
 * otherwise backing off exponentially with jitter. Only requests that are safe to send again are
 * retried: GET and HEAD, and any request carrying an `Idempotency-Key` (the client adds one to
 * every create). A network error is retried the same way.
 * @module
 */

/** How the client retries. */
export interface RetryOptions {
  /** Retries after the first try (default 2; 0 turns retries off). */
  retries?: number;
  /** The longest wait before a retry, in ms (default 30 000); a longer Retry-After is not waited. */
  maxDelayMs?: number;
  /** The first backoff without Retry-After, in ms (default 500; doubled per retry, with jitter). */
  baseDelayMs?: number;
  /** Waits `ms` (tests pass a faster clock). */
  sleep?: (ms: number) => Promise<void>;
}

/** Whether an answer is worth retrying. */
export function isRetryable(status: number): boolean {
  return status === 429 || (status >= 500 && status !== 501);
}

/** The wait a `Retry-After` value asks for, in ms; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function safeToRepeat(request: Request): boolean {
  return (
    request.method === 'GET' || request.method === 'HEAD' || request.headers.has('idempotency-key')
  );
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Wraps a fetch with retries.
 *
 * @example
 * const fetchWithRetries = retryingFetch(globalThis.fetch, { retries: 3 });
 */
export function retryingFetch(
  fetchImpl: (request: Request) => Promise<Response>,
  options: RetryOptions = {},
): (request: Request) => Promise<Response> {
  const retries = options.retries ?? 2;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const base = options.baseDelayMs ?? 500;
  const sleep = options.sleep ?? wait;
  return async (request) => {
    const repeatable = safeToRepeat(request);
    for (let attempt = 0; ; attempt += 1) {
      const last = !repeatable || attempt >= retries;
      let response: Response;
      try {
        response = await fetchImpl(last ? request : request.clone());
      } catch (error) {
        if (last) throw error;
        await sleep(Math.min(maxDelay, backoff(base, attempt)));
        continue;
      }
      if (last || !isRetryable(response.status)) return response;
      const asked = retryAfterMs(response.headers.get('retry-after'));
      const delay = asked ?? backoff(base, attempt);
      if (delay > maxDelay) return response;
      await response.body?.cancel();
      await sleep(delay);
    }
  };
}

/** `base · 2^attempt`, with full jitter on its upper half. */
function backoff(base: number, attempt: number): number {
  const ceiling = base * 2 ** attempt;
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}
