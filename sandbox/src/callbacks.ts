/**
 * Callback payloads, exactly the field sets of the spec's Events section, and their signed
 * envelopes (DESIGN.md §3, with the sandbox's credentials).
 * @module
 */
import { signEnvelope, type SignedEnvelope, type SigningScheme } from '../../shared/signing';
import type { Transaction } from './store/transactions';

/** Terminal status codes a callback carries. */
const CALLBACK_STATUS_CODE = { success: '000000', failed: '000005' } as const;

/** The payer's account-holder name as best known. */
function payerName(tx: Transaction): string | null {
  const joined = [tx.first_name, tx.last_name].filter(Boolean).join(' ');
  return tx.name ?? tx.account_name ?? (joined || null);
}

/**
 * The params of a transaction's terminal callback (payment_step 2). Collections carry amount,
 * depositId, mobile, name, payment_step, reference, status, statusCode, third_party_reference_1
 * and _2; payouts carry amount, currency, mobile, payment_method_type, payment_reference,
 * payment_step, reference, status, statusCode, third_party_reference_1. `failureReason` is
 * added on failed callbacks only. A timeout (status code 000006 in a status query) is a
 * failed callback with statusCode 000005, as the Events section allows only those two.
 *
 * @example
 * callbackParams(tx); // { amount: 1500, depositId: 'SBX-…', …, status: 'success', statusCode: '000000' }
 */
export function callbackParams(tx: Transaction): Record<string, unknown> {
  if (tx.status === 'pending') throw new Error(`transaction ${tx.ref} is not terminal`);
  const failureReason =
    tx.status === 'failed'
      ? { failureReason: { failureCode: tx.failure_code, failureMessage: tx.failure_message } }
      : {};
  if (tx.type === 'payout') {
    return {
      amount: tx.amount,
      currency: tx.currency,
      mobile: tx.mobile,
      payment_method_type: tx.payment_method_type,
      payment_reference: tx.payment_reference,
      payment_step: 2,
      reference: tx.ref,
      status: tx.status,
      statusCode: CALLBACK_STATUS_CODE[tx.status],
      ...failureReason,
      third_party_reference_1: tx.third_party_reference_1,
    };
  }
  return {
    amount: tx.amount,
    depositId: tx.ref,
    mobile: tx.mobile,
    name: payerName(tx),
    payment_step: 2,
    reference: tx.ref,
    status: tx.status,
    statusCode: CALLBACK_STATUS_CODE[tx.status],
    ...failureReason,
    third_party_reference_1: tx.third_party_reference_1,
    third_party_reference_2: tx.third_party_reference_2,
  };
}

/** Who signs callbacks. */
export interface CallbackSigner {
  clientId: string;
  sender: string;
  secretKey: string;
  scheme: SigningScheme;
}

/**
 * The signed callback envelope for some params: client_id, sender, salt, timestamp,
 * signature, params.
 *
 * @example
 * const body = JSON.stringify(await signedCallback(callbackParams(tx), signer));
 */
export function signedCallback(
  params: Record<string, unknown>,
  signer: CallbackSigner,
): Promise<SignedEnvelope> {
  return signEnvelope(params, signer);
}
