/**
 * What moves the sandbox's transactions: inserting new ones with their first timer, settling
 * them (wallet, status, callbacks), planning outcomes for later, running due timers, and the
 * one alarm that drives it all. The ledger's RPC methods are thin calls into this.
 * @module
 */
import { OTP_TTL_MINUTES } from '../../../shared/lifetimes';
import type { SigningScheme } from '../../../shared/signing';
import type { CallbackSigner } from '../callbacks';
import { clockFor, MINUTE, type Clock } from '../clock';
import { collectionFeeMinor, payoutFeeMinor } from '../money';
import {
  FAILURES,
  LATE_SCRIPTS,
  lateSettleMinutes,
  minutesSetting,
  type FailureReason,
  type Script,
} from '../outcomes';
import { deliveriesOf, type DeliveryReason } from '../store/deliveries';
import { addTask, dropTasks, nextDueAt, takeDueTasks, type Task } from '../store/tasks';
import {
  insertTransaction,
  referenceTaken,
  transactionByRef,
  updateTransaction,
  type Transaction,
} from '../store/transactions';
import { transfersOf } from '../store/transfers';
import { adjustWallet, walletOf } from '../store/wallets';
import type { SandboxVars } from '../vars';
import { CallbackOutbox } from './callback-outbox';
import type { RowTime } from './new-rows';
import type { Outcome, TransactionBundle } from './types';

/** Every timer a transaction can hold (deliveries aside). */
const TIMERS = ['settle', 'expire_otp', 'expire_account', 'force'] as const;

/**
 * The sandbox's transaction machine over one Durable Object's storage.
 *
 * @example
 * const engine = new Engine(ctx.storage, env);
 * const tx = engine.insertNew(() => collectionRow(request, false, engine.rowTime));
 * await engine.armAlarm();
 */
export class Engine {
  readonly sql: SqlStorage;
  readonly clock: Clock;
  readonly outbox: CallbackOutbox;
  /** What new rows need to know of time. */
  readonly rowTime: RowTime;
  private readonly callbackDelay: number;
  /** Sandbox ms the late scripts (006–009) wait before settling. */
  private readonly lateSettleDelay: number;

  constructor(
    readonly storage: DurableObjectStorage,
    private readonly env: SandboxVars,
  ) {
    this.sql = storage.sql;
    this.clock = clockFor(env.SANDBOX_TIME_SCALE);
    const delay = Number(env.SANDBOX_CALLBACK_DELAY_MS);
    this.callbackDelay = Number.isFinite(delay) && delay >= 0 ? delay : 1500;
    this.lateSettleDelay = lateSettleMinutes(env.SANDBOX_LATE_SETTLE_MINUTES) * MINUTE;
    this.rowTime = {
      clock: this.clock,
      otpValidityMs: minutesSetting(env.SANDBOX_OTP_MINUTES, OTP_TTL_MINUTES) * MINUTE,
    };
    this.outbox = new CallbackOutbox(storage, this.clock, () => this.signer());
  }

  /** The transaction as stored now (it must exist). */
  reload(ref: string): Transaction {
    const tx = transactionByRef(this.sql, ref);
    if (!tx) throw new Error(`transaction ${ref} vanished`);
    return tx;
  }

  /** A transaction with its deliveries and transfers. */
  bundleOf(tx: Transaction): TransactionBundle {
    return {
      tx,
      deliveries: deliveriesOf(this.sql, tx.ref),
      transfers: transfersOf(this.sql, tx.ref),
    };
  }

  /**
   * Inserts a freshly built row and schedules its first timer (and runs `onInserted` in the
   * same storage transaction), retrying with new random ids when one collides; undefined when
   * a reference rule refused it.
   */
  insertNew(
    build: () => Transaction,
    onInserted: (row: Transaction) => void = () => {},
  ): Transaction | undefined {
    for (let tries = 0; tries < 3; tries++) {
      const row = build();
      const inserted = this.storage.transactionSync(() => {
        if (!insertTransaction(this.sql, row)) return false;
        this.scheduleFirstTimer(row);
        onInserted(row);
        return true;
      });
      if (inserted) return row;
      if (
        row.source === 'api' &&
        row.third_party_reference_1 !== null &&
        referenceTaken(this.sql, row.type, row.third_party_reference_1)
      ) {
        return undefined;
      }
    }
    throw new Error('could not allocate unique identifiers');
  }

