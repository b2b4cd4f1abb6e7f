/**
 * Every write of a payment-link payment's `status`, as judged by worker/payment/judge.ts (with
 * worker/ledger/link-report.ts) through `nextAttemptStatus` of shared/status.ts (docs/design.md,
 * "Money rules"): a payment is recorded `pending` while only unknown reports came (it is then
 * asked about), moves once to its settled outcome (or `needs_review` at the horizon, which a
 * later answer still settles), and a settled payment is never moved again: later reports only
 * raise anomalies (worker/ledger/link-payments.ts).
 * @module
 */
import { isSettledAttempt, type AttemptStatus } from '../../shared/status';
import type { LinkPaymentRow } from './store';

/** What a report says of a payment besides its status. */
export type LinkPaymentFacts = Pick<
  LinkPaymentRow,
  'key' | 'reference' | 'upstream_reference' | 'link_id' | 'payment_type'
> & { amount: number | null; currency: string | null };

/**
 * Records a payment's first report (`status` as judged), or moves an unsettled one (`pending`,
 * `needs_review`) to `status`; a settled payment is left as it is. The amount and currency are
 * those of the report that settles it (what was paid); the payment type, once known, stays.
 */
export function writeLinkPayment(
  sql: SqlStorage,
  facts: LinkPaymentFacts,
  status: AttemptStatus,
  now = Date.now(),
): void {
  const settledAt = isSettledAttempt(status) ? now : null;
  sql.exec(
    `INSERT INTO link_payments (key, status, amount, currency, reference, upstream_reference,
       created_at, updated_at, link_id, payment_type, settled_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8, ?9, ?10)
     ON CONFLICT (key) DO UPDATE SET status = excluded.status,
       amount = COALESCE(excluded.amount, link_payments.amount),
       currency = COALESCE(excluded.currency, link_payments.currency),
       reference = COALESCE(link_payments.reference, excluded.reference),
       payment_type = COALESCE(link_payments.payment_type, excluded.payment_type),
       updated_at = excluded.updated_at, settled_at = excluded.settled_at
     WHERE link_payments.status IN ('pending', 'needs_review')`,
    facts.key,
    status,
    facts.amount === null ? null : String(facts.amount),
    facts.currency,
    facts.reference,
    facts.upstream_reference,
    now,
    facts.link_id,
    facts.payment_type,
    settledAt,
  );
}
