import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
} from '../../shared/webhook-signature';

// The Standard Webhooks specification's published example.
const SPEC = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('Standard Webhooks signatures', () => {
  it('reproduces the specification example', async () => {
    const headers = await signWebhook(SPEC.secret, SPEC.id, SPEC.timestamp, SPEC.body);
    expect(headers['webhook-signature']).toBe(SPEC.signature);
    const event = await verifyWebhook(SPEC.secret, headers, SPEC.body, {
      now: SPEC.timestamp * 1000,
    });
    expect(event).toEqual({ test: 2432232314 });
  });

  it('agrees with an independent HMAC computed by node:crypto', async () => {
    const secret = `whsec_${Buffer.from('another key').toString('base64')}`;
    const headers = await signWebhook(secret, 'evt_1', 1_700_000_000, '{"a":1}');
    const expected = createHmac('sha256', 'another key')
      .update('evt_1.1700000000.{"a":1}')
      .digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
  });

  it("reads Node's IncomingHttpHeaders: a repeated signature header as an array, any case", async () => {
    const headers = await signWebhook(SPEC.secret, SPEC.id, SPEC.timestamp, SPEC.body);
    const node: import('node:http').IncomingHttpHeaders = {
      'webhook-id': headers['webhook-id'],
      'Webhook-Timestamp': headers['webhook-timestamp'],
      'webhook-signature': ['v1,bm90IGl0', headers['webhook-signature']],
    };
    const event = await verifyWebhook(SPEC.secret, node, SPEC.body, { now: SPEC.timestamp * 1000 });
    expect(event).toEqual({ test: 2432232314 });
    await expect(
      verifyWebhook(SPEC.secret, { ...node, 'webhook-id': undefined }, SPEC.body, {
        now: SPEC.timestamp * 1000,
      }),
    ).rejects.toThrow('The webhook-id header is missing.');
  });

  it('accepts any matching signature among several (key rotation) and a Headers object', async () => {
    const headers = await signWebhook(SPEC.secret, SPEC.id, SPEC.timestamp, SPEC.body);
    const rotated = new Headers({
      ...headers,
      'webhook-signature': `v1,bm9wZQ== ${headers['webhook-signature']}`,
    });
    await expect(
      verifyWebhook(SPEC.secret, rotated, SPEC.body, { now: SPEC.timestamp * 1000 }),
    ).resolves.toEqual({ test: 2432232314 });
  });

  it('refuses with a human reason: tampered body, wrong secret, stale, future, missing header', async () => {
    const now = SPEC.timestamp * 1000;
    const headers = await signWebhook(SPEC.secret, SPEC.id, SPEC.timestamp, SPEC.body);
    const cases: [() => Promise<unknown>, RegExp][] = [
      [
        () => verifyWebhook(SPEC.secret, headers, '{"test": 1}', { now }),
        /No webhook signature matched/,
      ],
      [
        () => verifyWebhook(`whsec_${btoa('other')}`, headers, SPEC.body, { now }),
        /No webhook signature matched/,
      ],
      [() => verifyWebhook(SPEC.secret, headers, SPEC.body, { now: now + 301_000 }), /too old/],
      [() => verifyWebhook(SPEC.secret, headers, SPEC.body, { now: now - 301_000 }), /future/],
      [
        () => verifyWebhook(SPEC.secret, { ...headers, 'webhook-id': '' }, SPEC.body, { now }),
        /webhook-id header is missing/,
      ],
      [
        () =>
          verifyWebhook(SPEC.secret, { ...headers, 'webhook-timestamp': 'soon' }, SPEC.body, {
            now,
          }),
        /not a number/,
      ],
    ];
    for (const [verify, message] of cases) {
      const promise = verify();
      await expect(promise).rejects.toThrow(WebhookVerificationError);
      await expect(promise).rejects.toThrow(message);
    }
  });
});
