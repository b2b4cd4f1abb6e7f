// The callback receiver accepts what the upstream may add. The real sandbox
// sends a callback with root and params fields we do not know (signed with the rest), and a
// failure without failureReason: each is answered 200 and applied. An exact retry of a callback
// already recorded (the sandbox's own signed bytes) is answered 200 even past
// CALLBACK_MAX_AGE_SECONDS; one never recorded is still refused.
import {
  createExecutionContext,
  runInDurableObject,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { signEnvelope } from '../../../shared/signing';
import type { ProxyEnv } from '../../../worker/env';
import worker from '../../../worker/index';
import {
  BASE,
  expectNoSecrets,
  getSession,
  ref,
  sandbox,
  seenBodies,
  waitForSession,
  attemptOn,
} from '../helpers';
import { sandboxTxFor } from '../hostile';
import { projectScheme } from '../money';
import { sessionObject } from '../objects';
import { successParams } from '../sessions/support';

afterAll(() => expectNoSecrets());

/** How the upstream signs in this project (sha256, or HMAC in proxy-hmac). */
const UPSTREAM_SIGNER = {
  clientId: 'test-client',
  sender: 'Test Shop',
  secretKey: 'test-secret',
  scheme: projectScheme(),
};

interface Delivery {
  id: number;
  reason: string;
  attempts: number;
  last_status: number | null;
  delivered_at: string | null;
}

/** A Kenya attempt through the proxy; answers the session, attempt and sandbox reference. */
async function kenya(ending: string) {
  const { session, started } = await attemptOn(
    { amount: 1500, currency: 'KES', reference: ref('rx') },
    { country_id: 1, method: 'send money', mobile: `254712345${ending}` },
  );
  expect(started.status, JSON.stringify(started.json)).toBe(201);
  const attemptId = started.json.attempt!.id;
  const [tx] = await vi.waitFor(async () => {
    const found = await sandboxTxFor(attemptId);
    expect(found).toHaveLength(1);
    return found;
  });
  return { session, attemptId, upstreamRef: tx!.ref };
}

async function sandboxPost(path: string, body: unknown) {
  const res = await sandbox(path, { method: 'POST', body: JSON.stringify(body) });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as { delivery_id?: number };
}

/** Waits until the sandbox's delivery got an answer; answers it. */
async function answered(deliveryId: number): Promise<Delivery & { body: unknown }> {
  return vi.waitFor(
    async () => {
      const res = await sandbox(`/control/callbacks/${deliveryId}`);
      const { callback } = (await res.json()) as { callback: Delivery & { body: unknown } };
      expect(callback.attempts).toBeGreaterThanOrEqual(1);
      return callback;
    },
    { timeout: 5000, interval: 50 },
  );
}

/** The sandbox's terminal delivery of a transaction, once answered. */
async function terminalDelivery(upstreamRef: string): Promise<Delivery & { body: unknown }> {
  const id = await vi.waitFor(async () => {
    const res = await sandbox(`/control/transactions/${upstreamRef}`);
    const { transaction } = (await res.json()) as { transaction: { callbacks: Delivery[] } };
    const terminal = transaction.callbacks.find((d) => d.reason === 'terminal');
    expect(terminal).toBeDefined();
    return terminal!.id;
  });
  return answered(id);
}

/** The proxy's fetch with some vars changed (as a deployment with them would answer). */
async function proxyWith(
  vars: Partial<Record<keyof ProxyEnv, string>>,
  path: string,
  body: unknown,
) {
  const ctx = createExecutionContext();
  const response = await worker.fetch!(
    new Request(BASE + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...vars } as ProxyEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  seenBodies.push(await response.clone().text());
  return response;
}

describe('fields the upstream may add', () => {
  it('unknown root and params fields, signed with the rest: 200, applied, params kept', async () => {
    // 005: the sandbox never settles it; the success below is the only word the proxy gets.
    const { session, upstreamRef } = await kenya('005');
    const sent = await sandboxPost(`/control/transactions/${upstreamRef}/callback`, {
      params: {
        status: 'success',
        statusCode: '000000',
        payment_step: 2,
        channel: 'mpesa',
        settlement: { batch: 7 },
      },
      root: { version: '2', meta: { region: 'ke' } },
    });
    const delivery = await answered(sent.delivery_id!);
    expect(delivery.last_status).toBe(200);
    expect(delivery.attempts).toBe(1);
    await waitForSession(session.id, 'succeeded');
    // The params are kept as signed, unknown fields included; root fields are not stored.
    const bodies = await runInDurableObject(sessionObject(session.id), (_instance, state) =>
      state.storage.sql.exec<{ body: string }>('SELECT body FROM callbacks').toArray(),
    );
    const kept = bodies.map((row) => JSON.parse(row.body) as Record<string, unknown>);
    expect(kept).toContainEqual(
      expect.objectContaining({ channel: 'mpesa', settlement: { batch: 7 }, status: 'success' }),
    );
  });

  it('an unknown root field the signature does not cover is refused (401)', async () => {
    const { attemptId, upstreamRef } = await kenya('005');
    const signed = await signEnvelope(successParams(attemptId, upstreamRef, 1500), UPSTREAM_SIGNER);
    const res = await proxyWith({}, '/hooks/collections', { ...signed, version: '2' });
    expect(res.status).toBe(401);
  });

  it('a failure without failureReason is still a failure', async () => {
    const { session, upstreamRef } = await kenya('005');
    await sandboxPost(`/control/transactions/${upstreamRef}/outcome`, {
      outcome: 'failed',
      omit: ['failureReason'],
    });
    const delivery = await terminalDelivery(upstreamRef);
    expect(delivery.last_status).toBe(200);
    expect(delivery.body).toMatchObject({ params: { status: 'failed', statusCode: '000005' } });
    expect(delivery.body).not.toHaveProperty('params.failureReason');
    await vi.waitFor(async () => {
      const s = await getSession(session.id);
      expect(s.attempts[0]?.status).toBe('failed');
      expect(s.status).toBe('open');
    });
  });
});

describe('an exact retry past CALLBACK_MAX_AGE_SECONDS', () => {
  it('of a callback already recorded is answered 200 and changes nothing; a new one is refused', async () => {
    const { session, attemptId, upstreamRef } = await kenya('000');
    const delivery = await terminalDelivery(upstreamRef);
    expect(delivery.last_status).toBe(200);
    await waitForSession(session.id, 'succeeded');
    const before = await getSession(session.id);
    // Let the sandbox's signed timestamp age past a one-second window (this waits for the
    // clock, not for something to not happen).
    const signedAt = (delivery.body as { timestamp: number }).timestamp;
    await vi.waitFor(() => expect(Date.now() / 1000 - signedAt).toBeGreaterThan(2), {
      timeout: 5000,
      interval: 100,
    });
    const vars = { CALLBACK_MAX_AGE_SECONDS: '1' };
    const retry = await proxyWith(vars, '/hooks/collections', delivery.body);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ received: true, duplicate: true });
    const after = await getSession(session.id);
    expect(after.webhooks).toEqual(before.webhooks);
    expect(after.attempts).toEqual(before.attempts);
    // The same params never recorded (another amount), signed as old: refused.
    const stale = await signEnvelope(
      {
        ...(delivery.body as { params: Record<string, unknown> }).params,
        third_party_reference_1: attemptId,
        amount: 1499,
      },
      UPSTREAM_SIGNER,
      Date.now() - 10_000,
    );
    const refused = await proxyWith(vars, '/hooks/collections', stale);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'TIMESTAMP_OUT_OF_RANGE',
    );
  });
});
