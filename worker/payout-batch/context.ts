/**
 * What a payout batch's modules work with: its store, env and settings (the shape every
 * record-keeping kind shares, worker/object-context.ts).
 * @module
 */
import type { ObjectContext } from '../object-context';
import type { BatchStore } from './store';

/** One payout batch object's working handles. */
export type BatchContext = ObjectContext<BatchStore>;
