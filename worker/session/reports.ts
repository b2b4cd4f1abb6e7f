/**
 * A checkout attempt's side of judging (worker/payment/judge.ts): what a collection callback
 * reports, and what the attempt expected (the session's amount and currency, the attempt id as
 * our reference, every upstream reference it was given).
 * @module
 */
import { callbackOutcome } from '../../shared/money-report';
import {
  amountOf,
  refsOf,
  text,
  type AmountRule,
  type Expected,
  type Refs,
  type Report,
} from '../payment/judge';
import { knownRefs } from '../payment/ref-store';
import type { SessionContext } from './context';
import type { AttemptRow, SessionStore } from './store';

export { text };

/** What a collection callback reports (docs/upstream-api.md, "Collection callback params"). */
export function callbackReport(params: Record<string, unknown>): Report {
  return {
    outcome: callbackOutcome(params),
    amount: amountOf(params.amount),
    currency: text(params.currency),
    ownRef: text(params.third_party_reference_1),
    upstreamRefs: {
      collection: refsOf(params.depositId, params.MerchantRequestID),
      transaction: refsOf(params.reference, params.ref, params.transaction_id),
    },
    answersOwnRef: false,
  };
}

/** Only an NGN virtual-account transfer reverses the excess; every other collection must pay
 * the exact amount (more is a success and an `overpaid` anomaly). */
export function amountRule(row: AttemptRow, currency: string): AmountRule {
  return row.kind === 'virtual_account' && currency.toUpperCase() === 'NGN'
    ? 'reversed_excess'
    : 'exact_or_overpaid';
}

/** An attempt written before the references table knew its create's reference (its
 * `create_ref` column) still compares with it. */
function withLegacy(refs: Refs, row: AttemptRow): Refs {
  if (refs.collection.length > 0 || row.create_ref === null) return refs;
  return { ...refs, collection: [row.create_ref] };
}

/** What a success of this attempt must carry. */
export function expectedOf(store: SessionStore, row: AttemptRow): Expected {
  const session = store.session()!;
  return {
    amount: session.amount,
    currency: session.currency,
    amountRule: amountRule(row, session.currency),
    ownRef: row.id,
    knownRefs: withLegacy(knownRefs(store.sql, row.id), row),
  };
}