  /** Schedules a transaction's settlement after its script's delay, from `from`. */
  scheduleSettle(tx: Transaction, from: number): void {
    addTask(this.sql, {
      due_at: this.clock.after(this.settleDelay(tx.script), from),
      kind: 'settle',
      ref: tx.ref,
    });
  }

  private scheduleFirstTimer(tx: Transaction): void {
    if (tx.stage === 'processing') {
      this.scheduleSettle(tx, tx.created_at);
    } else if (tx.stage === 'awaiting_otp' && tx.expires_at !== null) {
      addTask(this.sql, { due_at: tx.expires_at, kind: 'expire_otp', ref: tx.ref });
    } else if (tx.stage === 'awaiting_transfer' && tx.expires_at !== null) {
      addTask(this.sql, { due_at: tx.expires_at, kind: 'expire_account', ref: tx.ref });
    }
  }

  /** The failure reason of an outcome given to a transaction (null for success). */
  failureFor(tx: Transaction, outcome: Outcome): FailureReason | null {
    const payin = tx.type === 'payin';
    if (outcome === 'failed') return payin ? FAILURES.declined : FAILURES.payoutFailed;
    if (outcome === 'timeout') return payin ? FAILURES.timeout : FAILURES.payoutTimeout;
    return null;
  }

  /** Sandbox ms between the start of processing and a script's settlement. */
  private settleDelay(script: Script): number {
    return LATE_SCRIPTS.includes(script) ? this.lateSettleDelay : this.callbackDelay;
  }

  /**
   * Plans an outcome `afterMs` sandbox ms from now (a `force` task), replacing any earlier plan
   * and dropping the transaction's own timers; it stays pending until then.
   */
  plan(tx: Transaction, outcome: Outcome, amount: number | null, afterMs: number): void {
    this.storage.transactionSync(() => {
      const now = this.clock.now();
      const due = this.clock.after(afterMs, now);
      dropTasks(this.sql, tx.ref, [...TIMERS]);
      updateTransaction(
        this.sql,
        tx.ref,
        { stage: 'processing', planned_outcome: outcome, planned_amount: amount, planned_at: due },
        now,
      );
      addTask(this.sql, { due_at: due, kind: 'force', ref: tx.ref });
    });
  }

  /**
   * Moves a pending transaction to its terminal state: the wallet is credited (collection,
   * amount minus fee) or debited (payout, amount plus fee) on success; funds a payout locked
   * at creation (setting `lock_payout_funds`) count as paid on success and go back to the
   * wallet on failure; its timers are dropped; its callback is queued unless it is silent
   * (three copies for script 004).
   */
  settle(
    tx: Transaction,
    outcome: Outcome,
    failure: FailureReason | null,
    settledAmount: number | null = null,
  ): Transaction {
    return this.storage.transactionSync(() => {
      const now = this.clock.now();
      const common = {
        stage: 'done' as const,
        settled_at: now,
        settled_amount: settledAmount,
        planned_outcome: null,
        planned_amount: null,
        planned_at: null,
        locked_minor: 0,
      };
      if (outcome === 'success') {
        const amount = settledAmount ?? tx.amount;
        const amountMinor = Math.round(amount * 100);
        const fee = tx.type === 'payin' ? collectionFeeMinor(amount) : payoutFeeMinor(amount);
        const delta =
          tx.type === 'payin' ? amountMinor - fee : tx.locked_minor - (amountMinor + fee);
        const wallet = adjustWallet(this.sql, tx.currency, delta, now);
        updateTransaction(
          this.sql,
          tx.ref,
          {
            ...common,
            status: 'success',
            status_code: '000000',
            fee_minor: fee,
            failure_code: null,
            failure_message: null,
            balance_after_minor: wallet.balance_minor,
          },
          now,
        );
      } else {
        const wallet =
          tx.locked_minor > 0
            ? adjustWallet(this.sql, tx.currency, tx.locked_minor, now)
            : walletOf(this.sql, tx.currency, now);
        updateTransaction(
          this.sql,
          tx.ref,
          {
            ...common,
            status: 'failed',
            status_code: outcome === 'timeout' ? '000006' : '000005',
            failure_code: failure?.failureCode ?? null,
            failure_message: failure?.failureMessage ?? null,
            balance_after_minor: wallet.balance_minor,
          },
          now,
        );
      }
      dropTasks(this.sql, tx.ref, [...TIMERS]);
      const settled = this.reload(tx.ref);
      if (!settled.silent) {
        const copies = settled.script === 'repeat_success' && outcome === 'success' ? 3 : 1;
        for (let copy = 0; copy < copies; copy++) {
          const reason: DeliveryReason = copy === 0 ? 'terminal' : 'repeat';
          this.outbox.queueTerminal(settled, reason, this.clock.after(copy * this.callbackDelay));
        }
      }
      return settled;
    });
  }

