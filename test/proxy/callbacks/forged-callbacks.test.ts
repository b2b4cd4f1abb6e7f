// Property: any change to any single field of a validly signed callback is refused (400 or
// 401, in the error shape) and changes nothing — for collection (success and failure), payout
// and payment-link callbacks. The untouched callbacks are then accepted, so the property is not
// vacuous. The count of refused forgeries goes to test-results/hostile-figures.json.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorBody } from '../../../shared/errors';
import {
  createSession,
  expectNoSecrets,
  postCallback,
  ref,
  signedCallback,
  startAttempt,
} from '../helpers';
import { applyMutation, mutationOf, onTheWire } from './mutations';
import {
  globalState,
  ledgerCallbackCount,
  recordFigures,
  sandboxTxFor,
  sessionState,
  type GlobalState,
  type SessionState,
} from '../hostile';

afterAll(() => expectNoSecrets());

/** Forged callbacks tried by the property (one per run). */
const RUNS = 150;

type Envelope = Record<string, unknown>;

/** A callback signed with the test secret, as a plain record. */
async function signed(params: Record<string, unknown>): Promise<Envelope> {
  return { ...(await signedCallback(params)) };
}
interface Target {
  name: string;
  route: string;
  envelope: Envelope;
  /** Fields whose schema takes a number or its text alike (the payload is not specified). */
  loose?: string[];
}

let sessionId = '';
let targets: Target[] = [];
let baseline: { session: SessionState; global: GlobalState };
const refused: Record<string, number> = {};

beforeAll(async () => {
  const session = await createSession({ amount: 1500, currency: 'KES', reference: ref('forge') });
  sessionId = session.id;
  // A real attempt that stays pending (005): a forged outcome would show at once.
  const started = await startAttempt(session.id, {
    country_id: 1,
    method: 'send money',
    mobile: '254712345005',
  });
  expect(started.status).toBe(201);
  const attemptId = `${session.id}.1`;
  // The upstream's own reference: a success naming another one would be a mismatch.
  const [tx] = await sandboxTxFor(attemptId);
  const collection = {
    amount: 1500,
    depositId: tx!.ref,
    mobile: '254712345005',
    name: 'Amina W',
    payment_step: 2,
    reference: tx!.ref,
    status: 'success',
    statusCode: '000000',
    third_party_reference_1: attemptId,
    third_party_reference_2: session.reference,
  };
  const payoutRef = `po-forge-${Date.now()}`;
  targets = [
    {
      name: 'collection success',
      route: '/hooks/collections',
      envelope: await signed(collection),
    },
    {
      name: 'collection failure',
      route: '/hooks/collections',
      envelope: await signed({
        ...collection,
        status: 'failed',
        statusCode: '000005',
        failureReason: { failureCode: 'PM-001', failureMessage: 'Declined.' },
      }),
    },
    {
      name: 'payout',
      route: '/hooks/payouts',
      envelope: await signed({
        amount: 2500,
        currency: 'UGX',
        mobile: '256772000001',
        payment_method_type: 'mtn',
        payment_reference: payoutRef,
        payment_step: 2,
        reference: `TX-${payoutRef}`,
        status: 'success',
        statusCode: '000000',
        third_party_reference_1: payoutRef,
      }),
    },
    {
      name: 'payment link',
      route: '/hooks/payment-links',
      envelope: await signed({
        amount: 1000,
        currency: 'KES',
        payment_step: 2,
        reference: `TX-PL-${Date.now()}`,
        status: 'success',
        statusCode: '000000',
      }),
      loose: ['params.amount', 'params.payment_step'],
    },
  ];
  baseline = { session: await sessionState(sessionId), global: await globalState() };
});

afterAll(async () => {
  const total = Object.values(refused).reduce((a, b) => a + b, 0);
  await recordFigures('forged_callbacks', {
    refused: total,
    refused_401_signature: refused['401'] ?? 0,
    refused_400_shape: refused['400'] ?? 0,
    runs: RUNS,
  });
});

describe('forged callbacks', () => {
  it(`refuses ${RUNS} single-field changes of signed callbacks and stores nothing`, async () => {
    const arbitrary = fc.integer({ min: 0, max: 3 }).chain((index) =>
      mutationOf(targets[index]!.envelope, targets[index]!.loose).map((mutation) => ({
        index,
        mutation,
      })),
    );
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ index, mutation }) => {
        const target = targets[index]!;
        const forged = onTheWire(applyMutation(target.envelope, mutation));
        const res = await postCallback(target.route, JSON.stringify(forged));
        const body: unknown = await res.json();
        expect([400, 401], `${target.name} ${JSON.stringify(mutation)}`).toContain(res.status);
        expect(isErrorBody(body)).toBe(true);
        expect(['SIGNATURE_INVALID', 'VALIDATION_FAILED', 'INVALID_JSON']).toContain(
          (body as { error: { code: string } }).error.code,
        );
        refused[res.status] = (refused[res.status] ?? 0) + 1;
        expect(await globalState()).toEqual(baseline.global);
        if (target.route === '/hooks/collections') {
          expect(await sessionState(sessionId)).toEqual(baseline.session);
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 120_000);

  it('refuses what the signature cannot see: empty objects or lists, a senderKey, retyped values', async () => {
    const genuine = targets[0]!.envelope;
    const params = genuine.params as Record<string, unknown>;
    const invisible: [string, Envelope][] = [
      ['an empty object at the root', { ...genuine, CLIENT_ID: {} }],
      ['an empty list in params', { ...genuine, params: { ...params, extra: [] } }],
      ['a senderKey', { ...genuine, senderKey: 'anything' }],
      ['a number sent as text', { ...genuine, params: { ...params, amount: '1500' } }],
      ['payment_step as text', { ...genuine, params: { ...params, payment_step: '2' } }],
      ['a timestamp as text', { ...genuine, timestamp: String(genuine.timestamp) }],
      ['a text sent as a number', { ...genuine, params: { ...params, mobile: 254712345005 } }],
    ];
    for (const [what, forged] of invisible) {
      const res = await postCallback('/hooks/collections', forged);
      expect(res.status, what).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
      refused['400'] = (refused['400'] ?? 0) + 1;
    }
    expect(await sessionState(sessionId)).toEqual(baseline.session);
  });

  it('a repeated JSON key cannot smuggle a value past the signature (the parsed body is verified)', async () => {
    const genuine = targets[0]!.envelope;
    const text = JSON.stringify(genuine).replace(
      /^\{/,
      `{"params":${JSON.stringify({ ...(genuine.params as object), status: 'failed' })},`,
    );
    // JSON.parse keeps the last "params" (the genuine one): accepted only if nothing changed.
    expect((await postCallback('/hooks/collections', text)).status).toBe(200);
    const flipped = JSON.stringify(genuine).replace(
      /\}$/,
      `,"params":${JSON.stringify({ ...(genuine.params as object), amount: 1 })}}`,
    );
    expect((await postCallback('/hooks/collections', flipped)).status).toBe(401);
  });

  it('the untouched callbacks are accepted and applied (the property is not vacuous)', async () => {
    for (const target of [targets[0]!, targets[2]!, targets[3]!]) {
      const res = await postCallback(target.route, target.envelope);
      expect(res.status, target.name).toBe(200);
    }
    const state = await sessionState(sessionId);
    expect(state.status).toBe('succeeded');
    expect(state.attempts[0]?.status).toBe('succeeded');
    expect(await ledgerCallbackCount({ kind: 'payout' })).toBeGreaterThan(0);
  });
});
