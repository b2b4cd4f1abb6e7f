/**
 * The public checkout view (shared/view.ts): what `GET /v1/checkout/{id}` and every attempt and
 * OTP answer carry.
 * @module
 */
import * as z from 'zod';
import { METHOD_KINDS, type MethodKind } from '../../shared/method-kinds';
import { attemptStatusSchema, failureSchema, isoTime, sessionStatusSchema } from './common';
import { named } from '../openapi/registry';

export const methodKindSchema = named(
  'MethodKind',
  z.enum(METHOD_KINDS as [MethodKind, ...MethodKind[]]),
);

const lapseReason = z.enum([
  'otp_expired',
  'otp_locked',
  'account_expired',
  'prompt_unanswered',
  'redirect_cancelled',
  'redirect_unanswered',
]);

export const nextActionSchema = named(
  'NextAction',
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('approve_on_phone'), mobile_masked: z.string() }),
    z.object({
      type: z.literal('enter_otp'),
      expires_at: isoTime,
      tries_left: z.number().int(),
      unconfirmed: z
        .literal(true)
        .optional()
        .describe(
          'A code was sent and no answer came: the upstream may or may not have it. The payer may enter it again; a code the upstream already has changes nothing.',
        ),
    }),
    z.object({ type: z.literal('redirect'), url: z.string() }),
    z.object({
      type: z.literal('bank_transfer'),
      account_number: z.string(),
      bank_name: z.string(),
      amount: z.number(),
      currency: z.string(),
      expires_at: isoTime,
    }),
    z.object({ type: z.literal('wait') }),
    z.object({
      type: z.literal('confirming'),
      unconfirmed: z
        .literal(true)
        .optional()
        .describe(
          "The code's window closed while no answer to it had come: the upstream's report (or a status query) tells whether it arrived.",
        ),
    }),
    z.object({ type: z.literal('input_lapsed'), reason: lapseReason }),
  ]),
  'What the payer does next for the current attempt.',
);

/** The attempt fields the payer may see (also the start of the merchant's attempt). */
export const attemptViewFields = {
  id: z.string(),
  country_id: z.number().int(),
  method: z.string(),
  kind: methodKindSchema,
  status: attemptStatusSchema,
  input: z.enum(['awaiting', 'given', 'lapsed']),
  created_at: isoTime,
  next: nextActionSchema.nullable(),
  failure: failureSchema.nullable(),
};

export const attemptViewSchema = named('AttemptView', z.object(attemptViewFields));

export const checkoutViewSchema = named(
  'CheckoutView',
  z.object({
    id: z.string(),
    status: sessionStatusSchema,
    amount: z.number().describe('Whole units of `currency`.'),
    currency: z.string(),
    expires_at: isoTime,
    countries: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        iso2: z.string(),
        dial_code: z.string(),
        national_number_length: z.number().int(),
        predicts: z
          .literal(true)
          .optional()
          .describe('The operator can be predicted from the number (`POST .../predict`).'),
        methods: z.array(
          z.object({
            value: z.string(),
            kind: methodKindSchema,
            label: z.string(),
            badge: z.object({ text: z.string(), bg: z.string(), fg: z.string() }).optional(),
            min: z.number().optional().describe('The smallest amount the method takes.'),
            max: z.number().optional().describe('The largest amount the method takes.'),
            status: z
              .literal('degraded')
              .optional()
              .describe('The method fails often right now (a closed one is left out).'),
          }),
        ),
      }),
    ),
    banks: z.array(z.object({ code: z.string(), label: z.string() })),
    customer: z
      .object({ first_name: z.string().optional(), mobile_masked: z.string().optional() })
      .nullable(),
    attempt: attemptViewSchema.nullable(),
    can_retry: z.boolean(),
    return_url: z.string().nullable(),
    locale: z.string().nullable().describe('The payer’s language the merchant gave, or null.'),
    seq: z.number().int(),
  }),
  'The public view of a checkout session, as the widget renders it.',
);
