// The money model's callback command (money-model.ts): the upstream's truth, duplicates, short
// amounts, foreign references, non-terminal steps, 000006 and late callbacks, posted by the test
// in command order.
import fc from 'fast-check';
import { expect } from 'vitest';
import { postCallback, sandbox } from '../helpers';
import { clearFaults } from '../hostile';
import {
  AMOUNT,
  OWN_PAID,
  type Heard,
  World,
  sandboxTx,
  recordReport,
  heldSuccesses,
  deferredDone,
  lagStatus,
} from './money-world';
import { signed } from '../money';

export type Cmd = fc.AsyncCommand<World, World>;

/** Turns the sandbox's distinct references on or off. */
export async function setDistinctReferences(on: boolean): Promise<void> {
  const res = on
    ? await sandbox('/control/settings', {
        method: 'PUT',
        body: JSON.stringify({ distinct_references: true }),
      })
    : await sandbox('/control/settings', { method: 'DELETE' });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** A callback from the upstream (posted by the test, signed as the upstream signs). */
export class Callback implements Cmd {
  constructor(
    readonly which:
      'truth' | 'short' | 'foreign' | 'nonterminal' | 'timeout6' | 'duplicate' | 'noamount',
    readonly index: number,
  ) {}
  check = () => true;
  async run(_m: World, w: World) {
    const a = w.attempts[this.index % w.attempts.length]!;
    const tx = await sandboxTx(a);
    if (!tx) return; // no collection upstream: nothing can call back
    let params: Record<string, unknown> | null = null;
    let reportAs: Heard = { report: 'unknown' };
    const base = {
      depositId: tx.ref,
      ...(tx.mobile ? { mobile: tx.mobile } : {}),
      payment_step: 2,
      // The transaction reference (another value than depositId with distinct references).
      reference: tx.transaction_ref ?? tx.ref,
      third_party_reference_1: a.id,
    };
    const success = { ...base, amount: AMOUNT, status: 'success', statusCode: '000000' };
    const failed = {
      ...base,
      amount: AMOUNT,
      status: 'failed',
      statusCode: '000005',
      failureReason: { failureCode: 'PM-001', failureMessage: 'Declined.' },
    };
    switch (this.which) {
      case 'truth':
        if (tx.status_code === '000000') [params, reportAs] = [success, OWN_PAID];
        else if (tx.status_code === '000005') [params, reportAs] = [failed, { report: 'failed' }];
        else if (tx.status_code === '000006') {
          params = { ...failed, statusCode: '000006' };
        } else return;
        break;
      case 'short':
        [params, reportAs] = [
          { ...success, amount: AMOUNT - 1 },
          { report: 'mismatch', money: { movement: 'own', amount: AMOUNT - 1 } },
        ];
        break;
      case 'foreign': {
        const other = `${tx.ref}-X`;
        [params, reportAs] = [
          { ...success, depositId: other, reference: other },
          { report: 'mismatch', money: { movement: 'foreign', amount: AMOUNT } },
        ];
        break;
      }
      case 'nonterminal':
        params = { ...success, payment_step: 1 };
        break;
      case 'timeout6':
        params = { ...failed, statusCode: '000006' };
        break;
      case 'duplicate':
        if (!a.lastEnvelope) return;
        break;
      case 'noamount': {
        // A success that leaves out its amount and depositId: it proves nothing about the money.
        const { amount: _amount, depositId: _depositId, ...rest } = success;
        params = rest;
        break;
      }
    }
    // Any success report (matching or not) waits for a status query when the proxy does not
    // know the upstream's reference yet.
    // The same params again are a duplicate to the proxy (one digest): no effect.
    const key = JSON.stringify(params);
    const repeated = this.which !== 'duplicate' && a.posted.has(key);
    if (this.which !== 'duplicate') a.posted.add(key);
    if (repeated) {
      const res = await postCallback('/hooks/collections', await signed(params!));
      expect(res.status, await res.clone().text()).toBe(200);
      return;
    }
    const successLike = params?.status === 'success' && params.payment_step === 2;
    const unsettled = a.decided === null || a.decided === 'needs_review';
    // Without an amount, or without a reference it can be compared on (a record's transaction
    // reference, or the create's depositId when it names one), it waits for a status query.
    const comparable = a.refKnown || (a.create === 'ok' && params?.depositId !== undefined);
    const deferred = successLike && unsettled && (!comparable || params?.amount === undefined);
    if (deferred && a.lag > 0) {
      // The status query it waits for must find the record (the replica catches up).
      await lagStatus(tx.ref, 0);
      a.lag = 0;
    }
    if (deferred && w.statusFaultArmed) {
      // The status query this callback waits for must not be the one the fault was armed for.
      await clearFaults();
      w.statusFaultArmed = false;
    }
    const envelope =
      this.which === 'duplicate'
        ? a.lastEnvelope!
        : ((await signed(params!)) as unknown as Record<string, unknown>);
    const res = await postCallback('/hooks/collections', envelope);
    expect(res.status, await res.clone().text()).toBe(200);
    a.calledBack = true;
    if (this.which === 'duplicate') return;
    a.lastEnvelope = envelope;
    if (deferred) {
      // Believed only once a status query says which reference the upstream gave (one without
      // its amount is believed never: the record says the money).
      const held = params?.amount === undefined ? [] : [reportAs];
      heldSuccesses.set(a.id, [...(heldSuccesses.get(a.id) ?? []), ...held]);
      await deferredDone(w.sessionId);
      const pending = heldSuccesses.get(a.id);
      if (pending) {
        heldSuccesses.delete(a.id);
        a.refKnown = true;
        w.report(a, recordReport(tx));
        for (const held of pending) w.report(a, held);
      }
      return;
    }
    w.report(a, reportAs);
  }
  toString = () => `callback(${this.which}#${this.index})`;
}
