// One payment lifecycle: the upstream's worst legal answers against the money rules,
// one test per way the old rules told a merchant the wrong thing. The proxy, its Durable Objects
// and the sandbox are the real ones; the sandbox lags ("not created" for a transaction it has),
// loses create answers, omits callback fields and gives distinct references on demand. Each test
// fails on rules that read an unknown as a no.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { MerchantSession } from '../../../worker/session/merchant-view';
import {
  createSession,
  expectNoSecrets,
  getSession,
  ref,
  sandbox,
  startAttempt,
  attemptOn,
} from '../helpers';
import { clearFaults, forceOutcome, injectFault, runTimersNow, sandboxTxFor } from '../hostile';
import {
  collectionCallback,
  expectWebhooks,
  passInputDeadlines,
  passSessionDeadline,
  successParams,
  upstreamRefOf,
  waitUntil,
} from '../sessions/support';
import {
  ageAndReconcile,
  callback,
  createPayout,
  getPayout,
  payoutBody,
  payoutCallback,
  types,
  waitForPayout,
} from '../money';

afterEach(async () => {
  await clearFaults();
  expect((await sandbox('/control/settings', { method: 'DELETE' })).status).toBe(200);
});
afterAll(() => expectNoSecrets());

/** Pending at the sandbox until the test settles it. */
const KE_PENDING = '254712345005';

/** A KES session with one phone-prompt attempt, the create's fate as the sandbox leaves it. */
async function promptAttempt(amount = 1500) {
  const { session, started } = await attemptOn(
    { amount, currency: 'KES', reference: ref('life') },
    { country_id: 1, method: 'send money', mobile: KE_PENDING },
  );
  expect(started.status, JSON.stringify(started.json)).toBe(201);
  return { session, attemptId: started.json.attempt!.id };
}

