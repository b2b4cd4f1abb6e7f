/**
 * The dev stack's HTTP API as the benchmarks use it: merchant sessions, payer attempts,
 * hosted callbacks, the dev webhook receiver.
 * @module
 */
import { devVars } from './credentials.mjs';
import { request } from './http.mjs';

/** The KES amount of every benchmark session. */
export const AMOUNT = 1500;
/** A Kenyan number ending in 005: the sandbox keeps it pending forever and never calls back. */
export const PENDING_MOBILE = '254712345005';

const json = { 'content-type': 'application/json' };
const merchantHeaders = () => ({ authorization: `Bearer ${devVars().MERCHANT_API_KEY}` });

/**
 * A distinct payer address per attempt, so the attempt limiter (20 a minute per address bucket)
 * sees many payers, as in production. Each in its own /64: the limiter counts an IPv6 /64 as
 * one subscriber (worker/middleware/address-bucket.ts). Documentation range: only a label.
 *
 * @example
 * payerIp(7); // '2001:db8:0:7::1'
 * @param {number} n
 */
export function payerIp(n) {
  return `2001:db8:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}::1`;
}

let payers = 0;

/**
 * A payer number never used before in this run (for {@link payerIp}).
 *
 * @example
 * startAttempt(base, id, nextPayer());
 */
export function nextPayer() {
  payers += 1;
  return payers;
}

/**
 * Creates a KES session through the merchant API; answers its id.
 *
 * @example
 * const id = await createSession(base, 'bench-1');
 * @param {string} base
 * @param {string} reference
 */
export async function createSession(base, reference) {
  const res = await request('POST', `${base}/v1/sessions`, {
    headers: { ...json, ...merchantHeaders() },
    body: JSON.stringify({ amount: AMOUNT, currency: 'KES', reference, country_id: 1 }),
  });
  if (res.status !== 201) throw new Error(`POST /v1/sessions answered ${res.status}`);
  return /** @type {string} */ (JSON.parse(res.text).id);
}

/**
 * Starts an M-PESA attempt as the widget does; answers the time to the full body.
 *
 * @example
 * const { ms } = await startAttempt(base, id, nextPayer());
 * @param {string} base
 * @param {string} sessionId
 * @param {number} payer
 */
export async function startAttempt(base, sessionId, payer) {
  const res = await request('POST', `${base}/v1/checkout/${sessionId}/attempts`, {
    headers: { ...json, origin: base, 'cf-connecting-ip': payerIp(payer) },
    body: JSON.stringify({ country_id: 1, method: 'send money', mobile: PENDING_MOBILE }),
  });
  if (res.status !== 201) {
    throw new Error(`POST attempts answered ${res.status}: ${res.text.slice(0, 200)}`);
  }
  return { ms: res.ms };
}

/**
 * The merchant view of a session (attempts, history, callbacks, webhooks).
 *
 * @example
 * const session = await getSession(base, id);
 * @param {string} base
 * @param {string} sessionId
 */
/**
 * The upstream's reference of a session's first attempt (from the merchant API).
 *
 * @example
 * const ref = await upstreamRefOf(base, 'cs_…');
 * @param {string} base
 * @param {string} sessionId
 */
export async function upstreamRefOf(base, sessionId) {
  const session = await getSession(base, sessionId);
  const ref = session.attempts?.[0]?.upstream_reference;
  if (!ref) throw new Error(`no upstream reference for ${sessionId}`);
  return String(ref);
}

export async function getSession(base, sessionId) {
  const res = await request('GET', `${base}/v1/sessions/${sessionId}`, {
    headers: merchantHeaders(),
  });
  if (res.status !== 200) throw new Error(`GET /v1/sessions answered ${res.status}`);
  return JSON.parse(res.text);
}

/**
 * POSTs a callback body (already serialised) to the hosted collections callback URL.
 *
 * @example
 * const { status, ms, text } = await postCallback(base, JSON.stringify(envelope));
 * @param {string} base
 * @param {string} body
 */
export async function postCallback(base, body) {
  const res = await request('POST', `${base}/hooks/collections`, { headers: json, body });
  return { status: res.status, ms: res.ms, text: res.text };
}

/**
 * Params of a terminal collection callback for an attempt, as the upstream sends them.
 *
 * @example
 * terminalParams('cs_….1', 'success', 'SBX-…');
 * @param {string} attemptId
 * @param {'success' | 'failed'} outcome
 * @param {string} upstreamRef
 */
export function terminalParams(attemptId, outcome, upstreamRef) {
  /** @type {Record<string, unknown>} */
  const params = {
    payment_step: 2,
    status: outcome,
    statusCode: outcome === 'success' ? '000000' : '000005',
    third_party_reference_1: attemptId,
    // The service's own reference from its create answer: a success naming another one is a
    // mismatch, not a success (docs/design.md, "Money rules").
    reference: upstreamRef,
    depositId: upstreamRef,
    amount: AMOUNT,
    mobile: PENDING_MOBILE,
    name: 'Bench Payer',
  };
  if (outcome === 'failed') {
    params.failureReason = {
      failureCode: 'PM-001',
      failureMessage: 'The payer declined the payment request.',
    };
  }
  return params;
}

/**
 * Every merchant webhook the dev receiver (`/dev/webhooks`) got, verified or not.
 *
 * @example
 * const hooks = await receivedWebhooks(base);
 * @param {string} base
 * @returns {Promise<{ webhook_id: string, verified: boolean, body: { id: string, type: string, data: { session_id: string } } }[]>}
 */
export async function receivedWebhooks(base) {
  const res = await request('GET', `${base}/dev/webhooks`);
  if (res.status !== 200) throw new Error(`GET /dev/webhooks answered ${res.status}`);
  return JSON.parse(res.text).webhooks;
}