  /** Runs one due timer (every kind but deliveries); does nothing when it no longer applies. */
  private runTimer(task: Task): void {
    const tx = transactionByRef(this.sql, task.ref);
    if (!tx || tx.status !== 'pending') return;
    if (task.kind === 'force' && tx.planned_outcome !== null) {
      const outcome = tx.planned_outcome;
      this.settle(tx, outcome, this.failureFor(tx, outcome), tx.planned_amount);
    } else if (task.kind === 'settle' && tx.stage === 'processing') {
      switch (tx.script) {
        case 'failed':
        case 'late_failed':
          this.settle(tx, 'failed', this.failureFor(tx, 'failed'));
          break;
        case 'timeout':
          this.settle(tx, 'timeout', this.failureFor(tx, 'timeout'));
          break;
        case 'timeout_then_failed':
          this.settle(tx, 'failed', this.failureFor(tx, 'timeout'));
          break;
        default:
          this.settle(tx, 'success', null);
      }
    } else if (task.kind === 'expire_otp' && tx.stage === 'awaiting_otp') {
      this.settle(tx, 'failed', FAILURES.otpExpired);
    } else if (task.kind === 'expire_account' && tx.stage === 'awaiting_transfer') {
      this.settle(tx, 'failed', FAILURES.accountExpired);
    }
  }

  /** Sets the alarm to the earliest task when it is not already set earlier. */
  async armAlarm(): Promise<void> {
    const next = nextDueAt(this.sql);
    if (next === null) return;
    const current = await this.storage.getAlarm();
    if (current === null || next < current) await this.storage.setAlarm(next);
  }

  /** The alarm's body: runs every due task, earliest first, then sets the alarm to the next one. */
  async runDueTasks(): Promise<void> {
    for (let round = 0; round < 25; round++) {
      const due = takeDueTasks(this.sql, this.clock.now(), 100);
      if (due.length === 0) break;
      const attempts: Promise<void>[] = [];
      for (const task of due) {
        if (task.kind === 'deliver') {
          if (task.delivery_id !== null) {
            attempts.push(
              this.outbox.deliver(task.delivery_id).catch((error) => logTaskError(task, error)),
            );
          }
        } else {
          try {
            this.runTimer(task);
          } catch (error) {
            logTaskError(task, error);
          }
        }
      }
      await Promise.all(attempts);
    }
    const next = nextDueAt(this.sql);
    if (next === null) await this.storage.deleteAlarm();
    else await this.storage.setAlarm(next);
  }

  private signer(): CallbackSigner {
    const scheme: SigningScheme =
      this.env.SANDBOX_SIGNING_SCHEME === 'hmac-sha256' ? 'hmac-sha256' : 'sha256';
    return {
      clientId: this.env.SANDBOX_CLIENT_ID,
      sender: this.env.SANDBOX_SENDER,
      secretKey: this.env.SANDBOX_SECRET_KEY,
      scheme,
    };
  }
}

/** One task failed: log it (no payload, no secret) and go on with the others. */
function logTaskError(task: Task, error: unknown): void {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
  console.error(`sandbox ledger: task ${task.kind} of ${task.ref} failed: ${reason}`);
}
