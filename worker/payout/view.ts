/**
 * What a payout looks like outside its object: the merchant's view (`GET /v1/payouts/:ref`) and
 * its row in the query index.
 * @module
 */
import type { AttemptStatus, MoneyDifference } from '../../shared/status';
import { redactionOf } from '../durable/redaction';
import type { WebhookRecord } from '../durable/webhook-outbox';
import type { CreateState, PayoutStore } from './store';
import type * as z from 'zod';
import type { payoutSchema } from '../views/payout';

/** A payout as the merchant sees it. */
export type PayoutView = z.output<typeof payoutSchema>;

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
