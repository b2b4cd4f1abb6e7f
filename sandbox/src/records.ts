/**
 * The upstream's response shapes: collection data, the transaction record of status queries,
 * payout data and payment-link records.
 * @module
 */
import { reportedAmount } from './callbacks';
import { formatDate } from './clock';
import type { Lookup } from './machine/types';
import { SUCCESS } from './messages';
import { decimalText, toMajor } from './money';
import type { PaymentLink } from './store/payment-links';
import { merchantRequestIdOf, transactionRefOf } from './references';
import type { Transaction } from './store/transactions';
import { authorizationUrl, paymentLinkUrl } from './urls';
import { isRedirectKind } from '../../shared/method-kinds';

/** The data object of a collection response: every documented field
 * (docs/upstream-api.md, "Collection response"), unused ones null. */
export interface CollectionData {
  account_name: string | null;
  amount: number;
  callback_url: string;
  country_id: number | null;
  currency: string;
  mobile: string | null;
  name: string | null;
  payment_method_type: string;
  third_party_reference_1: string | null;
  third_party_reference_2: string | null;
  MerchantRequestID: string;
  depositId: string;
  account_number: string | null;
  bank_name: string | null;
  bank_code: string | null;
  status: string;
  payment_token: string | null;
  payment_step: number;
  authorization_url: string | null;
}

/** The named columns of a row, in the order named. */
function columns<K extends keyof Transaction>(tx: Transaction, ...keys: K[]): Pick<Transaction, K> {
  return Object.fromEntries(keys.map((key) => [key, tx[key]])) as Pick<Transaction, K>;
}

/**
 * The data of a collection (create or process-transaction) response. Each method kind fills
 * only the fields it uses: mobile for phone methods, payment_token for the OTP method,
 * authorization_url (and name, bank_code as sent) for redirect methods, account_name,
 * account_number, bank_name, bank_code for virtual accounts.
 *
 * @example
 * collectionData(tx, env.SANDBOX_PUBLIC_URL).depositId === tx.ref; // true
 */
export function collectionData(tx: Transaction, publicUrl: string): CollectionData {
  const kind = tx.method_kind;
  const redirect = isRedirectKind(kind);
  const account = kind === 'virtual_account';
  const usesMobile = !account && kind !== 'bank_eft' && kind !== 'bank_id';
  return {
    account_name: account ? tx.account_name : null,
    ...columns(tx, 'amount', 'callback_url', 'country_id', 'currency'),
    mobile: usesMobile ? tx.mobile : null,
    name: redirect ? tx.name : null,
    ...columns(tx, 'payment_method_type', 'third_party_reference_1', 'third_party_reference_2'),
    MerchantRequestID: merchantRequestIdOf(tx),
    depositId: tx.ref,
    account_number: account ? tx.account_number : null,
    bank_name: account ? tx.bank_name : null,
    bank_code: account || kind === 'bank_eft' ? tx.bank_code : null,
    status: tx.status,
    payment_token: kind === 'otp_operator' ? tx.payment_token : null,
    payment_step: 1,
    authorization_url: redirect ? authorizationUrl(publicUrl, tx.ref) : null,
  };
}

/**
 * The message of a collection response: bank-transfer instructions for NGN, a payment-link
 * prompt for ZAR, a phone-approval prompt for every other currency.
 */
export function collectionMessage(tx: Transaction, publicUrl: string): string {
  if (tx.currency === 'NGN' && tx.account_number && tx.bank_name) {
    return SUCCESS.bankTransfer(tx.amount, tx.account_number, tx.bank_name);
  }
  if (tx.currency === 'ZAR') return SUCCESS.paymentLink(authorizationUrl(publicUrl, tx.ref));
  return SUCCESS.phonePrompt;
}

/** The transaction record of a status response (docs/upstream-api.md, "Transaction
 * record", with the extra fields guides show). */
