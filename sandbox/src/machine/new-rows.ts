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
    merchant_request_id: null,
    transaction_ref: null,
    callback_omit: null,
    locked_minor: 0,
    lagging_queries: 0,
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

/** The stage, script, silence and timeout window a new row starts with. */
function started(
  start: { stage: Stage; script: Script },
  silent: boolean,
  type: Transaction['type'],
): Pick<Transaction, 'stage' | 'script' | 'silent'> & ReturnType<typeof timeoutWindow> {
  const { stage, script } = start;
  const quiet = silent || script === 'silent_success';
  return { stage, script, silent: quiet ? 1 : 0, ...timeoutWindow(script, type, stage) };
}

/**
 * A new collection: the checked request as sent (its fields are the row's columns), and an OTP
 * token and its expiry, a virtual account and its expiry, or a phone-scripted prompt, by method
 * kind.
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
  const kind = request.method_kind;
  return {
    ...blankRow(now),
    ...request,
    ref: newRef('SBX'),
    type: 'payin',
    source: 'api',
    ...started(startOf(kind, request.mobile), silent, 'payin'),
    bank_name: kind === 'virtual_account' ? (bankName(request.bank_code ?? '') ?? null) : null,
    account_number: kind === 'virtual_account' ? newAccountNumber() : null,
    payment_token: kind === 'otp_operator' ? `ptk_${newToken()}` : null,
    expires_at:
      kind === 'otp_operator'
        ? time.clock.after(time.otpValidityMs, now)
        : kind === 'virtual_account'
          ? time.clock.after(VIRTUAL_ACCOUNT_TTL_MINUTES * MINUTE, now)
          : null,
  };
}

/**
 * A new row with a MerchantRequestID and a transaction reference of its own (setting
 * `distinct_references`): depositId (and a payout's create `reference`) stay `ref`.
 *
 * @example
 * const row = withDistinctReferences(collectionRow(request, false, time));
 */
export function withDistinctReferences(row: Transaction): Transaction {
  return {
    ...row,
    merchant_request_id: row.type === 'payin' ? newRef('MRQ') : null,
    transaction_ref: newRef(row.type === 'payin' ? 'SBXT' : 'SBXPT'),
  };
}

/**
 * A new payout, scripted by the recipient's phone number.
 *
 * @example
 * const row = payoutRow(request, false, clock);
 */
export function payoutRow(request: PayoutRequest, silent: boolean, clock: Clock): Transaction {
  const { client_callback_url, ...fields } = request;
  return {
    ...blankRow(clock.now()),
    ...fields,
    ref: newRef('SBXP'),
    type: 'payout',
    source: 'api',
    method_kind: 'payout',
    callback_url: client_callback_url,
    ...started(scriptedStart(request.mobile), silent, 'payout'),
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
  return {
    ...blankRow(clock.now()),
    ref: newRef('SBX'),
    type: 'payin',
    source: 'link',
    ...started(scriptedStart(payer.phone), false, 'payin'),
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
  };
}
