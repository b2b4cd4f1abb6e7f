// The OTP-verified method (Cote d'Ivoire): create returns payment_token; process-transaction
// with OTP 000000 within the token's validity (2 sandbox minutes upstream; 10 here, 4 s at this
// project's time scale of 150, so a loaded machine cannot straddle it) succeeds; a
// wrong OTP leaves the transaction pending; after expiry it fails with a callback.
import { describe, expect, it } from 'vitest';
import { controlTransaction, PATHS, receiver, signedPost, statusQuery } from './client/client';
import { collectionParams, countryOf, methodOf, phoneOf } from './client/fixtures';

const PROMPT = 'Payment request sent. The payer must approve the prompt on their phone.';

async function startOtp(ending = '678') {
  const hook = receiver();
  const ci = countryOf(3);
  const params = collectionParams(ci, methodOf(3, 'otp_operator'), hook.url, {
    mobile: phoneOf(ci, ending),
  });
  const created = await signedPost(PATHS.collections, params);
  expect(created.status).toBe(200);
  expect(created.body.message).toBe(PROMPT);
  return {
    hook,
    ref: created.body.data.depositId as string,
    token: created.body.data.payment_token as string,
  };
}

const submit = (payment_token: string, otp: string) =>
  signedPost(PATHS.processTransaction, { otp, payment_token });

describe.concurrent('OTP method', () => {
  it('000000 within validity: success, then the success callback', async () => {
    const { hook, ref, token } = await startOtp();
    expect(token).toMatch(/^ptk_/);
    const processed = await submit(token, '000000');
    expect(processed.status).toBe(200);
    expect(processed.body).toMatchObject({
      success: true,
      status_code: '000000',
      data: { depositId: ref, status: 'pending', payment_step: 1, payment_token: token },
    });
    const [callback] = await hook.waitFor(1);
    expect(callback!.body.params).toMatchObject({
      reference: ref,
      status: 'success',
      statusCode: '000000',
    });
    const again = await submit(token, '000000');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      success: false,
      message: 'This transaction has already been processed.',
    });
  });

  it('a wrong OTP answers success:false and leaves the transaction pending; a retry can succeed', async () => {
    const { hook, ref, token } = await startOtp();
    const wrong = await submit(token, '123456');
    const right = await submit(token, '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body.success).toBe(false);
    expect(wrong.body.message).toMatch(/Invalid OTP/);
    expect(right.status).toBe(200);
    expect(right.body.data.status).toBe('pending');
    expect((await controlTransaction(ref)).otp_attempts).toBe(1);
    const [callback] = await hook.waitFor(1);
    expect(callback!.body.params).toMatchObject({ reference: ref, status: 'success' });
  });

  it('after a wrong OTP the transaction is still pending', async () => {
    const { hook, ref, token } = await startOtp('005');
    const wrong = await submit(token, '111111');
    const status = await statusQuery(ref, 'payin'); // within the token's validity
    expect(wrong.status).toBe(400);
    expect(status.body.data).toMatchObject({ status: 'pending', status_code: '000001' });
    expect(await hook.calls()).toHaveLength(0);
  });

  it('after a correct OTP the phone table applies (001 fails with PM-001)', async () => {
    const { hook, token } = await startOtp('001');
    expect((await submit(token, '000000')).status).toBe(200);
    const [callback] = await hook.waitFor(1);
    expect(callback!.body.params).toMatchObject({
      status: 'failed',
      failureReason: { failureCode: 'PM-001' },
    });
  });

  it('an unknown token and missing params are refused', async () => {
    const unknown = await submit('ptk_nope', '000000');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ success: false, message: 'Invalid payment token.' });
    const missing = await signedPost(PATHS.processTransaction, { otp: '000000' });
    expect(missing.status).toBe(400);
    expect(missing.body.success).toBe(false);
  });
});
