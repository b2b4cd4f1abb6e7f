// During a rotation a webhook carries two signatures in one
// `webhook-signature` header; the official Standard Webhooks verifier (npm `standardwebhooks`)
// and ours (`unified-checkout/webhooks`) accept it with either secret, and refuse a third.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from '../../shared/webhook-signature';

const CURRENT = `whsec_${Buffer.from('the-current-secret-of-32-bytes!!').toString('base64')}`;
const PREVIOUS = `whsec_${Buffer.from('the-previous-secret-32-bytes-!!!').toString('base64')}`;
const OTHER = `whsec_${Buffer.from('somebody-elses-secret-32-bytes!!').toString('base64')}`;

describe('a webhook signed with two secrets', () => {
  it('carries two v1 signatures that the official standardwebhooks verifier accepts with either secret', async () => {
    const body = JSON.stringify({
      id: 'evt_1',
      type: 'checkout.succeeded',
      data: { amount: 1500 },
    });
    const headers = await signWebhook(
      [CURRENT, PREVIOUS],
      'evt_1',
      Math.floor(Date.now() / 1000),
      body,
    );
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+ v1,[A-Za-z0-9+/=]+$/);
    for (const secret of [CURRENT, PREVIOUS]) {
      expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
      expect(await verifyWebhook(secret, headers, body)).toEqual(JSON.parse(body));
    }
    expect(() => new Webhook(OTHER).verify(body, headers)).toThrow();
    await expect(verifyWebhook(OTHER, headers, body)).rejects.toThrow(
      /No webhook signature matched/,
    );
  });

  it('with one secret, is the single signature it always was', async () => {
    const single = await signWebhook(CURRENT, 'evt_2', 1_700_000_000, '{}');
    const listed = await signWebhook([CURRENT], 'evt_2', 1_700_000_000, '{}');
    expect(listed).toEqual(single);
    expect(single['webhook-signature']).not.toContain(' ');
  });
});
