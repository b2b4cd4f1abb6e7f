/**
 * A payout as the merchant sees it (worker/payout/view.ts).
 * @module
 */
import * as z from 'zod';
import {
  attemptStatusSchema,
  failureSchema,
  isoTime,
  moneyDifferenceSchema,
  webhookRecordSchema,
} from './common';
import { redactionFields } from './redaction';
import { named } from '../openapi/registry';

export const payoutSchema = named(
  'Payout',
  z.object({
    reference: z.string(),
    status: attemptStatusSchema,
    amount: z.number(),
    currency: z.string(),
    mobile: z.string().describe('Masked.'),
    payment_method_type: z.string(),
    upstream_reference: z.string().nullable(),
    create_state: z.enum(['unsent', 'sending', 'accepted', 'rejected', 'unknown', 'canceled']),
    upstream_message: z.string().nullable(),
    failure: failureSchema.nullable(),
    differences: z.array(moneyDifferenceSchema).nullable(),
    created_at: isoTime,
    updated_at: isoTime,
    webhooks: z.array(webhookRecordSchema),
    ...redactionFields,
  }),
  'A payout as the merchant sees it.',
);
