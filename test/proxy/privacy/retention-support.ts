// Shared setup of the retention and erasure suites (retention.test.ts, redact.test.ts): the
// payer's details, a session carrying them, and the redact call.
import { expect } from 'vitest';
import { merchant, ref, startAttempt } from '../helpers';
import { callback } from '../money';

export const DAY = 86_400_000;

/** The payer's number (the sandbox pays numbers ending 000) and its national part. */
export const PAYER = '254712345000';

/** Pending forever at the sandbox. */
export const PAYER_PENDING = '254712345005';

/** The prefill's number: another one, so the merchant's own prefill is told apart. */
export const PREFILL = '254700111222';

export const FIRST = 'Wanjiru';

export const LAST = 'Kamau';

export const EMAIL = 'wanjiru.kamau@example.com';

/** What must be gone from every stored row after an erasure. */
export function personal(phone: string): string[] {
  return [phone, phone.slice(3), PREFILL, FIRST, LAST, EMAIL];
}

/** Starts a Kenyan phone prompt to {@link PAYER_PENDING} (201); answers the attempt's id. */
export async function startPendingAttempt(sessionId: string): Promise<string> {
  const started = await startAttempt(sessionId, {
    country_id: 1,
    method: 'send money',
    mobile: PAYER_PENDING,
  });
  expect(started.status).toBe(201);
  return `${sessionId}.1`;
}

/** A KES session with the payer's names, email and number as prefill and in its metadata. */
export function sessionBody() {
  return {
    amount: 1500,
    currency: 'KES',
    reference: ref('ret'),
    customer: { first_name: FIRST, last_name: LAST, email: EMAIL, mobile: PREFILL },
    metadata: { description: `Order of ${FIRST} ${LAST}`, email: EMAIL },
  };
}

/** A verified callback that says nothing final but carries the payer's number and name (the
 * upstream's first-step report): stored, changes nothing. */
export async function namedStepOne(attemptId: string, upstreamRef: string, phone: string) {
  const params = {
    amount: 1500,
    depositId: upstreamRef,
    mobile: phone,
    name: `${FIRST} ${LAST}`,
    payment_step: 1,
    reference: upstreamRef,
    status: 'pending',
    statusCode: '000001',
    third_party_reference_1: attemptId,
  };
  expect((await callback('/hooks/collections', params)).status).toBe(200);
}

export interface Report {
  rows: { kind: string; id: string; session_id: string | null; amount: number }[];
  totals: {
    kind: string;
    currency: string | null;
    method: string;
    count: number;
    amount: number;
  }[];
}

export async function redact(
  path: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await merchant(path, { method: 'POST' });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
