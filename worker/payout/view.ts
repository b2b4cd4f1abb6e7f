/**
 * What a payout looks like outside its object: the merchant's view (`GET /v1/payouts/:ref`) and
 * its row in the query index.
 * @module
 */
import type { AttemptStatus, MoneyDifference } from '../../shared/status';
import { indexedCheckBy } from '../durable/reconcile-backoff';
import { redactionOf } from '../durable/redaction';
import type { WebhookRecord } from '../durable/webhook-outbox';
import { payoutSummary } from '../index-store/summaries';
import type { CreateState, PayoutStore } from './store';

/** A payout as the merchant sees it. */
export interface PayoutView {
  reference: string;
  status: AttemptStatus;
  amount: number;
  currency: string;
  mobile: string;
  payment_method_type: string;
  upstream_reference: string | null;
  /** `sending`, `accepted`, `rejected` or `unknown` (no readable answer to the create). */
  create_state: CreateState;
  upstream_message: string | null;
  /** Set when the payout failed (not charged). */
  failure: { code: string | null; message: string | null } | null;
  /** Set when the status is `mismatch`: where the upstream's success disagreed with ours. */
  differences: MoneyDifference[] | null;
  created_at: string;
  updated_at: string;
  webhooks: WebhookRecord[];
  /** When the payout's personal data was erased (docs/data-retention.md); null: not erased. */
  redacted_at: string | null;
  /** Why: `retention` (RETENTION_DAYS after it settled) or `request` (the merchant asked). */
  redaction_reason: 'retention' | 'request' | null;
}

/** The merchant's view of the payout, or null when this reference was never created here. */
export function payoutView(store: PayoutStore): PayoutView | null {
  const row = store.row();
  if (!row) return null;
  const differences = store.reconcile().differences;
  const redaction = redactionOf(store.sql, 'payout');
  return {
    reference: row.reference,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    mobile: row.mobile_masked,
    payment_method_type: row.method,
    upstream_reference: row.upstream_ref,
    create_state: row.create_state,
    upstream_message: row.upstream_message,
    failure:
      row.status === 'failed' ? { code: row.failure_code, message: row.failure_message } : null,
    differences:
      row.status === 'mismatch' && differences
        ? (JSON.parse(differences) as MoneyDifference[])
        : null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    webhooks: store.open().outbox.list(),
    redacted_at: redaction ? new Date(redaction.redacted_at).toISOString() : null,
    redaction_reason: redaction?.reason ?? null,
  };
}

/** Stages the payout's query-index row, with the check-by time of its next status query
 * (worker/durable/reconcile-backoff.ts, `indexedCheckBy`; unchanged rows write nothing).
 * `fresh`: the sweep just re-asked a lost status query. */
export function stageIndexRow(store: PayoutStore, fresh = false): void {
  const row = store.row();
  if (!row) return;
  const { tasks, index } = store.open();
  const due = tasks.get('reconcile')?.due_at ?? null;
  const indexed = index.staged('payout', row.reference)?.next_check_at ?? null;
  const checkBy = row.status === 'pending' ? indexedCheckBy(indexed, due, fresh) : null;
  index.stage('payout', payoutSummary(row, checkBy));
}
