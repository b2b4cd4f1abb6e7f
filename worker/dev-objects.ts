/**
 * The Durable Object classes as development and the tests run them ([env.dev]'s entry,
 * worker/dev-worker.ts, exports these under the production names): each production class plus
 * `drainAlarms`, which runs the object's alarm now. Production neither exports nor bundles it
 * (test/scripts/wrangler-layout.test.ts checks the dry-run bundle), so it is no part of the
 * production RPC surface.
 * @module
 */
import type { DurableObject } from 'cloudflare:workers';
import type { ObjectTables } from './durable/object-tables';
import type { TaskQueue } from './durable/task-queue';
import type { ProxyEnv } from './env';
import { Ledger as LedgerObject } from './ledger/ledger';
import { PayoutBatch as PayoutBatchObject } from './payout-batch/payout-batch';
import { Payout as PayoutObject } from './payout/payout';
import { CheckoutSession as SessionObject } from './session/checkout-session';
import { WebhookEndpoints as EndpointsObject } from './webhook-endpoints/webhook-endpoints';

/** What {@link Drainable.drainAlarms} did. */
export interface Drained {
  /** Alarm runs. */
  runs: number;
  /** When the earliest task left is due (ms since the epoch), or null: nothing is scheduled. */
  next_at: number | null;
}

/** The object base's protected parts a drain uses (worker/durable/outboxed-object.ts). */
interface AlarmParts {
  tables: Pick<ObjectTables<string>, 'exists'>;
  open: { tasks: TaskQueue<string> };
  runDue(now: number): Promise<void>;
}

/** A mixin's base: a Durable Object class (`any[]`: the only constructor a mixin may take). */
type ObjectClass = new (...args: any[]) => DurableObject<ProxyEnv>;

/**
 * `Base` (an object of worker/durable/outboxed-object.ts) plus `drainAlarms`.
 *
 * @example
 * export class Payout extends drainable(PayoutObject) {}
 */
function drainable<C extends ObjectClass>(Base: C) {
  return class Drainable extends Base {
    /**
     * Runs the alarm until no task is due within `withinMs` (tests: then "nothing more is
     * sent" holds exactly until `next_at`). A task that throws is rescheduled by its backoff,
     * so this ends; at most `maxRuns` runs.
     */
    async drainAlarms(withinMs = 1_000, maxRuns = 50): Promise<Drained> {
      const self = this as unknown as AlarmParts;
      let runs = 0;
      if (self.tables.exists) {
        const { tasks } = self.open;
        while (runs < maxRuns && tasks.due(Date.now() + withinMs, 1).length > 0) {
          await self.runDue(Date.now() + withinMs);
          runs += 1;
        }
      }
      return { runs, next_at: self.tables.exists ? self.open.tasks.nextDue() : null };
    }
  };
}

export class CheckoutSession extends drainable(SessionObject) {}
export class Ledger extends drainable(LedgerObject) {}
export class Payout extends drainable(PayoutObject) {}
export class PayoutBatch extends drainable(PayoutBatchObject) {}
export class WebhookEndpoints extends drainable(EndpointsObject) {}
