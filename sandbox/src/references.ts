/**
 * The upstream's references of a transaction. By default they are all its `ref`; with the
 * setting `distinct_references` a collection's MerchantRequestID and every transaction's
 * transaction reference (callback `reference`, status `ref` and `transaction_id`) differ from
 * its depositId (a payout's create `reference`), as the upstream documents them as different
 * things (docs/upstream-api.md, "Collection response").
 * @module
 */
import type { Transaction } from './store/transactions';

/** A collection's MerchantRequestID. */
export function merchantRequestIdOf(tx: Transaction): string {
  return tx.merchant_request_id ?? tx.ref;
}

/** The transaction reference: callback `reference`, status `ref` and `transaction_id`. */
export function transactionRefOf(tx: Transaction): string {
  return tx.transaction_ref ?? tx.ref;
}
