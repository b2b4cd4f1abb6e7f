/**
 * The `faults` table: injected upstream faults for the next N calls of an endpoint.
 * @module
 */
import type { EndpointName } from '../endpoints';

/** What an injected fault does to a call. */
export type FaultKind =
  /** Answer HTTP 500 without processing the call. */
  | 'error'
  /** Wait `delay_ms` real milliseconds, then process the call normally. */
  | 'delay'
  /** Answer HTTP 200 with a body that is not JSON, without processing the call. */
  | 'malformed'
  /** Process a create normally, but never send its callback. */
  | 'no_callback'
  /** Process the call (a create then never calls back; an OTP is applied and the payment
   * goes on), wait `delay_ms` real milliseconds if set, then answer HTTP 504 instead of its
   * real answer: the caller cannot know that it happened (a gateway timing out, say). */
  | 'answer_lost'
  /** The call never reaches the service: wait `delay_ms` real milliseconds if set, then answer
   * HTTP 504 without processing it (a gateway that dropped the request). The caller cannot
   * tell it from `answer_lost`. */
  | 'request_lost'
  /** Process a create (its callback goes as scripted), wait until that callback was answered
   * (at most `delay_ms` real milliseconds, 10 s when 0), then answer HTTP 400 instead (payouts:
   * "Insufficient wallet balance", collections: their refusal): a refusal that contradicts what
   * the upstream did and already reported (a gateway's stale answer). */
  | 'answer_refused'
  /** Status query: answer HTTP 400 "…Transaction was not created!" without looking, even for
   * a transaction that exists (a lagging replica). */
  | 'not_created';

/** One endpoint's pending fault. */
export type Fault = {
  endpoint: EndpointName;
  kind: FaultKind;
  /** Calls still to be affected. */
  remaining: number;
  delay_ms: number;
  created_at: number;
};

/**
 * Sets (replaces) the fault of an endpoint.
 *
 * @example
 * setFault(sql, { endpoint: 'collections', kind: 'error', remaining: 2, delay_ms: 0, created_at: now });
 */
export function setFault(sql: SqlStorage, fault: Fault): Fault {
  return sql
    .exec<Fault>(
      `INSERT INTO faults (endpoint, kind, remaining, delay_ms, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (endpoint) DO UPDATE SET kind = excluded.kind, remaining = excluded.remaining,
         delay_ms = excluded.delay_ms, created_at = excluded.created_at
       RETURNING endpoint, kind, remaining, delay_ms, created_at`,
      fault.endpoint,
      fault.kind,
      fault.remaining,
      fault.delay_ms,
      fault.created_at,
    )
    .one();
}

/**
 * Consumes one call of an endpoint's fault; the fault as it applies to this call, or null.
 *
 * @example
 * const fault = takeFault(sql, 'collections');
 */
export function takeFault(sql: SqlStorage, endpoint: EndpointName): Fault | null {
  const fault = sql
    .exec<Fault>(
      `UPDATE faults SET remaining = remaining - 1 WHERE endpoint = ? AND remaining > 0
       RETURNING endpoint, kind, remaining, delay_ms, created_at`,
      endpoint,
    )
    .toArray()[0];
  sql.exec('DELETE FROM faults WHERE remaining <= 0');
  return fault ?? null;
}

/** Every pending fault. */
export function listFaults(sql: SqlStorage): Fault[] {
  return sql.exec<Fault>('SELECT * FROM faults ORDER BY endpoint').toArray();
}

/** Removes every pending fault; returns how many there were. */
export function clearFaults(sql: SqlStorage): number {
  return sql.exec('DELETE FROM faults RETURNING endpoint').toArray().length;
}
