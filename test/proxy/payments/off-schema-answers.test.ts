// An upstream success whose body is off its schema (docs/upstream-api.md; shared/schemas) is an
// answer we cannot read: unknown, never "not charged" (docs/design.md, "Money rules"). The
// object under test calls a fake upstream for the duration of one step (its UPSTREAM binding
// swapped, as test/proxy/payments/upstream-answers.test.ts does): no sandbox outcome gives a
// 200 that breaks the documented shapes.
import { afterAll, describe, expect, it } from 'vitest';
import {
  createSession,
  expectNoSecrets,
  getSession,
  merchant,
  ref,
  seenLogs,
  startAttempt,
} from '../helpers';
import { createPayout, payoutBody } from '../money';
import { payoutObject, sessionObject, withObjectEnv } from '../objects';

afterAll(() => expectNoSecrets());

const KENYA = { country_id: 1, method: 'send money' };

/** An upstream that answers every call 200 with `answer` (it never reaches the sandbox). */
function answering(answer: unknown): Fetcher {
  return {
    fetch: async () => Response.json(answer, { status: 200 }),
  } as unknown as Fetcher;
}

describe('a 200 off its schema', () => {
  it('to a collection create: the create is unknown, the attempt pending (never failed)', async () => {
    const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('osc') });
    const from = seenLogs.length;
    // `data` must be an object (shared/schemas/collection-response.ts): a text says nothing.
    const offSchema = answering({
      success: true,
      message: 'Payment request sent',
      status_code: '000000',
      data: 'SBX-1',
    });
    const { status, json } = await withObjectEnv(
      sessionObject(session.id),
      { UPSTREAM: offSchema },
      () => startAttempt(session.id, { ...KENYA, mobile: '254712345005' }),
    );
    expect(status, JSON.stringify(json)).toBe(201);
    expect(json.attempt?.status).toBe('pending');
    const stored = await getSession(session.id);
    expect(stored.status).toBe('pending');
    expect(stored.attempts[0]).toMatchObject({ status: 'pending', create_state: 'unknown' });
    expect(stored.attempts[0]!.upstream_message).toBe(
      'the answer did not match its schema: data must be an object',
    );
    expect(stored.webhooks.map((w) => w.type)).toEqual([]);
    expect(seenLogs.slice(from).join('\n')).not.toContain('create_accepted');
  });

  it('to a status query saying "failed": unknown, the attempt stays pending', async () => {
    const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('oss') });
    // 005: the sandbox keeps it pending; only the fake answer below could settle it.
    const started = await startAttempt(session.id, { ...KENYA, mobile: '254712345005' });
    expect(started.status, JSON.stringify(started.json)).toBe(201);
    // A failure record, but its amount is text where the record has a number: off schema.
    const offSchema = answering({
      success: true,
      message: 'Transaction status',
      status_code: '000005',
      data: { status: 'failed', status_code: '000005', amount: '1,500', currency: 'KES' },
    });
    const res = await withObjectEnv(sessionObject(session.id), { UPSTREAM: offSchema }, () =>
      merchant(`/v1/sessions/${session.id}/reconcile`, { method: 'POST' }),
    );
    expect(res.status).toBe(200);
    const stored = await getSession(session.id);
    expect(stored.status).toBe('pending');
    expect(stored.attempts[0]!.status).toBe('pending');
    expect(stored.webhooks.map((w) => w.type)).not.toContain('checkout.failed');
    const answers = stored.history
      .filter((e) => e.type === 'status_query')
      .map((e) => (e.data as { answer?: string } | null)?.answer);
    expect(answers).toContain('the answer did not match its schema: data.amount must be a number');
  });

  it('to a payout create: the create is unknown, the payout pending (never failed)', async () => {
    const body = payoutBody('005');
    const offSchema = answering({ success: true, message: 'Payout queued', data: [] });
    const { status, view } = await withObjectEnv(
      payoutObject(body.reference),
      { UPSTREAM: offSchema },
      () => createPayout(body),
    );
    expect(status, JSON.stringify(view)).toBe(201);
    expect(view).toMatchObject({ status: 'pending', create_state: 'unknown' });
  });
});
