/**
 * The rows of new transactions: a collection, a payout or a payment made on a link's page,
 * with the stage and script their method kind and phone number give them.
 * @module
 */
import { VIRTUAL_ACCOUNT_TTL_MINUTES } from '../../../shared/lifetimes';
import type { MethodKind } from '../../../shared/method-kinds';
import { bankName } from '../banks';
import { MINUTE, type Clock } from '../clock';
import { newAccountNumber, newRef, newToken } from '../ids';
import { FAILURES, scriptForPhone, TIMEOUT_WINDOW_SCRIPTS, type Script } from '../outcomes';
import type { CollectionRequest } from '../rules/collection';
import type { PayoutRequest } from '../rules/payout';
import type { PaymentLink } from '../store/payment-links';
import type { Stage, Transaction } from '../store/transactions';
import type { LinkPayer } from './types';

/** What building a row needs to know of time. */
export interface RowTime {
  clock: Clock;
  /** Sandbox ms an OTP payment token stays valid. */
  otpValidityMs: number;
}

type Blank = Omit<
  Transaction,
  | 'ref'
  | 'type'
  | 'source'
  | 'stage'
  | 'script'
  | 'amount'
  | 'currency'
  | 'payment_method_type'
  | 'method_kind'
  | 'callback_url'
>;

function blankRow(now: number): Blank {
  return {
    status: 'pending',
    status_code: '000001',
    silent: 0,
    fee_minor: 0,
    country_id: null,
    mobile: null,
    third_party_reference_1: null,
    third_party_reference_2: null,
    payment_reference: null,
    name: null,
    first_name: null,
    last_name: null,
    account_name: null,
    bank_code: null,
    bank_name: null,
    account_number: null,
    sub_merchant_id: null,
    successful_url: null,
    failure_url: null,
    payment_token: null,
    otp_attempts: 0,
    expires_at: null,
    payment_link_id: null,
    failure_code: null,
    failure_message: null,
    balance_after_minor: null,
    settled_amount: null,
    planned_outcome: null,
    planned_amount: null,
    planned_at: null,
    created_at: now,
    updated_at: now,
    settled_at: null,
  };
}

/** Stage and script of a phone-scripted start (prompts, payouts, link payments). */
function scriptedStart(mobile: string | null): { stage: Stage; script: Script } {
  const script = scriptForPhone(mobile);
  return { stage: script === 'pending_forever' ? 'stalled' : 'processing', script };
}

/** Stage and script of a method kind at creation. */
function startOf(kind: MethodKind, mobile: string | null): { stage: Stage; script: Script } {
  switch (kind) {
    case 'otp_operator':
      return { stage: 'awaiting_otp', script: scriptForPhone(mobile) };
    case 'redirect_wallet':
    case 'bank_eft':
    case 'bank_id':
      return { stage: 'awaiting_payer', script: 'payer_decides' };
    case 'virtual_account':
      return { stage: 'awaiting_transfer', script: 'transfer' };
    case 'phone_prompt':
    case 'operator_prompt':
      return scriptedStart(mobile);
  }
}

/**
 * The fields a transaction entering processing gets from its script: test numbers 007 and 008
 * answer status code 000006 with the timeout's failure reason until they settle.
 *
 * @example
 * updateTransaction(sql, ref, { stage: 'processing', ...timeoutWindow(script, 'payin', 'processing') }, now);
 */
export function timeoutWindow(
  script: Script,
  type: Transaction['type'],
  stage: Stage,
): Partial<Pick<Transaction, 'status_code' | 'failure_code' | 'failure_message'>> {
  if (stage !== 'processing' || !TIMEOUT_WINDOW_SCRIPTS.includes(script)) return {};
  const reason = type === 'payin' ? FAILURES.timeout : FAILURES.payoutTimeout;
  return {
    status_code: '000006',
    failure_code: reason.failureCode,
    failure_message: reason.failureMessage,
  };
}

