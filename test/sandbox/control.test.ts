// The control surface: the transaction list, and injected upstream faults for the next N
// calls of an endpoint (500, delay, malformed body, accept-but-never-call-back).
import { describe, expect, it } from 'vitest';
import {
  call,
  controlTransaction,
  envelope,
  PATHS,
  receiver,
  signedPost,
  waitForStatus,
} from './client/client';
import { kenyaParams } from './client/fixtures';

const fault = (body: Record<string, unknown>) => call('POST', '/control/faults', body);

describe('transactions', () => {
  it('lists transactions newest first with their script, callbacks and public links', async () => {
    const hook = receiver();
    const first = await signedPost(PATHS.collections, kenyaParams(hook.url, '001'));
    const second = await signedPost(PATHS.collections, kenyaParams(hook.url, '005'));
    const list = await call('GET', '/control/transactions?limit=2');
    expect(list.status).toBe(200);
    expect(list.body.transactions.map((t: { ref: string }) => t.ref)).toEqual([
      second.body.data.depositId,
      first.body.data.depositId,
    ]);
    expect(list.body.transactions[0]).toMatchObject({
      type: 'payin',
      status: 'pending',
      stage: 'stalled',
      script: 'pending_forever',
      amount: 1500,
      currency: 'KES',
      callbacks: [],
    });
    const one = await controlTransaction(first.body.data.depositId);
    expect(one.script).toBe('failed');
  });

  it('an unknown transaction or route answers the shared error shape', async () => {
    const unknown = await call('GET', '/control/transactions/SBX-NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    const route = await call('GET', '/control/nothing');
    expect(route.status).toBe(404);
    expect(route.body.error.code).toBe('NOT_FOUND');
  });
});

describe('faults', () => {
  it('error: the next N calls answer 500 without being processed', async () => {
    const set = await fault({ endpoint: 'collections', fault: 'error', count: 2 });
    expect(set.status).toBe(201);
    expect(set.body.fault).toMatchObject({ endpoint: 'collections', fault: 'error', remaining: 2 });
    const hook = receiver();
    const body = await envelope(kenyaParams(hook.url, '000'));
    for (let i = 0; i < 2; i++) {
      const got = await call('POST', PATHS.collections, body);
      expect(got.status).toBe(500);
      expect(got.body.success).toBe(false);
    }
    // Not processed: the very same signed request still goes through afterwards.
    const third = await call('POST', PATHS.collections, body);
    expect(third.status).toBe(200);
    expect((await call('GET', '/control/faults')).body.faults).toEqual([]);
  });

  it('delay: the answer comes after delay_ms and the call is processed', async () => {
    await fault({
      endpoint: '/api/v3/get-unified-transaction-status',
      fault: 'delay',
      delay_ms: 300,
    });
    const started = Date.now();
    const got = await signedPost(PATHS.status, { id: 'nothing', type: 'payin' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(got.status).toBe(400);
  });

  it('malformed: an HTTP 200 whose body is not JSON', async () => {
    await fault({ endpoint: 'payouts', fault: 'malformed' });
    const got = await signedPost(PATHS.payouts, { amount: 1 });
    expect(got.status).toBe(200);
    expect(got.body).toBeUndefined();
    expect(() => JSON.parse(got.text)).toThrow();
  });

  it('no_callback: the create is accepted and settles, but no callback is ever sent', async () => {
    await fault({ endpoint: 'collections', fault: 'no_callback' });
    const hook = receiver();
    const created = await signedPost(PATHS.collections, kenyaParams(hook.url, '000'));
    expect(created.status).toBe(200);
    await waitForStatus(created.body.data.depositId, 'payin', '000000');
    expect(await hook.settled()).toHaveLength(0);
    expect((await controlTransaction(created.body.data.depositId)).silent).toBe(true);
    const next = receiver();
    await signedPost(PATHS.collections, kenyaParams(next.url, '000'));
    await next.waitFor(1);
  });

  it('answer_lost: the create is processed (silently) but answered 504: only a status query tells', async () => {
    await fault({ endpoint: 'collections', fault: 'answer_lost' });
    const hook = receiver();
    const params = kenyaParams(hook.url, '000');
    const created = await signedPost(PATHS.collections, params);
    expect(created.status).toBe(504);
    expect(created.body).toMatchObject({ success: false });
    const reference = String(params.third_party_reference_1);
    await waitForStatus(reference, 'payin', '000000');
    expect(await hook.settled()).toHaveLength(0);
  });

  it('get-token and balance can fail too', async () => {
    await fault({ endpoint: 'get-token', fault: 'error' });
    const got = await call('POST', PATHS.token, {
      client_id: 'test-client',
      secret_key: 'test-secret',
    });
    expect(got.status).toBe(500);
  });

  it('lists and clears pending faults', async () => {
    await fault({ endpoint: 'status', fault: 'error', count: 5 });
    await fault({ endpoint: 'status', fault: 'malformed', count: 3 }); // replaces
    const listed = await call('GET', '/control/faults');
    expect(listed.body.faults).toEqual([
      expect.objectContaining({ endpoint: 'status', fault: 'malformed', remaining: 3 }),
    ]);
    const cleared = await call('DELETE', '/control/faults');
    expect(cleared.body).toEqual({ cleared: 1 });
    expect((await signedPost(PATHS.status, { id: 'x', type: 'payin' })).status).toBe(400);
  });

  it('refuses an unknown endpoint, no_callback on a non-create, delay without delay_ms', async () => {
    for (const body of [
      { endpoint: 'refunds', fault: 'error' },
      { endpoint: 'status', fault: 'no_callback' },
      { endpoint: 'status', fault: 'delay' },
      { endpoint: 'status', fault: 'explode' },
      { endpoint: 'status', fault: 'error', count: 0 },
    ]) {
      const got = await fault(body);
      expect(got.status).toBe(400);
      expect(got.body.error.code).toBe('VALIDATION_FAILED');
    }
  });
});
