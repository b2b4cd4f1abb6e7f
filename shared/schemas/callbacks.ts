/**
 * Callbacks the upstream POSTs in a signed envelope: collections (to `callback_url`), payouts
 * (to `client_callback_url`) and hosted-checkout payments of payment links, whose payload the
 * upstream does not document (a tolerant schema).
 *
 * A verified callback is accepted whether or not it is final: payment_step 1 (an initiation
 * acknowledgement) and statuses other than `success`/`failed` (e.g. `pending`) validate, so the
 * receiver can answer 200, store them and change nothing (`callbackOutcome` of shared/status.ts
 * decides what counts). Rules of a terminal callback (payment_step 2): `status` `success` goes
 * with `statusCode` `000000`; `failed` with `000005` (or `000006`, the timeout code, which says
 * nothing final), and both `status` and `statusCode` are present. A failure without
 * `failureReason` is still a failure (its reason is then unknown); when present it is an object.
 * Always: `payment_step` is the number 1 or 2, `status` and `statusCode` (when present) are
 * non-empty strings, `amount` is any number (integer or not), and at least one reference
 * identifies the transaction. Extra keys are kept.
 * @module
 */
import * as z from 'zod/mini';
import { callbackOutcome, StatusCode } from '../money-report';
import { signedEnvelopeSchema } from './envelope';
import { failureReasonSchema } from './failure-reason';
import { maybe } from './fields';
import { objectRules, type RuleIssue } from './object-rules';

const nonEmpty = (value: unknown): boolean => typeof value === 'string' && value !== '';

/** The rules shared by collection and payout callbacks, over params whose types may be wrong. */
function callbackIssues(params: Record<string, unknown>, idFields: readonly string[]): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const { status, statusCode } = params;
  // The consistency rules apply to a terminal report only; payment_step 1 says nothing final.
  if (params.payment_step === 2) {
    for (const field of ['status', 'statusCode'] as const) {
      if (params[field] === undefined || params[field] === null) {
        issues.push({ path: [field], message: 'is required when payment_step is 2' });
      }
    }
    if (
      status === 'success' &&
      typeof statusCode === 'string' &&
      statusCode !== StatusCode.SUCCESS
    ) {
      issues.push({ path: ['statusCode'], message: 'must be "000000" when status is "success"' });
    }
    if (status === 'failed' && statusCode === StatusCode.SUCCESS) {
      issues.push({
        path: ['statusCode'],
        message: 'must be "000005" or "000006" when status is "failed"',
      });
    }
  }
  if (!idFields.some((field) => nonEmpty(params[field]))) {
    const [first, ...others] = idFields;
    issues.push({
      path: [first ?? ''],
      message: `is required when ${others.join(' and ')} are missing: one of them must identify the transaction`,
    });
  }
  return issues;
}

/** Fields every callback of a collection or payout carries (terminal or not). */
const callbackFields = {
  amount: maybe(z.number()),
  mobile: maybe(z.string()),
  payment_step: z.literal([1, 2]),
  reference: maybe(z.string()),
  status: maybe(z.string().check(z.minLength(1))),
  statusCode: maybe(z.string().check(z.minLength(1))),
  failureReason: maybe(failureReasonSchema),
  third_party_reference_1: maybe(z.string()),
};

function callbackRules(idFields: readonly string[]) {
  return objectRules((params) => callbackIssues(params, idFields));
}

/**
 * Params of a collection's callback (terminal or not).
 *
 * @example
 * const params = validate(collectionCallbackParamsSchema, envelope.params, { prefix: 'params' });
 */
export const collectionCallbackParamsSchema = z
  .looseObject({
    ...callbackFields,
    depositId: maybe(z.string()),
    name: maybe(z.string()),
    third_party_reference_2: maybe(z.string()),
  })
  .check(callbackRules(['third_party_reference_1', 'reference', 'depositId']));

/**
 * Params of a payout's callback (terminal or not).
 *
 * @example
 * const params = validate(payoutCallbackParamsSchema, envelope.params, { prefix: 'params' });
 */
export const payoutCallbackParamsSchema = z
  .looseObject({
    ...callbackFields,
    currency: maybe(z.string()),
    payment_method_type: maybe(z.string()),
    payment_reference: maybe(z.string()),
  })
  .check(callbackRules(['payment_reference', 'reference', 'third_party_reference_1']));

/**
 * Params of a hosted-checkout (payment-link) callback. The upstream does not document this payload,
 * so every field is optional and loosely typed; decide with {@link paymentLinkCallbackOutcome}.
 *
 * @example
 * const outcome = paymentLinkCallbackOutcome(params);
 */
export const paymentLinkCallbackParamsSchema = z.looseObject({
  payment_step: maybe(z.union([z.number(), z.string()])),
  status: maybe(z.string()),
  statusCode: maybe(z.string()),
  amount: maybe(z.union([z.number(), z.string()])),
  currency: maybe(z.string()),
  reference: maybe(z.string()),
  depositId: maybe(z.string()),
  payment_reference: maybe(z.string()),
  third_party_reference_1: maybe(z.string()),
  failureReason: maybe(z.unknown()),
});

/** A collection callback: the signed envelope and its params. */
export const collectionCallbackSchema = signedEnvelopeSchema(collectionCallbackParamsSchema);
/** A payout callback: the signed envelope and its params. */
export const payoutCallbackSchema = signedEnvelopeSchema(payoutCallbackParamsSchema);
/** A hosted-checkout callback: the signed envelope and its (tolerant) params. */
export const paymentLinkCallbackSchema = signedEnvelopeSchema(paymentLinkCallbackParamsSchema);

/** Params of a collection's terminal callback. */
export type CollectionCallbackParams = z.output<typeof collectionCallbackParamsSchema>;
/** Params of a payout's terminal callback. */
export type PayoutCallbackParams = z.output<typeof payoutCallbackParamsSchema>;
/** Params of a hosted-checkout callback. */
export type PaymentLinkCallbackParams = z.output<typeof paymentLinkCallbackParamsSchema>;

/**
 * What a hosted-checkout callback means, by the same rule as every callback
 * ({@link callbackOutcome} in shared/money-report.ts; docs/upstream-api.md, "Receiver rules"):
 * `succeeded` or `failed` only for a final payment step with a matching status code, `unknown`
 * for anything else (`000006`, the timeout code, says nothing final).
 *
 * @example
 * if (paymentLinkCallbackOutcome(params) === 'succeeded') enqueue('payment_link.paid', params);
 */
export function paymentLinkCallbackOutcome(
  params: PaymentLinkCallbackParams,
): 'succeeded' | 'failed' | 'unknown' {
  const outcome = callbackOutcome(params);
  return outcome === 'success' ? 'succeeded' : outcome;
}
