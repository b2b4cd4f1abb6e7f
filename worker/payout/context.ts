/**
 * What a payout's modules work with: its store, env and settings (the shape every
 * record-keeping kind shares, worker/object-context.ts).
 * @module
 */
import type { ObjectContext } from '../object-context';
import type { PayoutStore } from './store';

/** One payout object's working handles. */
export type PayoutContext = ObjectContext<PayoutStore>;
