// The signed envelope, as the spec states it: signature per DESIGN.md §3, never reused,
// known client and exact sender, whitelisted caller IP; the 403 messages of the Errors table.
import { describe, expect, it } from 'vitest';
import { isWhitelisted, callerIp } from '../../sandbox/src/whitelist';
import {
  call,
  CREDENTIALS,
  envelope,
  MESSAGES,
  PATHS,
  receiver,
  signedPost,
  type EnvelopeOptions,
} from './client/client';
import { kenyaParams } from './client/fixtures';

const hook = receiver();

describe('signature', () => {
  it('a correctly signed request is accepted', async () => {
    const got = await signedPost(PATHS.collections, kenyaParams(hook.url, '678'));
    expect(got.status).toBe(200);
    expect(got.body.success).toBe(true);
  });

  const refusals: [string, EnvelopeOptions][] = [
    ['signed with another secret', { secret: 'not-the-secret' }],
    ['an unknown client_id', { clientId: 'someone-else' }],
    ['a sender that differs (case-sensitive)', { sender: 'test shop' }],
  ];
  for (const [label, options] of refusals) {
    it(`refuses ${label} with 403 and the spec's message`, async () => {
      const got = await signedPost(PATHS.collections, kenyaParams(hook.url, '678'), options);
      expect(got.status).toBe(403);
      expect(got.body).toEqual({ success: false, message: MESSAGES.notVerified });
    });
  }

  it('refuses a body changed after signing', async () => {
    const body = await envelope(kenyaParams(hook.url, '678'));
    (body.params as Record<string, unknown>).amount = 1;
    const got = await call('POST', PATHS.collections, body);
    expect(got.status).toBe(403);
    expect(got.body.message).toBe(MESSAGES.notVerified);
  });

  it('refuses a signature computed with another timestamp or salt than the one sent', async () => {
    const body = await envelope(kenyaParams(hook.url, '678'));
    const got = await call('POST', PATHS.collections, {
      ...body,
      timestamp: (body.timestamp as number) + 1,
    });
    expect(got.status).toBe(403);
    const again = await call('POST', PATHS.collections, { ...body, salt: 'other' });
    expect(again.status).toBe(403);
  });

  it('refuses a missing signature, a non-integer timestamp and a missing salt', async () => {
    const body = await envelope(kenyaParams(hook.url, '678'));
    const { signature: _, ...unsigned } = body;
    expect((await call('POST', PATHS.collections, unsigned)).status).toBe(403);
    const decimalTime = { ...body, timestamp: 1763800000.5 };
    expect((await call('POST', PATHS.collections, decimalTime)).status).toBe(403);
    const { salt: __, ...saltless } = body;
    expect((await call('POST', PATHS.collections, saltless)).status).toBe(403);
  });

  it('a signature may not be reused: the replayed request is refused', async () => {
    const body = await envelope(kenyaParams(hook.url, '678'));
    const first = await call('POST', PATHS.collections, body);
    expect(first.status).toBe(200);
    const replay = await call('POST', PATHS.collections, body);
    expect(replay.status).toBe(403);
    expect(replay.body).toEqual({ success: false, message: MESSAGES.notVerified });
    expect(replay.headers.get('x-sandbox-reason')).toMatch(/already used/);
  });

  it('a replayed status query is refused too (a new signature per status request)', async () => {
    const body = await envelope({ id: 'whatever', type: 'payin' });
    expect((await call('POST', PATHS.status, body)).status).toBe(400);
    expect((await call('POST', PATHS.status, body)).status).toBe(403);
  });

  it('a body that is not JSON answers 400 with the endpoint message', async () => {
    const got = await call('POST', PATHS.collections, '{"client_id":');
    expect(got.status).toBe(400);
    expect(got.body).toEqual({ success: false, message: MESSAGES.collectionRefused });
  });

  it('params must be an object', async () => {
    const got = await call('POST', PATHS.collections, await envelope(null as never));
    expect(got.status).toBe(400);
    expect(got.body.message).toBe(MESSAGES.collectionRefused);
  });
});

describe('the 403 row of every signed endpoint', () => {
  const cases: [string, string, Record<string, unknown>][] = [
    ['status query', PATHS.status, { id: 'x', type: 'payin' }],
    ['collections', PATHS.collections, kenyaParams(hook.url, '678')],
    ['process-transaction', PATHS.processTransaction, { otp: '000000', payment_token: 'ptk_x' }],
    ['payouts', PATHS.payouts, { amount: 10 }],
  ];
  for (const [label, path, params] of cases) {
    it(`${label}: ${MESSAGES.notVerified}`, async () => {
      const got = await signedPost(path, params, { clientId: 'intruder' });
      expect(got.status).toBe(403);
      expect(got.body).toEqual({ success: false, message: MESSAGES.notVerified });
    });
  }

  it(`payment link create: ${MESSAGES.linkNotVerified}`, async () => {
    const got = await signedPost(PATHS.linkCreate, { amount: 10 }, { secret: 'wrong' });
    expect(got.status).toBe(403);
    expect(got.body).toEqual({ success: false, message: MESSAGES.linkNotVerified });
  });
});

describe('IP whitelist (SANDBOX_IP_WHITELIST = 127.0.0.1,unknown,203.0.113.7 here)', () => {
  it('a listed CF-Connecting-IP is allowed', async () => {
    const got = await signedPost(PATHS.collections, kenyaParams(hook.url, '678'), {
      ip: '203.0.113.7',
    });
    expect(got.status).toBe(200);
  });

  it('an unlisted IP is refused with 403', async () => {
    const got = await signedPost(PATHS.collections, kenyaParams(hook.url, '678'), {
      ip: '198.51.100.9',
    });
    expect(got.status).toBe(403);
    expect(got.body.success).toBe(false);
    expect(got.headers.get('x-sandbox-reason')).toMatch(/198\.51\.100\.9 is not whitelisted/);
  });

  it('no CF-Connecting-IP (a service-binding call) counts as "unknown"', async () => {
    const got = await signedPost(PATHS.collections, kenyaParams(hook.url, '678'), { ip: null });
    expect(got.status).toBe(200);
  });

  it('the whitelist rules: exact entries, "*" allows anyone, absent header is "unknown"', () => {
    expect(isWhitelisted('127.0.0.1, unknown', 'unknown')).toBe(true);
    expect(isWhitelisted('127.0.0.1', '127.0.0.10')).toBe(false);
    expect(isWhitelisted('*', '198.51.100.9')).toBe(true);
    expect(isWhitelisted('', '127.0.0.1')).toBe(false);
    expect(callerIp(new Headers())).toBe('unknown');
    expect(callerIp(new Headers({ 'CF-Connecting-IP': '203.0.113.7' }))).toBe('203.0.113.7');
  });

  it('get-token is not a signed call and is not IP-checked', async () => {
    const got = await call(
      'POST',
      PATHS.token,
      { client_id: CREDENTIALS.clientId, secret_key: CREDENTIALS.secret },
      { ip: '198.51.100.9' },
    );
    expect(got.status).toBe(200);
  });
});
