/**
 * Compile-time checks that what the routes answer (the TypeScript types of worker/ and shared/)
 * fits the response schemas of the document: a field renamed or retyped in code without the
 * document fails `npm run typecheck` (the contract test then checks the values).
 * @module
 */
import type * as z from 'zod';
import type { CheckoutView } from '../../../shared/view';
import type { WebhookRecord, WebhookType } from '../../durable/webhook-outbox';
import type { Prediction } from '../../payment-methods/predict';
import type { RefundDetail, RefundView } from '../../payout/refund-view';
import type { PayoutView } from '../../payout/view';
import type { SettlementReport } from '../../query/settlement-report';
import type { MerchantSession } from '../../session/merchant-view';
import type { deliveryView } from '../../webhook-endpoints/delivery-log';
import type { EndpointView } from '../../webhook-endpoints/endpoint-store';
import type { EndpointWithSecret } from '../../webhook-endpoints/webhook-endpoints';
import type { checkoutViewSchema } from './checkout-view';
import type { WEBHOOK_TYPES, webhookRecordSchema } from './common';
import type { predictionSchema } from './payment-methods';
import type { payoutSchema } from './payout';
import type { settlementReportSchema } from './queries';
import type { refundCreatedSchema, refundDetailSchema } from './refund';
import type { merchantSessionSchema } from './session';
import type {
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from './webhook-endpoints';

/** `T` must be assignable to what `S` accepts, and name no field that `S` lacks (the answer
 * schemas are strict). */
type Fits<
  S extends z.ZodType,
  T extends z.output<S> & Record<Exclude<keyof T, keyof z.output<S>>, never>,
> = T;

export type SessionFits = Fits<typeof merchantSessionSchema, MerchantSession>;
export type PayoutFits = Fits<typeof payoutSchema, PayoutView>;
export type CheckoutViewFits = Fits<typeof checkoutViewSchema, CheckoutView>;
export type WebhookRecordFits = Fits<typeof webhookRecordSchema, WebhookRecord>;
export type SettlementReportFits = Fits<typeof settlementReportSchema, SettlementReport>;
export type RefundFits = Fits<typeof refundCreatedSchema, RefundView>;
export type RefundDetailFits = Fits<typeof refundDetailSchema, RefundDetail>;
export type PredictionFits = Fits<typeof predictionSchema, Prediction>;
export type EndpointFits = Fits<typeof webhookEndpointSchema, EndpointView>;
export type EndpointWithSecretFits = Fits<
  typeof webhookEndpointWithSecretSchema,
  EndpointWithSecret
>;
export type DeliveryFits = Fits<typeof webhookDeliverySchema, ReturnType<typeof deliveryView>>;
/** Every type the document lists is one the outbox sends (the other way: WebhookRecordFits). */
export type WebhookTypesFit = Fits<z.ZodType<WebhookType>, (typeof WEBHOOK_TYPES)[number]>;
