// NGN virtual accounts paid through POST /control/virtual-accounts/:account_number/pay: exact,
// over- and underpayment (reversed; the default, a short success, is in unkind-timing.test.ts).
// Their expiry is in timers.test.ts.
import { describe, expect, it } from 'vitest';
import { call, controlTransaction, statusQuery } from './client/client';
import { openAccount } from './client/fixtures';

const pay = (account: string, amount: unknown, extra: Record<string, unknown> = {}) =>
  call('POST', `/control/virtual-accounts/${account}/pay`, { amount, ...extra });

describe.concurrent('virtual accounts', () => {
  it('paying the exact amount credits it and sends the success callback', async () => {
    const { hook, ref, account } = await openAccount();
    const paid = await pay(account, 5000);
    expect(paid.status).toBe(200);
    expect(paid.body.transfer).toMatchObject({
      paid: 5000,
      credited: 5000,
      reversed: 0,
      outcome: 'credited',
    });
    expect(paid.body.transaction).toMatchObject({ ref, status: 'success', status_code: '000000' });
    const [callback] = await hook.waitFor(1);
    expect(callback!.body.params).toMatchObject({
      reference: ref,
      amount: 5000,
      name: 'Chinedu Okafor',
      status: 'success',
      statusCode: '000000',
    });
  });

  it('an overpayment credits the expected amount and reverses the excess (both recorded)', async () => {
    const { hook, ref, account } = await openAccount(5000);
    const paid = await pay(account, 6500);
    expect(paid.status).toBe(200);
    expect(paid.body.transfer).toMatchObject({
      paid: 6500,
      credited: 5000,
      reversed: 1500,
      outcome: 'credited',
    });
    const [callback] = await hook.waitFor(1);
    expect(callback!.body.params).toMatchObject({ amount: 5000, status: 'success' });
    const status = await statusQuery(ref, 'payin');
    expect(status.body.data).toMatchObject({ amount: 5000, status: 'success', fee: 75 });
    expect((await controlTransaction(ref)).transfers).toEqual([
      expect.objectContaining({ paid: 6500, credited: 5000, reversed: 1500 }),
    ]);
  });

  it('underpayment "reverse": reversed in full and the account stays open for the full amount', async () => {
    const { hook, ref, account } = await openAccount(5000);
    const short = await pay(account, 4000, { underpayment: 'reverse' });
    expect(short.status).toBe(200);
    expect(short.body.transfer).toMatchObject({
      paid: 4000,
      credited: 0,
      reversed: 4000,
      outcome: 'reversed',
    });
    expect(short.body.transaction.status).toBe('pending');
    expect((await statusQuery(ref, 'payin')).body.data.status_code).toBe('000001');
    expect(await hook.calls()).toHaveLength(0);
    const full = await pay(account, 5000);
    expect(full.body.transfer.outcome).toBe('credited');
    await hook.waitFor(1);
    expect((await controlTransaction(ref)).transfers).toHaveLength(2);
  });

  it('a paid account takes no more payments (409)', async () => {
    const { account } = await openAccount();
    expect((await pay(account, 5000)).status).toBe(200);
    const again = await pay(account, 5000);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('NO_ATTEMPT_WAITING');
  });

  it('an unknown account is 404 and a decimal amount is refused', async () => {
    const unknown = await pay('9999999999', 10);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
    const { account } = await openAccount();
    const decimal = await pay(account, 10.5);
    expect(decimal.status).toBe(400);
    expect(decimal.body.error.code).toBe('VALIDATION_FAILED');
    expect((await pay(account, 5000)).status).toBe(200); // leaves no account open
  });
});
