/**
 * Every route's entry in the OpenAPI document. A new route adds one `op({...})` to the file of
 * its area (or a new file listed here); test/proxy/openapi/routes.test.ts fails while a route
 * of the app has no entry.
 * @module
 */
import type { Operation } from '../operation';
import { callbackOperations } from './callbacks';
import { checkoutOperations } from './checkout';
import { operatorOperations } from './operator';
import { paymentMethodOperations } from './payment-methods';
import { paymentOperations } from './payments';
import { payoutBatchOperations } from './payout-batches';
import { payoutOperations } from './payouts';
import { refundOperations } from './refunds';
import { sessionOperations } from './sessions';
import { webhookEndpointOperations } from './webhook-endpoints';

export const operations: readonly Operation[] = [
  ...sessionOperations,
  ...refundOperations,
  ...payoutOperations,
  ...payoutBatchOperations,
  ...paymentOperations,
  ...paymentMethodOperations,
  ...webhookEndpointOperations,
  ...checkoutOperations,
  ...operatorOperations,
  ...callbackOperations,
];
