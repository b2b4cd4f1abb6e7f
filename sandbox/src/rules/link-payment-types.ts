/**
 * The payment types Kenya's hosted payment-link page offers, in the upstream document's words
 * (docs/upstream-api.md, "Countries for payment links": "till number, pay bill, bank-transfer
 * and send money"). The payer picks one; the link payment's callback and status record carry it
 * as `payment_method_type`.
 * @module
 */

/** Kenya's payment-link country id. */
export const KENYA = 1;

/** The four documented payment types, as the page offers them. */
export const KENYA_LINK_PAYMENT_TYPES = [
  'till number',
  'pay bill',
  'bank-transfer',
  'send money',
] as const;

/** One of them. */
export type LinkPaymentType = (typeof KENYA_LINK_PAYMENT_TYPES)[number];

/** True when a link's page asks the payer how they pay (Kenya's links). */
export function offersPaymentTypes(link: { country_id: number }): boolean {
  return link.country_id === KENYA;
}

/** The payment type a form value names, else null. */
export function linkPaymentType(value: string | null): LinkPaymentType | null {
  return KENYA_LINK_PAYMENT_TYPES.find((type) => type === value) ?? null;
}