/**
 * A new collection: an OTP token and its expiry, a virtual account and its expiry, or a
 * phone-scripted prompt, by method kind.
 *
 * @example
 * const row = collectionRow(request, false, { clock, otpValidityMs: 2 * MINUTE });
 */
export function collectionRow(
  request: CollectionRequest,
  silent: boolean,
  time: RowTime,
): Transaction {
  const now = time.clock.now();
  const { stage, script } = startOf(request.method_kind, request.mobile);
  const kind = request.method_kind;
  return {
    ...blankRow(now),
    ref: newRef('SBX'),
    type: 'payin',
    source: 'api',
    stage,
    script,
    silent: silent || script === 'silent_success' ? 1 : 0,
    amount: request.amount,
    currency: request.currency,
    country_id: request.country_id,
    mobile: request.mobile,
    payment_method_type: request.payment_method_type,
    method_kind: kind,
    third_party_reference_1: request.third_party_reference_1,
    third_party_reference_2: request.third_party_reference_2,
    callback_url: request.callback_url,
    name: request.name,
    first_name: request.first_name,
    last_name: request.last_name,
    account_name: request.account_name,
    bank_code: request.bank_code,
    bank_name: kind === 'virtual_account' ? (bankName(request.bank_code ?? '') ?? null) : null,
    account_number: kind === 'virtual_account' ? newAccountNumber() : null,
    sub_merchant_id: request.sub_merchant_id,
    successful_url: request.successful_url,
    failure_url: request.failure_url,
    payment_token: kind === 'otp_operator' ? `ptk_${newToken()}` : null,
    ...timeoutWindow(script, 'payin', stage),
    expires_at:
      kind === 'otp_operator'
        ? time.clock.after(time.otpValidityMs, now)
        : kind === 'virtual_account'
          ? time.clock.after(VIRTUAL_ACCOUNT_TTL_MINUTES * MINUTE, now)
          : null,
  };
}

/**
 * A new payout, scripted by the recipient's phone number.
 *
 * @example
 * const row = payoutRow(request, false, clock);
 */
export function payoutRow(request: PayoutRequest, silent: boolean, clock: Clock): Transaction {
  const { stage, script } = scriptedStart(request.mobile);
  return {
    ...blankRow(clock.now()),
    ref: newRef('SBXP'),
    type: 'payout',
    source: 'api',
    stage,
    script,
    silent: silent || script === 'silent_success' ? 1 : 0,
    amount: request.amount,
    currency: request.currency,
    country_id: request.country_id,
    mobile: request.mobile,
    payment_method_type: request.payment_method_type,
    method_kind: 'payout',
    third_party_reference_1: request.third_party_reference_1,
    payment_reference: request.payment_reference,
    callback_url: request.client_callback_url,
    ...timeoutWindow(script, 'payout', stage),
  };
}

/**
 * A payment made on a link's page: a collection scripted by the payer's phone number, called
 * back to the link's callback_url, its third_party_reference_1 the link id.
 *
 * @example
 * const row = linkPaymentRow(link, { phone: '254712345000', first_name: null, last_name: null }, clock);
 */
export function linkPaymentRow(link: PaymentLink, payer: LinkPayer, clock: Clock): Transaction {
  const { stage, script } = scriptedStart(payer.phone);
  return {
    ...blankRow(clock.now()),
    ref: newRef('SBX'),
    type: 'payin',
    source: 'link',
    stage,
    script,
    silent: script === 'silent_success' ? 1 : 0,
    amount: link.amount,
    currency: link.currency,
    country_id: link.currency_country_id ?? link.country_id,
    mobile: payer.phone,
    payment_method_type: 'payment_link',
    method_kind: 'payment_link',
    third_party_reference_1: link.id,
    callback_url: link.callback_url,
    first_name: payer.first_name,
    last_name: payer.last_name,
    payment_link_id: link.id,
    ...timeoutWindow(script, 'payin', stage),
  };
}
