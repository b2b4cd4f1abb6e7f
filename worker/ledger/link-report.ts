/**
 * A payment-link payment's side of judging (worker/payment/judge.ts; docs/design.md, "Money
 * rules", rule 14): what a link callback reported, read into the judge's {@link Report}, and
 * what the payment expected. Pure (a status record is read in worker/ledger/link-reconcile.ts).
 *
 * - A link we created expects exactly its amount and its currency (a link has one price; the
 *   NGN over-payment rule is for virtual accounts). A link recorded without an amount (the payer
 *   chooses) expects any amount until a report settles it; then that amount.
 * - A link created elsewhere has no record: any amount and currency until a report settles it;
 *   then what it settled as.
 * - A payment is its upstream reference (the callback's `reference`, else `depositId`): the
 *   first report of a payment gives its references, later ones are compared with them. Our own
 *   reference is the link id its callback URL names; a status record is asked by the upstream
 *   reference, so it is given the payment's references (learnt, not compared).
 * @module
 */
import type { PaymentLinkCallbackParams } from '../../shared/schemas';
import { callbackOutcome, type AttemptStatus } from '../../shared/status';
import {
  amountOf,
  hasRefs,
  refsOf,
  text,
  type Expected,
  type Refs,
  type Report,
} from '../payment/judge';

// Structural types (not the rows of links.ts and store.ts): this module stays free of the
// Workers runtime, so its unit tests run in Node.

/** What the proxy recorded of a link it created (worker/ledger/links.ts). */
export interface LinkRecord {
  id: string;
  /** Null: the payer chooses. */
  amount: number | null;
  currency: string;
}

/** What is recorded of the payment so far (worker/ledger/store.ts). */
export interface LinkPaymentRecord {
  status: AttemptStatus;
  /** Stored as text. */
  amount: string | null;
  currency: string | null;
}

/** True when a payment row has settled (a later report is compared with what it settled as). */
function settled(row: LinkPaymentRecord | undefined): row is LinkPaymentRecord {
  return row !== undefined && row.status !== 'pending' && row.status !== 'needs_review';
}

/**
 * What a payment of `link` (null: a link created elsewhere) expects, given its record so far
 * and the references known for it (none yet: the report's own, since they name the payment).
 *
 * @example
 * linkExpected({ id: 'pl_…', amount: 1500, currency: 'KES', … }, undefined, 'SBX-1', NO_REFS, refs);
 * // { amount: 1500, currency: 'KES', amountRule: 'exact', ownRef: 'pl_…', knownRefs: refs }
 */
export function linkExpected(
  link: LinkRecord | null,
  row: LinkPaymentRecord | undefined,
  key: string,
  known: Refs,
  reported: Refs,
): Expected {
  const paid = settled(row) ? amountOf(row.amount) : null;
  const amount = link?.amount ?? paid;
  return {
    amount: amount ?? 0,
    amountRule: amount === null ? 'payer_chooses' : 'exact',
    currency: link?.currency ?? (settled(row) ? row.currency : null),
    ownRef: link?.id ?? key,
    knownRefs: hasRefs(known) ? known : reported,
  };
}

/** The upstream references a link callback names, by role (`reference` is the transaction's). */
export function callbackRefs(params: PaymentLinkCallbackParams): Refs {
  return {
    collection: refsOf(params.depositId, params.MerchantRequestID),
    transaction: refsOf(params.reference, params.ref, params.transaction_id),
  };
}

/** What a link callback reports; `linkId`: the id of ours its callback URL names. */
export function callbackRead(params: PaymentLinkCallbackParams, linkId: string | null): Report {
  return {
    outcome: callbackOutcome(params),
    amount: amountOf(params.amount),
    currency: text(params.currency),
    ownRef: linkId,
    upstreamRefs: callbackRefs(params),
    answersOwnRef: false,
  };
}
