/**
 * The upstream's answer to a collection request: root `success`, `message`, `data`,
 * `status_code`. Every data field may be missing or `null` ("unused fields are returned as
 * null"). `payment_step` 1 acknowledges the initiation; it never confirms a payment.
 * @module
 */
import * as z from 'zod/mini';
import { maybe, successFlag } from './fields';

/**
 * The `data` object of a collection response. `depositId` and `MerchantRequestID` carry the
 * upstream's reference; `account_number` and `bank_name` come with virtual accounts;
 * `payment_token` with the OTP-verified method; `authorization_url` with redirect methods.
 *
 * @example
 * const data = validate(collectionDataSchema, body.data);
 */
export const collectionDataSchema = z.looseObject({
  account_name: maybe(z.string()),
  amount: maybe(z.number()),
  callback_url: maybe(z.string()),
  country_id: maybe(z.number()),
  currency: maybe(z.string()),
  mobile: maybe(z.string()),
  name: maybe(z.string()),
  payment_method_type: maybe(z.string()),
  third_party_reference_1: maybe(z.string()),
  third_party_reference_2: maybe(z.string()),
  MerchantRequestID: maybe(z.string()),
  depositId: maybe(z.string()),
  account_number: maybe(z.string()),
  bank_name: maybe(z.string()),
  bank_code: maybe(z.string()),
  status: maybe(z.string()),
  payment_token: maybe(z.string()),
  payment_step: maybe(z.number()),
  authorization_url: maybe(z.string()),
});

/**
 * A successful collection response.
 *
 * @example
 * const created = validate(collectionResponseSchema, await response.json());
 * if (created.ok) attempt.reference = created.value.data.depositId ?? created.value.data.MerchantRequestID;
 */
export const collectionResponseSchema = z.looseObject({
  success: successFlag,
  message: maybe(z.string()), // informational: its absence changes nothing
  data: collectionDataSchema,
  status_code: z.string(),
});

/** The `data` object of a collection response. */
export type CollectionData = z.output<typeof collectionDataSchema>;
/** A successful collection response. */
export type CollectionResponse = z.output<typeof collectionResponseSchema>;
