/**
 * Callback payloads, exactly the documented field sets (docs/upstream-api.md, "Collection
 * callback params", "Payout callback params"), and their signed envelopes (docs/design.md,
 * "Signing", with the sandbox's credentials).
 * @module
 */
import { signEnvelope, type SignedEnvelope, type SigningScheme } from '../../shared/signing';
import { transactionRefOf } from './references';
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
 * `amount` is the settled amount when one was set (a short success), else the transaction's.
 * `reference` is the transaction reference (distinct from depositId with the setting
 * `distinct_references`). The names of `callback_omit` (control `outcome` `omit`) are left out.
 *
 * @example
 * callbackParams(tx); // { amount: 1500, depositId: 'SBX-…', …, status: 'success', statusCode: '000000' }
 */
export function callbackParams(tx: Transaction): Record<string, unknown> {
  if (tx.status === 'pending') throw new Error(`transaction ${tx.ref} is not terminal`);
  const params = paramsOf(tx, tx.status, CALLBACK_STATUS_CODE[tx.status], 2);
  const omitted = tx.callback_omit === null ? [] : (JSON.parse(tx.callback_omit) as string[]);
  for (const name of omitted) delete params[name];
  return params;
}

/**
 * The base of an extra callback (POST /control/transactions/:ref/callback): the terminal
 * callback of a settled transaction; for a pending one the same field set as a non-terminal
 * notice (status `pending`, statusCode `000001`, payment_step 1), which is not something the
 * upstream documents sending, but is what an unkind one could.
 *
 * @example
 * extraCallbackBase(pendingTx).payment_step; // 1
 */
export function extraCallbackBase(tx: Transaction): Record<string, unknown> {
  if (tx.status !== 'pending') return callbackParams(tx);
  return paramsOf(tx, 'pending', '000001', 1);
}

/** The amount a callback or status query reports: the settled amount when one was set. */
export function reportedAmount(tx: Transaction): number {
  return tx.settled_amount ?? tx.amount;
}

function paramsOf(
  tx: Transaction,
  status: string,
  statusCode: string,
  step: number,
): Record<string, unknown> {
  const failureReason =
    status === 'failed'
      ? { failureReason: { failureCode: tx.failure_code, failureMessage: tx.failure_message } }
      : {};
  const outcome = {
    payment_step: step,
    reference: transactionRefOf(tx),
    status,
    statusCode,
    ...failureReason,
    third_party_reference_1: tx.third_party_reference_1,
  };
  if (tx.type === 'payout') {
    return {
      amount: reportedAmount(tx),
      currency: tx.currency,
      mobile: tx.mobile,
      payment_method_type: tx.payment_method_type,
      payment_reference: tx.payment_reference,
      ...outcome,
    };
  }
  return {
    amount: reportedAmount(tx),
    depositId: tx.ref,
    mobile: tx.mobile,
    name: payerName(tx),
    ...outcome,
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
