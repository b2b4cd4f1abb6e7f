/**
 * Longest accepted value of each field the payer types into a checkout attempt: the proxy's
 * schema enforces them and the widget sets them as `maxlength` (a zod-free module, so the
 * widget bundle stays small).
 * @module
 */

/**
 * Longest accepted value of each payer field.
 *
 * @example
 * PAYER_FIELD_MAX.mobile; // 32
 */
export const PAYER_FIELD_MAX = {
  mobile: 32,
  first_name: 100,
  last_name: 100,
  name: 200,
  account_name: 200,
  bank_code: 16,
  id_number: 20,
} as const;