export interface TransactionRecord {
  amount: number;
  fee: number;
  currency: string;
  status: string;
  status_code: string;
  payee: string;
  invoice_no: string;
  mobile: string | null;
  account_number: string;
  ref: string;
  balance: string;
  transaction_detail: string;
  payment_channel: string;
  transaction_date: string;
  created_at: string;
  updated_at: string;
  callback_url: string;
  failureReason: { failureCode: string | null; failureMessage: string | null };
  transaction_id: string;
  payment_method_type: string;
  third_party_reference_1: string | null;
  third_party_reference_2: string | null;
  payment_reference: string | null;
}

/**
 * The status query's record of a found transaction. `fee` is charged on success only;
 * `balance` is the wallet balance after the transaction settled (the current balance while
 * it is pending); `payee` is the merchant for collections and the recipient for payouts.
 * `amount` is the settled amount when one was set (a short success). A pending transaction in
 * a timeout window (test numbers 007, 008) answers exactly what a timed-out one (002) does:
 * status `failed`, status_code `000006`, its failureReason.
 *
 * @example
 * transactionRecord(lookup, env.SANDBOX_SENDER).status_code; // '000001'
 */
export function transactionRecord(
  lookup: Extract<Lookup, { found: 'yes' }>,
  merchant: string,
): TransactionRecord {
  const { tx } = lookup;
  const payin = tx.type === 'payin';
  const amount = reportedAmount(tx);
  const detail = payin
    ? `Collection of ${amount} ${tx.currency} via ${tx.payment_method_type}` +
      (tx.mobile ? ` from ${tx.mobile}` : '')
    : `Payout of ${amount} ${tx.currency} via ${tx.payment_method_type} to ${tx.mobile}`;
  const timedOut = tx.status === 'pending' && tx.status_code === '000006';
  return {
    amount,
    fee: toMajor(tx.fee_minor),
    currency: tx.currency,
    status: timedOut ? 'failed' : tx.status,
    status_code: tx.status_code,
    payee: payin ? merchant : (tx.mobile ?? ''),
    invoice_no: `INV-${tx.ref}`,
    mobile: tx.mobile,
    account_number: lookup.walletAccount,
    ref: transactionRefOf(tx),
    balance: decimalText(lookup.balanceMinor),
    transaction_detail: detail,
    payment_channel: tx.payment_method_type,
    transaction_date: formatDate(tx.settled_at ?? tx.created_at),
    created_at: formatDate(tx.created_at),
    updated_at: formatDate(tx.updated_at),
    callback_url: tx.callback_url,
    failureReason: { failureCode: tx.failure_code, failureMessage: tx.failure_message },
    transaction_id: transactionRefOf(tx),
    payment_method_type: tx.payment_method_type,
    third_party_reference_1: tx.third_party_reference_1,
    third_party_reference_2: tx.third_party_reference_2,
    payment_reference: tx.payment_reference,
  };
}

/**
 * The data of a payout-creation response.
 *
 * @example
 * payoutData(tx).reference === tx.ref; // true
 */
export function payoutData(tx: Transaction): Record<string, unknown> {
  return {
    reference: tx.ref,
    amount: tx.amount,
    currency: tx.currency,
    mobile: tx.mobile,
    payment_method_type: tx.payment_method_type,
    third_party_reference_1: tx.third_party_reference_1,
    payment_reference: tx.payment_reference,
    client_callback_url: tx.callback_url,
    status: tx.status,
    payment_step: 1,
  };
}

/**
 * A payment link as create and list return it (the logo is reported as `has_logo`, not echoed).
 *
 * @example
 * linkRecord(link, env.SANDBOX_PUBLIC_URL).url; // 'http://…/links/PL-…'
 */
export function linkRecord(link: PaymentLink, publicUrl: string): Record<string, unknown> {
  return {
    id: link.id,
    url: paymentLinkUrl(publicUrl, link.id),
    business_name: link.business_name,
    item_name: link.item_name,
    amount: link.amount,
    currency: link.currency,
    country_id: link.country_id,
    currency_country_id: link.currency_country_id,
    callback_url: link.callback_url,
    redirection_url: link.redirection_url,
    first_name: link.first_name,
    last_name: link.last_name,
    email: link.email,
    phone: link.phone,
    has_logo: link.logo !== null,
    status: link.status,
    payments: link.payments,
    created_at: formatDate(link.created_at),
  };
}
