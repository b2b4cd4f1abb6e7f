/**
 * What the ledger's RPC methods answer: transactions with their deliveries and transfers, and
 * the results of the payer's steps and the control actions.
 * @module
 */
import type { Delivery } from '../store/deliveries';
import type { Transaction } from '../store/transactions';
import type { Transfer } from '../store/transfers';

/** An outcome a transaction can be given. */
export type Outcome = 'success' | 'failed' | 'timeout';

/** A transaction with its callback deliveries and virtual-account transfers. */
export interface TransactionBundle {
  tx: Transaction;
  deliveries: Delivery[];
  transfers: Transfer[];
}

/** What a status query found. */
export type Lookup =
  | { found: 'yes'; tx: Transaction; walletAccount: string; balanceMinor: number }
  | { found: 'no' }
  /** It exists, but a lagging replica answers as if it did not (control `not-created`). */
  | { found: 'lagging' }
  | { found: 'other_type' };

/** The result of a process-transaction call. */
export type OtpResult =
  { result: 'accepted' | 'wrong' | 'expired' | 'closed'; tx: Transaction } | { result: 'unknown' };

/** The payer's Approve or Decline on a redirect method's page, as it landed. */
export type Decided = { result: 'decided' | 'closed'; tx: Transaction } | { result: 'not_found' };

/** The result of a control action on one transaction. */
export type ControlResult<T = object> =
  | ({ result: 'ok' } & TransactionBundle & T)
  | { result: 'not_found' }
  | ({ result: 'not_pending' } & TransactionBundle);

/** How a virtual account takes a transfer below the expected amount. */
export type Underpayment =
  /** Credited in full: the transaction succeeds with the short amount (the worst legal case). */
  | 'settle'
  /** Reversed in full: the transaction stays pending and the account open. */
  | 'reverse';

/** Options of a transfer into a virtual account. */
export interface PayOptions {
  underpayment: Underpayment;
  /** Sandbox ms between the transfer and the transaction's settlement (its callback); 0 = now. */
  settleAfterMs: number;
}

/** Overrides of an extra callback: params to set (or add) and param names to drop. */
export interface CallbackOverrides {
  params: Record<string, unknown>;
  omit: readonly string[];
}

/** A queued callback: its delivery id, destination and the params it carries (unsigned, as JSON text). */
export interface QueuedCallback {
  deliveryId: number;
  url: string;
  paramsJson: string;
}

/** Payer details typed on a payment-link page. */
export interface LinkPayer {
  phone: string;
  first_name: string | null;
  last_name: string | null;
}
