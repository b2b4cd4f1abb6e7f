/**
 * What a ledger's modules work with: its store (with its task queue and outboxes), env and
 * settings (the shape every record-keeping kind shares, worker/object-context.ts).
 * @module
 */
import type { ObjectContext } from '../object-context';
import type { LedgerStore } from './store';

/** One ledger object's working handles. */
export type LedgerContext = ObjectContext<LedgerStore>;
