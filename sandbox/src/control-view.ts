/**
 * How the control surface shows a transaction: everything the sandbox knows about it, including
 * its script, its callback deliveries and its virtual-account transfers. Times are ISO 8601.
 * @module
 */
import type { TransactionBundle } from './machine/types';
import { toMajor } from './money';
import { merchantRequestIdOf, transactionRefOf } from './references';
import type { Delivery } from './store/deliveries';
import type { Fault } from './store/faults';
import { authorizationUrl } from './urls';
import { isRedirectKind } from '../../shared/method-kinds';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/**
 * A transaction as GET /control/transactions shows it.
 *
 * @example
 * controlView(bundle, env.SANDBOX_PUBLIC_URL).callbacks.length;
 */
export function controlView(bundle: TransactionBundle, publicUrl: string) {
  const { tx } = bundle;
  return {
    ref: tx.ref,
    type: tx.type,
    source: tx.source,
    status: tx.status,
    status_code: tx.status_code,
    stage: tx.stage,
    script: tx.script,
    silent: tx.silent === 1,
    amount: tx.amount,
    settled_amount: tx.settled_amount,
    planned:
      tx.planned_outcome === null
        ? null
        : { outcome: tx.planned_outcome, amount: tx.planned_amount, at: iso(tx.planned_at) },
    fee: toMajor(tx.fee_minor),
    currency: tx.currency,
    country_id: tx.country_id,
    mobile: tx.mobile,
    payment_method_type: tx.payment_method_type,
    method_kind: tx.method_kind,
    third_party_reference_1: tx.third_party_reference_1,
    third_party_reference_2: tx.third_party_reference_2,
    payment_reference: tx.payment_reference,
    merchant_request_id: tx.type === 'payin' ? merchantRequestIdOf(tx) : null,
    transaction_ref: transactionRefOf(tx),
    locked: toMajor(tx.locked_minor),
    lagging_queries: tx.lagging_queries,
    callback_omit: tx.callback_omit === null ? [] : (JSON.parse(tx.callback_omit) as string[]),
    callback_url: tx.callback_url,
    account_number: tx.account_number,
    bank_name: tx.bank_name,
    payment_token: tx.payment_token,
    otp_attempts: tx.otp_attempts,
    authorization_url: isRedirectKind(tx.method_kind) ? authorizationUrl(publicUrl, tx.ref) : null,
    payment_link_id: tx.payment_link_id,
    sub_merchant_id: tx.sub_merchant_id,
    failureReason:
      tx.status === 'failed' || tx.status_code === '000006'
        ? { failureCode: tx.failure_code, failureMessage: tx.failure_message }
        : null,
    expires_at: iso(tx.expires_at),
    created_at: iso(tx.created_at),
    updated_at: iso(tx.updated_at),
    settled_at: iso(tx.settled_at),
    callbacks: bundle.deliveries.map(deliveryView),
    transfers: bundle.transfers.map((t) => ({
      id: t.id,
      paid: t.paid,
      credited: t.credited,
      reversed: t.reversed,
      outcome: t.outcome,
      created_at: iso(t.created_at),
    })),
  };
}

/**
 * One callback delivery as the control surface shows it (`ref` is `-` for a callback sent
 * through POST /control/callbacks).
 *
 * @example
 * deliveryView(delivery).attempts;
 */
export function deliveryView(d: Delivery) {
  return {
    id: d.id,
    ref: d.ref,
    reason: d.reason,
    url: d.url,
    params: JSON.parse(d.params) as Record<string, unknown>,
    attempts: d.attempts,
    last_status: d.last_status,
    last_error: d.last_error,
    next_attempt_at: iso(d.next_attempt_at),
    delivered_at: iso(d.delivered_at),
    gave_up_at: iso(d.gave_up_at),
  };
}

/** A transaction as the control surface shows it. */
export type ControlTransaction = ReturnType<typeof controlView>;

/**
 * An injected fault as the control surface shows it.
 *
 * @example
 * faultView(fault).remaining;
 */
export function faultView(fault: Fault) {
  return {
    endpoint: fault.endpoint,
    fault: fault.kind,
    remaining: fault.remaining,
    delay_ms: fault.delay_ms,
    created_at: iso(fault.created_at),
  };
}
