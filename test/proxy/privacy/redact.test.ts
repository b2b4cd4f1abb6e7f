// Erasure of payers' data on request (docs/data-retention.md): POST /v1/sessions/:id/redact and
// POST /v1/payouts/:ref/redact erase a settled record and refuse an unsettled one. After either,
// no table of the object and no row of the query index holds the payer's phone, name or email.
// Real objects, real D1, real sandbox; the alarm is driven, never waited for.
import { afterAll, describe, expect, it } from 'vitest';
import type { MerchantSession } from '../../../worker/session/merchant-view';
import type { PayoutView } from '../../../worker/payout/view';
import { expectNoSecrets, getSession, merchant, ref, waitForSession } from '../helpers';
import { getJson, waitForRow } from '../index/support';
import { passHorizon, successParams, upstreamRefOf } from '../sessions/support';
import { callback, createPayout, payoutBody, payoutCallback, waitForPayout } from '../money';
import { holding, indexText, runTasksNow, storedText } from './support';
import {
  PAYER_PENDING,
  FIRST,
  LAST,
  EMAIL,
  personal,
  sessionBody,
  namedStepOne,
  redact,
  startPendingAttempt,
} from './retention-support';
import { payoutObject, sessionObject } from '../objects';

afterAll(() => expectNoSecrets());

describe('POST /v1/sessions/:id/redact', () => {
  it('is refused while an attempt is pending or needs review, then erases the settled session (no phone, name or email left in the object or the index)', async () => {
    const unknown = await redact('/v1/sessions/cs_00000000000000000000000000/redact');
    expect(unknown.status).toBe(404);

    const key = ref('idem');
    const terms = sessionBody();
    const create = () =>
      merchant('/v1/sessions', {
        method: 'POST',
        headers: { 'idempotency-key': key },
        body: JSON.stringify(terms),
      });
    const created = await create();
    expect(created.status).toBe(201);
    const session = (await created.json()) as MerchantSession;
    const attemptId = await startPendingAttempt(session.id);
    const upstreamRef = await upstreamRefOf(attemptId);
    await namedStepOne(attemptId, upstreamRef, PAYER_PENDING);

    const pending = await redact(`/v1/sessions/${session.id}/redact`);
    expect(pending.status).toBe(409);
    expect((pending.json.error as { code: string }).code).toBe('NOT_SETTLED');
    await passHorizon(session.id);
    const review = await redact(`/v1/sessions/${session.id}/redact`);
    expect(review.status).toBe(409);
    expect((await getSession(session.id)).redacted_at).toBeNull();
    // Refused: the data is still there.
    expect(holding(await storedText(sessionObject(session.id)), [FIRST, EMAIL])).not.toEqual([]);

    // The upstream's late success settles it; now it can be erased.
    expect(
      (await callback('/hooks/collections', successParams(attemptId, upstreamRef, 1500))).status,
    ).toBe(200);
    await waitForSession(session.id, 'succeeded');
    await waitForRow('attempts', attemptId, { status: 'succeeded' });
    const done = await redact(`/v1/sessions/${session.id}/redact`);
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    const erased = done.json as unknown as MerchantSession;
    expect(erased.redaction_reason).toBe('request');
    expect(erased.customer).toBeNull();
    expect(erased.attempts[0]!.mobile).toMatch(/^\d+\*+\d+$/);
    expect(erased.history.map((e) => e.type)).toContain('redacted');

    // Once more: the same erasure (time unchanged).
    const again = await redact(`/v1/sessions/${session.id}/redact`);
    expect(again.status).toBe(200);
    expect((again.json as unknown as MerchantSession).redacted_at).toBe(erased.redacted_at);

    // The public view answers, without the prefill.
    const view = await getJson<{ customer: unknown; status: string }>(`/v1/checkout/${session.id}`);
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({ customer: null, status: 'succeeded' });

    // A late repeat of the success, carrying the number and name, is kept without them.
    const late = successParams(attemptId, upstreamRef, 1500, {
      mobile: PAYER_PENDING,
      name: `${FIRST} ${LAST}`,
    });
    const stored = (await getSession(session.id)).callbacks.length;
    expect((await callback('/hooks/collections', late)).status).toBe(200);
    expect((await getSession(session.id)).callbacks.length).toBe(stored + 1);

    await runTasksNow(sessionObject(session.id), ['index']);
    expect(holding(await storedText(sessionObject(session.id)), personal(PAYER_PENDING))).toEqual(
      [],
    );
    expect(holding(await indexText(session.id), personal(PAYER_PENDING))).toEqual([]);

    // The same Idempotency-Key with the same terms still answers this session (its kept terms
    // are compared); other terms conflict.
    const replay = await create();
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as MerchantSession).id).toBe(session.id);
    terms.amount += 1;
    expect((await create()).status).toBe(409);
  });
});

describe('POST /v1/payouts/:ref/redact', () => {
  it('is refused for an unknown or unsettled payout, erases a settled one, and a repeated create still compares its kept terms', async () => {
    expect((await redact(`/v1/payouts/${ref('none')}/redact`)).status).toBe(404);

    const pendingBody = payoutBody('005', { name: `${FIRST} ${LAST}` });
    expect((await createPayout(pendingBody)).status).toBe(201);
    const pending = await redact(`/v1/payouts/${pendingBody.reference}/redact`);
    expect(pending.status).toBe(409);
    expect((pending.json.error as { code: string }).code).toBe('NOT_SETTLED');

    const body = payoutBody('000', { name: `${FIRST} ${LAST}`, narration: `Refund ${EMAIL}` });
    expect((await createPayout(body)).status).toBe(201);
    await waitForPayout(body.reference, 'succeeded');
    await waitForRow('payouts', body.reference, { status: 'succeeded' });
    expect(holding(await storedText(payoutObject(body.reference)), [FIRST, EMAIL])).not.toEqual([]);

    const done = await redact(`/v1/payouts/${body.reference}/redact`);
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    const view = done.json as unknown as PayoutView;
    expect(view.redaction_reason).toBe('request');
    expect(view.redacted_at).not.toBeNull();
    expect(view.status).toBe('succeeded');
    expect(view.amount).toBe(body.amount);
    expect(view.mobile).toMatch(/^\d+\*+\d+$/);

    // A late callback repeating the success with the full number is kept without it.
    const lateCallback = payoutCallback(view, view.upstream_reference ?? ref('SBX-PO'), {
      mobile: body.mobile,
      name: `${FIRST} ${LAST}`,
    });
    expect((await callback('/hooks/payouts', lateCallback)).status).toBe(200);

    await runTasksNow(payoutObject(body.reference), ['index']);
    expect(holding(await storedText(payoutObject(body.reference)), personal(body.mobile))).toEqual(
      [],
    );
    expect(holding(await indexText(body.reference), personal(body.mobile))).toEqual([]);

    // Idempotency survives: the same terms answer the payout, other terms conflict.
    expect((await createPayout(body)).status).toBe(200);
    expect((await createPayout({ ...body, amount: body.amount + 1 })).status).toBe(409);
  });
});
