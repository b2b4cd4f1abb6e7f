/**
 * Compile-time checks that what the routes answer (the TypeScript types of worker/ and shared/)
 * fits the response schemas of the document: a field renamed or retyped in code without the
 * document fails `npm run typecheck` (the contract test then checks the values).
 * @module
 */
import type * as z from 'zod';
import type { CheckoutView } from '../../../shared/view';
import type { WebhookRecord } from '../../durable/webhook-outbox';
import type { PayoutView } from '../../payout/view';
import type { SettlementReport } from '../../query/settlement-report';
import type { MerchantSession } from '../../session/merchant-view';
import type { checkoutViewSchema } from './checkout-view';
import type { webhookRecordSchema } from './common';
import type { payoutSchema } from './payout';
import type { settlementReportSchema } from './queries';
import type { merchantSessionSchema } from './session';

/** `T` must be assignable to what `S` accepts. */
type Fits<S extends z.ZodType, T extends z.output<S>> = T;

export type SessionFits = Fits<typeof merchantSessionSchema, MerchantSession>;
export type PayoutFits = Fits<typeof payoutSchema, PayoutView>;
export type CheckoutViewFits = Fits<typeof checkoutViewSchema, CheckoutView>;
export type WebhookRecordFits = Fits<typeof webhookRecordSchema, WebhookRecord>;
export type SettlementReportFits = Fits<typeof settlementReportSchema, SettlementReport>;