/** Runs the session's timers until `done` holds (status queries and deliveries run now). */
async function runUntil(
  sessionId: string,
  done: (session: MerchantSession) => boolean,
): Promise<MerchantSession> {
  return vi.waitFor(
    async () => {
      await runTimersNow(sessionId);
      const session = await getSession(sessionId);
      expect(done(session), JSON.stringify(session.history.slice(-6))).toBe(true);
      return session;
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** The next `count` status queries naming the transaction answer 400 "not created". */
async function lagStatus(upstreamRef: string, count: number): Promise<void> {
  const res = await sandbox(`/control/transactions/${upstreamRef}/not-created`, {
    method: 'POST',
    body: JSON.stringify({ count }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Turns the sandbox's distinct references on (depositId, MerchantRequestID and the
 * transaction reference all differ). */
async function distinctReferences(): Promise<void> {
  const res = await sandbox('/control/settings', {
    method: 'PUT',
    body: JSON.stringify({ distinct_references: true }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Settles a sandbox transaction with `body` (outcome, amount, omit). */
async function settle(upstreamRef: string, body: Record<string, unknown>): Promise<void> {
  const res = await sandbox(`/control/transactions/${upstreamRef}/outcome`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('an inferred "not created" never becomes final', () => {
  it('a lost create whose signed success is in hand: "not created" answers fail nothing; the record completes the session', async () => {
    await injectFault('collections', 'answer_lost');
    const { session, attemptId } = await promptAttempt();
    const [tx] = await sandboxTxFor(attemptId);
    expect(tx, 'the sandbox processed the create').toBeDefined();
    expect((await getSession(session.id)).attempts[0]?.create_state).toBe('unknown');
    await settle(tx!.ref, { outcome: 'success' }); // silent: no callback from the sandbox
    await lagStatus(tx!.ref, 4); // a lagging replica during an incident
    // The upstream's success arrives; the reference it must match never came (deferred).
    expect(await collectionCallback(successParams(attemptId, tx!.ref, 1500))).toBe(200);
    const s = await runUntil(session.id, (x) => x.status === 'succeeded');
    const notFound = s.history.filter(
      (e) => e.type === 'status_query' && e.data?.answer === 'not_found',
    );
    expect(notFound.length).toBeGreaterThanOrEqual(3);
    expect(s.attempts[0]?.status).toBe('succeeded');
    await expectWebhooks(session.id, ['checkout.succeeded']);
  });

  it('a payout whose create answer was lost is never failed by "not created" answers', async () => {
    await injectFault('payouts', 'answer_lost'); // made, then answered 504; it never calls back
    const { status, view } = await createPayout(payoutBody('005'));
    expect(status).toBe(201);
    expect(view).toMatchObject({ status: 'pending', create_state: 'unknown' });
    const [tx] = await sandboxTxFor(view.reference);
    expect(tx, 'the sandbox made the payout').toBeDefined();
    expect(await forceOutcome(tx!.ref, 'success')).toBe(200); // the money left
    await lagStatus(tx!.ref, 3); // but three status queries say "not created"
    let after = await getPayout(view.reference);
    for (let i = 0; i < 6 && after.status === 'pending'; i += 1) {
      await ageAndReconcile(view.reference, 0); // the next status query, now
      after = await getPayout(view.reference);
    }
    expect(after.status).toBe('succeeded');
    await vi.waitFor(async () =>
      expect(types(await getPayout(view.reference))).toEqual(['payout.succeeded']),
    );
  });
});

describe('deferred callbacks are judged before a refusal is believed', () => {
  it('a signed success that came while the create was on its way keeps a refused create from "not charged"', async () => {
    // A sub-merchant the upstream does not know: it refuses the create (404 "User not found!").
    const session = await createSession({
      amount: 1500,
      currency: 'KES',
      reference: ref('life'),
      sub_merchant_id: '00000000-0000-4000-8000-000000000000',
    });
    await injectFault('collections', 'delay', 1, 800);
    const create = startAttempt(session.id, {
      country_id: 1,
      method: 'send money',
      mobile: KE_PENDING,
    });
    const attemptId = `${session.id}.1`;
    await vi.waitFor(async () => expect((await getSession(session.id)).attempts).toHaveLength(1));
    // The upstream's signed success for this attempt, while the create is still on its way.
    expect(await collectionCallback(successParams(attemptId, 'SBX-SEEN', 1500))).toBe(200);
    const answer = await create;
    const s = await getSession(session.id);
    expect(s.callbacks[0]?.applied).toBe('deferred');
    // Not "not charged": the attempt stays pending for its status queries to decide.
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    expect(s.attempts[0]).toMatchObject({ status: 'pending', create_state: 'unknown' });
    expect(s.webhooks.map((w) => w.type)).toEqual([]);
  });
});

describe('a session that holds the payer money never ends expired', () => {
  it('a short payment is a mismatch: the session requires action at its deadline, never checkout.expired', async () => {
    const { session, attemptId } = await promptAttempt(1500);
    const upstreamRef = await upstreamRefOf(attemptId);
    expect(await collectionCallback(successParams(attemptId, upstreamRef, 1000))).toBe(200);
    await waitUntil(session.id, (x) => expect(x.attempts[0]?.status).toBe('mismatch'));
    await passSessionDeadline(session.id);
    const s = await getSession(session.id);
    expect(s.status).toBe('requires_action');
    const hooks = await expectWebhooks(session.id, [
      'checkout.anomaly',
      'checkout.requires_action',
    ]);
    const action = hooks.find((w) => w.body.type === 'checkout.requires_action');
    expect(action!.body.data).toMatchObject({ action: 'refund_or_accept', reason: 'mismatch' });
  });

  it('a released attempt the upstream may still settle keeps the session from expired until it fails', async () => {
    const { session, attemptId } = await promptAttempt(1500);
    const upstreamRef = await upstreamRefOf(attemptId);
    await passInputDeadlines(session.id); // the payer did not answer the prompt in time
    await passSessionDeadline(session.id);
    let s = await getSession(session.id);
    expect(s.attempts[0]).toMatchObject({ status: 'pending', input: 'lapsed' });
    expect(s.status).toBe('open');
    expect(s.webhooks.map((w) => w.type)).toEqual([]);
    // Then the upstream says it failed: nobody paid, the session expires.
    expect(await forceOutcome(upstreamRef, 'failed')).toBe(200);
    s = await waitUntil(session.id, (x) => expect(x.status).toBe('expired'));
    await expectWebhooks(session.id, ['checkout.failed', 'checkout.expired']);
  });
});

describe('missing fields never count as matching', () => {
  it('a success callback without amount and depositId settles nothing; the status record decides (short: mismatch)', async () => {
    const { session, attemptId } = await promptAttempt(1500);
    const upstreamRef = await upstreamRefOf(attemptId);
    await settle(upstreamRef, { outcome: 'success', amount: 1000, omit: ['amount', 'depositId'] });
    const s = await runUntil(session.id, (x) => x.attempts[0]?.status !== 'pending');
    expect(s.attempts[0]?.status).toBe('mismatch');
    expect(s.attempts[0]?.reported?.differences).toEqual([
      { field: 'amount', expected: 1500, reported: 1000 },
    ]);
    expect(s.status).toBe('requires_action');
    await expectWebhooks(session.id, ['checkout.anomaly', 'checkout.requires_action']);
  });

  it('a collection paid above its amount (not an NGN virtual account) succeeds and raises checkout.anomaly overpaid', async () => {
    const { session, attemptId } = await promptAttempt(1500);
    const upstreamRef = await upstreamRefOf(attemptId);
    expect(await collectionCallback(successParams(attemptId, upstreamRef, 2000))).toBe(200);
    await waitUntil(session.id, (x) => expect(x.status).toBe('succeeded'));
    const hooks = await expectWebhooks(session.id, ['checkout.succeeded', 'checkout.anomaly']);
    const anomaly = hooks.find((w) => w.body.type === 'checkout.anomaly');
    expect(anomaly!.body.data).toMatchObject({
      anomaly: {
        kind: 'overpaid',
        differences: [{ field: 'amount', expected: 1500, reported: 2000 }],
      },
    });
  });
});

describe('references are not assumed to be one value', () => {
  it('a collection learnt from a status query whose ref differs from the depositId succeeds', async () => {
    await distinctReferences();
    await injectFault('collections', 'no_callback'); // only the status query tells
    const { session, attemptId } = await promptAttempt(1500);
    const depositId = (await getSession(session.id)).attempts[0]!.upstream_reference!;
    const [tx] = await sandboxTxFor(attemptId);
    expect(tx!.ref).toBe(depositId);
    await settle(tx!.ref, { outcome: 'success' });
    const s = await runUntil(session.id, (x) => x.attempts[0]?.status !== 'pending');
    expect(s.attempts[0]?.status).toBe('succeeded');
    await expectWebhooks(session.id, ['checkout.succeeded']);
  });

  it('a collection callback naming its depositId and another transaction reference succeeds; a foreign depositId is a mismatch', async () => {
    await distinctReferences();
    const { session, attemptId } = await promptAttempt(1500);
    const depositId = (await getSession(session.id)).attempts[0]!.upstream_reference!;
    await settle(depositId, { outcome: 'success' }); // the sandbox calls back with both
    await waitUntil(session.id, (x) => expect(x.status).toBe('succeeded'));
    await expectWebhooks(session.id, ['checkout.succeeded']);
    const other = await promptAttempt(1500);
    const foreign = { depositId: 'SBX-SOMEONEELSE', reference: 'SBXT-SOMEONEELSE' };
    expect(await collectionCallback(successParams(other.attemptId, 'SBX-X', 1500, foreign))).toBe(
      200,
    );
    await waitUntil(other.session.id, (x) => expect(x.attempts[0]?.status).toBe('mismatch'));
  });

  it('a payout whose callback reference differs from the create reference succeeds', async () => {
    await distinctReferences();
    const { status, view } = await createPayout(payoutBody('005'));
    expect(status).toBe(201);
    expect(view.upstream_reference).toMatch(/^SBXP-/);
    expect(await forceOutcome(view.upstream_reference!, 'success')).toBe(200);
    const after = await waitForPayout(view.reference, 'succeeded');
    expect(types(after)).toEqual(['payout.succeeded']);
  });

  it('a payout callback naming a transaction reference the status query never gave is a mismatch', async () => {
    await distinctReferences();
    const { view } = await createPayout(payoutBody('005'));
    const res = await callback('/hooks/payouts', payoutCallback(view, 'SBXPT-SOMEONEELSE', {}));
    expect(res.status).toBe(200);
    const after = await waitForPayout(view.reference, 'mismatch');
    expect(after.differences?.[0]).toMatchObject({
      field: 'upstream_reference',
      reported: 'SBXPT-SOMEONEELSE',
    });
  });
});
