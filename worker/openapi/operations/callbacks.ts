/**
 * The hosted callbacks the upstream POSTs to (worker/routes/hooks.ts), described with the
 * upstream's own shapes (docs/upstream-api.md, shared/schemas/callbacks.ts). Not for merchants
 * to call: listed so the callback URLs' contract is on record.
 * @module
 */
import {
  collectionCallbackSchema,
  paymentLinkCallbackSchema,
  payoutCallbackSchema,
} from '../../../shared/schemas';
import { op } from '../operation';
import { callbackReceivedSchema } from '../schemas/payments';

const common = {
  tag: 'Callbacks (upstream)',
  audience: 'callback' as const,
  responses: { 200: callbackReceivedSchema },
  errors: [],
};

export const callbackOperations = [
  op({
    ...common,
    method: 'post',
    path: '/hooks/collections',
    operationId: 'collectionCallback',
    summary: "The upstream's collection callback (a signed envelope)",
    body: collectionCallbackSchema,
  }),
  op({
    ...common,
    method: 'post',
    path: '/hooks/payouts',
    operationId: 'payoutCallback',
    summary: "The upstream's payout callback (a signed envelope)",
    body: payoutCallbackSchema,
  }),
  op({
    ...common,
    method: 'post',
    path: '/hooks/payment-links',
    operationId: 'paymentLinkCallback',
    summary: "The upstream's payment-link callback, for links created before per-link URLs",
    body: paymentLinkCallbackSchema,
  }),
  op({
    ...common,
    method: 'post',
    path: '/hooks/payment-links/{link}',
    operationId: 'linkCallback',
    summary: "The upstream's callback for one payment link (the link's own callback_url)",
    body: paymentLinkCallbackSchema,
    errors: ['NOT_FOUND'],
  }),
];
