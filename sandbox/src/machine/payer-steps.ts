/**
 * What a payer does after the create: enters the OTP, approves or declines on a redirect
 * method's page, or transfers into a virtual account.
 * @module
 */
import { isRedirectKind } from '../../../shared/method-kinds';
import { FAILURES } from '../outcomes';
import { dropTasks } from '../store/tasks';
import {
  transactionByAccount,
  transactionByRef,
  transactionByToken,
  updateTransaction,
  type Stage,
} from '../store/transactions';
import { addTransfer, type Transfer } from '../store/transfers';
import type { Engine } from './engine';
import { SANDBOX_OTP } from './lifetimes';
import { timeoutWindow } from './new-rows';
import type { ControlResult, Decided, OtpResult, PayOptions } from './types';

/**
 * Second step of the OTP method. `000000` before the token expires moves the transaction on
 * (its phone number's script then applies); a wrong OTP leaves it pending; after expiry it
 * has failed.
 *
 * @example
 * const { result } = submitOtp(engine, token, '000000');
 */
export function submitOtp(engine: Engine, token: string, otp: string): OtpResult {
  const { sql } = engine;
  const tx = transactionByToken(sql, token);
  if (!tx) return { result: 'unknown' };
  const now = engine.clock.now();
  if (tx.status === 'pending' && tx.stage === 'awaiting_otp') {
    if (tx.expires_at !== null && now >= tx.expires_at) {
      return { result: 'expired', tx: engine.settle(tx, 'failed', FAILURES.otpExpired) };
    }
    if (otp !== SANDBOX_OTP) {
      updateTransaction(sql, tx.ref, { otp_attempts: tx.otp_attempts + 1 }, now);
      return { result: 'wrong', tx: engine.reload(tx.ref) };
    }
    engine.storage.transactionSync(() => {
      dropTasks(sql, tx.ref, ['expire_otp']);
      const stage: Stage = tx.script === 'pending_forever' ? 'stalled' : 'processing';
      updateTransaction(sql, tx.ref, { stage, ...timeoutWindow(tx.script, tx.type, stage) }, now);
      if (stage === 'processing') engine.scheduleSettle(tx, now);
    });
    return { result: 'accepted', tx: engine.reload(tx.ref) };
  }
  if (tx.failure_code === FAILURES.otpExpired.failureCode) return { result: 'expired', tx };
  return { result: 'closed', tx };
}

/**
 * The payer's Approve or Decline on a redirect method's authorization page.
 *
 * @example
 * const decided = decide(engine, ref, 'approve');
 */
export function decide(engine: Engine, ref: string, decision: 'approve' | 'decline'): Decided {
  const tx = transactionByRef(engine.sql, ref);
  if (!tx || !isRedirectKind(tx.method_kind)) return { result: 'not_found' };
  if (tx.status !== 'pending' || tx.stage !== 'awaiting_payer') return { result: 'closed', tx };
  const settled =
    decision === 'approve'
      ? engine.settle(tx, 'success', null)
      : engine.settle(tx, 'failed', FAILURES.declinedOnPage);
  return { result: 'decided', tx: settled };
}

/**
 * A bank transfer into a virtual account, before its expiry. At least the expected amount:
 * the expected amount is credited, any excess reversed, the transaction succeeds (reporting
 * the expected amount). Less: with `underpayment: 'settle'` the short transfer is credited
 * and the transaction succeeds reporting the short amount; with `'reverse'` the whole
 * transfer is reversed and the transaction stays pending. `settleAfterMs` > 0 delays the
 * settlement (and its callback) that many sandbox ms: the transfer is recorded now, the
 * account takes no other transfer, and the settlement is a success even when it lands after
 * the account's expiry. At or after expiry: refused (`not_pending`).
 *
 * @example
 * const paid = payAccount(engine, '9204417753', 5000, { underpayment: 'settle', settleAfterMs: 0 });
 */
export function payAccount(
  engine: Engine,
  accountNumber: string,
  amount: number,
  options: PayOptions,
): ControlResult<{ transfer: Transfer }> {
  const tx = transactionByAccount(engine.sql, accountNumber);
  if (!tx) return { result: 'not_found' };
  const now = engine.clock.now();
  if (tx.status === 'pending' && tx.expires_at !== null && now >= tx.expires_at) {
    const expired =
      tx.stage === 'awaiting_transfer' ? engine.settle(tx, 'failed', FAILURES.accountExpired) : tx;
    return { result: 'not_pending', ...engine.bundleOf(expired) };
  }
  if (tx.status !== 'pending' || tx.stage !== 'awaiting_transfer') {
    return { result: 'not_pending', ...engine.bundleOf(tx) };
  }
  const outcome =
    amount >= tx.amount ? 'credited' : options.underpayment === 'settle' ? 'short' : 'reversed';
  const credited = outcome === 'credited' ? tx.amount : outcome === 'short' ? amount : 0;
  const current = engine.storage.transactionSync(() => {
    const transfer = addTransfer(engine.sql, {
      ref: tx.ref,
      account_number: accountNumber,
      paid: amount,
      credited,
      reversed: amount - credited,
      outcome,
      created_at: now,
    });
    if (outcome === 'reversed') return { transfer, tx };
    const settledAmount = outcome === 'short' ? amount : null;
    if (options.settleAfterMs > 0) {
      engine.plan(tx, 'success', settledAmount, options.settleAfterMs);
      return { transfer, tx: engine.reload(tx.ref) };
    }
    return { transfer, tx: engine.settle(tx, 'success', null, settledAmount) };
  });
  return { result: 'ok', transfer: current.transfer, ...engine.bundleOf(current.tx) };
}
