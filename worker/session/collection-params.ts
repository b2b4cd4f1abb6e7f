/**
 * Turns a payer's attempt form into the upstream's collection params, with our hosted callback
 * and return URLs and the references: third_party_reference_1 = the attempt id,
 * third_party_reference_2 = the merchant's reference; and the session's `sub_merchant_id` (a
 * platform collecting for one of its sellers) on every collection of the session.
 * @module
 */
import type { MethodSlot } from '../../shared/countries';
import { REDIRECT_KINDS } from '../../shared/method-kinds';
import type { AttemptBody } from '../../shared/schemas';
import type { Config } from '../config';
import type { SessionRow } from './store';

/**
 * The sub-merchant a new session collects for: the one it names, else the deployment's default
 * (`SERVICE_SUB_MERCHANT_ID`), else none. Resolved once, at creation, and stored on the session.
 *
 * @example
 * sessionSubMerchant(undefined, { subMerchantId: '7d3c…' }); // '7d3c…'
 */
export function sessionSubMerchant(
  requested: string | undefined,
  config: Pick<Config, 'subMerchantId'>,
): string | null {
  return requested ?? config.subMerchantId;
}

/**
 * The params of `POST /api/v4/service-unified-collections` for one attempt.
 *
 * @example
 * collectionParams(session, slot, body, 'cs_x.1', 'https://pay.example');
 */
export function collectionParams(
  session: SessionRow,
  slot: MethodSlot,
  body: AttemptBody,
  attemptId: string,
  publicBaseUrl: string,
): Record<string, unknown> {
  const params: Record<string, unknown> = {
    amount: session.amount,
    currency: session.currency,
    country_id: body.country_id,
    payment_method_type: body.method,
    callback_url: `${publicBaseUrl}/hooks/collections`,
    third_party_reference_1: attemptId,
    third_party_reference_2: session.reference,
  };
  if (session.sub_merchant_id) params.sub_merchant_id = session.sub_merchant_id;
  const copy = (key: keyof AttemptBody) => {
    const value = body[key];
    if (value !== undefined && value !== '') params[key] = value;
  };
  switch (slot.kind) {
    case 'phone_prompt':
    case 'operator_prompt':
    case 'otp_operator':
      copy('mobile');
      break;
    case 'redirect_wallet':
      copy('mobile');
      copy('name');
      break;
    case 'bank_eft':
      copy('name');
      copy('bank_code');
      break;
    case 'bank_id':
      copy('name');
      copy('id_number');
      break;
    case 'virtual_account':
      copy('account_name');
      copy('bank_code');
      copy('first_name');
      copy('last_name');
      copy('mobile');
      break;
  }
  if (REDIRECT_KINDS.includes(slot.kind)) {
    const back = `${publicBaseUrl}/v1/checkout/${session.id}/return`;
    params.successful_url = `${back}?outcome=success`;
    params.failure_url = `${back}?outcome=failure`;
  }
  return params;
}
