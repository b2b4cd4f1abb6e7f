/**
 * The sandbox's ledger Durable Object: one instance (named "ledger") holds every transaction,
 * used signature, timer, callback delivery, wallet, payment link, token and injected fault in
 * SQLite. Routes call its typed RPC methods; its one alarm is always set to the earliest task.
 * @module
 */
import { DurableObject } from 'cloudflare:workers';
import type { MethodKind } from '../../shared/catalogue';
import type { SigningScheme } from '../../shared/signing';
import { bankName } from './banks';
import {
  callbackParams,
  extraCallbackBase,
  signedCallback,
  type CallbackSigner,
} from './callbacks';
import { clockFor, MINUTE, type Clock } from './clock';
import { MAX_ATTEMPTS, postCallback, retryDelay } from './delivery';
import type { EndpointName } from './endpoints';
import type { SandboxEnv } from './env';
import { newAccountNumber, newRef, newToken } from './ids';
import { collectionFeeMinor, payoutFeeMinor } from './money';
import {
  FAILURES,
  LATE_SCRIPTS,
  lateSettleMinutes,
  minutesSetting,
  scriptForPhone,
  TIMEOUT_WINDOW_SCRIPTS,
  type FailureReason,
  type Script,
} from './outcomes';
import type { CollectionRequest } from './rules/collection';
import type { LinkRequest } from './rules/payment-link';
import type { PayoutRequest } from './rules/payout';
import {
  addDelivery,
  deliveriesOf,
  deliveryById,
  FOREIGN_REF,
  recordAttempt,
  saveBody,
  type Delivery,
  type DeliveryReason,
} from './store/deliveries';
import {
  clearFaults,
  listFaults,
  setFault,
  takeFault,
  type Fault,
  type FaultKind,
} from './store/faults';
import {
  countLinkPayment,
  insertLink,
  linkById,
  listLinks,
  type PaymentLink,
} from './store/payment-links';
import { migrate } from './store/schema';
import { claimSignature } from './store/signatures';
import { addTask, dropTasks, nextDueAt, takeDueTasks, type Task } from './store/tasks';
import { saveToken, tokenValid } from './store/tokens';
import {
  insertTransaction,
  listTransactions,
  referenceTaken,
  transactionByAccount,
  transactionById,
  transactionByRef,
  transactionByToken,
  updateTransaction,
  type Stage,
  type Transaction,
} from './store/transactions';
import { addTransfer, transfersOf, type Transfer } from './store/transfers';
import { adjustWallet, listWallets, openWallets, walletOf, type Wallet } from './store/wallets';

/** An outcome a transaction can be given. */
export type Outcome = 'success' | 'failed' | 'timeout';

/** A transaction with its callback deliveries and virtual-account transfers. */
export interface TransactionBundle {
  tx: Transaction;
  deliveries: Delivery[];
  transfers: Transfer[];
}

/** What a status query found. */
export type Lookup =
  | { found: 'yes'; tx: Transaction; walletAccount: string; balanceMinor: number }
  | { found: 'no' }
  | { found: 'other_type' };

/** The result of a process-transaction call. */
export type OtpResult =
  { result: 'accepted' | 'wrong' | 'expired' | 'closed'; tx: Transaction } | { result: 'unknown' };

/** The result of a control action on one transaction. */
export type ControlResult<T = object> =
  | ({ result: 'ok' } & TransactionBundle & T)
  | { result: 'not_found' }
  | ({ result: 'not_pending' } & TransactionBundle);

/** How a virtual account takes a transfer below the expected amount. */
export type Underpayment =
  /** Credited in full: the transaction succeeds with the short amount (the worst legal case). */
  | 'settle'
  /** Reversed in full: the transaction stays pending and the account open. */
  | 'reverse';

/** Options of a transfer into a virtual account. */
export interface PayOptions {
  underpayment: Underpayment;
  /** Sandbox ms between the transfer and the transaction's settlement (its callback); 0 = now. */
  settleAfterMs: number;
}

/** Overrides of an extra callback: params to set (or add) and param names to drop. */
export interface CallbackOverrides {
  params: Record<string, unknown>;
  omit: readonly string[];
}

/** A queued callback: its delivery id, destination and the params it carries (unsigned, as JSON text). */
export interface QueuedCallback {
  deliveryId: number;
  url: string;
  paramsJson: string;
}

/** Payer details typed on a payment-link page. */
export interface LinkPayer {
  phone: string;
  first_name: string | null;
  last_name: string | null;
}

/** Sandbox minutes an OTP payment token stays valid unless `SANDBOX_OTP_MINUTES` says otherwise. */
export const OTP_VALID_MINUTES = 2;
/** Sandbox minutes a virtual account stays open. */
export const ACCOUNT_VALID_MINUTES = 30;
/** Sandbox minutes a bearer token stays valid. */
export const TOKEN_VALID_MINUTES = 60;
/** The only OTP the sandbox accepts. */
export const SANDBOX_OTP = '000000';

const REDIRECT_KINDS: readonly string[] = ['redirect_wallet', 'bank_eft', 'bank_id'];

/**
 * The ledger instance every route talks to.
 *
 * @example
 * const tx = await ledger(c.env).transaction(ref);
 */
export function ledger(env: Pick<SandboxEnv, 'LEDGER'>): DurableObjectStub<SandboxLedger> {
  return env.LEDGER.get(env.LEDGER.idFromName('ledger'));
}

/**
 * Every transaction of the sandbox, and the machinery that moves them.
 *
 * @example
 * const created = await ledger(env).createCollection(request, false);
 * if (created.ok) created.tx.ref; // 'SBX-…'
 */
export class SandboxLedger extends DurableObject<SandboxEnv> {
  private readonly sql: SqlStorage;
  private readonly clock: Clock;
  private readonly callbackDelay: number;
  /** Sandbox ms the late scripts (006–009) wait before settling. */
  private readonly lateSettleDelay: number;
  /** Sandbox ms an OTP payment token stays valid. */
  private readonly otpValidity: number;

  constructor(ctx: DurableObjectState, env: SandboxEnv) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.clock = clockFor(env.SANDBOX_TIME_SCALE);
    const delay = Number(env.SANDBOX_CALLBACK_DELAY_MS);
    this.callbackDelay = Number.isFinite(delay) && delay >= 0 ? delay : 1500;
    this.lateSettleDelay = lateSettleMinutes(env.SANDBOX_LATE_SETTLE_MINUTES) * MINUTE;
    this.otpValidity = minutesSetting(env.SANDBOX_OTP_MINUTES, OTP_VALID_MINUTES) * MINUTE;
    migrate(this.sql);
  }

  // ── envelope ────────────────────────────────────────────────────────────────────────────

  /**
   * Records a request signature; false when it was used before (a replay).
   *
   * @example
   * if (!(await ledger(env).useSignature(body.signature))) refuse();
   */
  async useSignature(signature: string): Promise<boolean> {
    return claimSignature(this.sql, signature, this.clock.now());
  }

  /**
   * Consumes one call of an endpoint's injected fault, if any.
   *
   * @example
   * const fault = await ledger(env).takeFault('collections');
   */
  async takeFault(endpoint: EndpointName): Promise<Fault | null> {
    return takeFault(this.sql, endpoint);
  }

  // ── collections ─────────────────────────────────────────────────────────────────────────

  /**
   * Creates a pending collection and starts its life by method kind; `ok: false` when its
   * third_party_reference_1 was used before.
   *
   * @example
   * const created = await ledger(env).createCollection(request, false);
   */
  async createCollection(
    request: CollectionRequest,
    silent: boolean,
  ): Promise<{ ok: true; tx: Transaction } | { ok: false }> {
    if (referenceTaken(this.sql, 'payin', request.third_party_reference_1)) return { ok: false };
    const tx = this.insertNew(() => this.collectionRow(request, silent));
    if (!tx) return { ok: false };
    await this.armAlarm();
    return { ok: true, tx };
  }

  /**
   * Second step of the OTP method. `000000` before the token expires moves the transaction on
   * (its phone number's script then applies); a wrong OTP leaves it pending; after expiry it
   * has failed.
   *
   * @example
   * const { result } = await ledger(env).submitOtp(token, '000000');
   */
  async submitOtp(token: string, otp: string): Promise<OtpResult> {
    const tx = transactionByToken(this.sql, token);
    if (!tx) return { result: 'unknown' };
    const now = this.clock.now();
    if (tx.status === 'pending' && tx.stage === 'awaiting_otp') {
      if (tx.expires_at !== null && now >= tx.expires_at) {
        const failed = this.settle(tx, 'failed', FAILURES.otpExpired);
        await this.armAlarm();
        return { result: 'expired', tx: failed };
      }
      if (otp !== SANDBOX_OTP) {
        updateTransaction(this.sql, tx.ref, { otp_attempts: tx.otp_attempts + 1 }, now);
        return { result: 'wrong', tx: this.reload(tx.ref) };
      }
      this.ctx.storage.transactionSync(() => {
        dropTasks(this.sql, tx.ref, ['expire_otp']);
        const stage: Stage = tx.script === 'pending_forever' ? 'stalled' : 'processing';
        updateTransaction(
          this.sql,
          tx.ref,
          { stage, ...this.timeoutWindow(tx.script, tx.type, stage) },
          now,
        );
        if (stage === 'processing') {
          addTask(this.sql, {
            due_at: this.clock.after(this.settleDelay(tx.script), now),
            kind: 'settle',
            ref: tx.ref,
          });
        }
      });
      await this.armAlarm();
      return { result: 'accepted', tx: this.reload(tx.ref) };
    }
    if (tx.failure_code === FAILURES.otpExpired.failureCode) return { result: 'expired', tx };
    return { result: 'closed', tx };
  }

  // ── status query ────────────────────────────────────────────────────────────────────────

  /**
   * Finds a transaction of a type by any of its references, with the merchant float account
   * and the balance after it.
   *
   * @example
   * const lookup = await ledger(env).findTransaction('order-42', 'payin');
   */
  async findTransaction(id: string, type: 'payin' | 'payout'): Promise<Lookup> {
    const tx = transactionById(this.sql, id, type);
    if (!tx) return transactionById(this.sql, id) ? { found: 'other_type' } : { found: 'no' };
    const wallet = walletOf(this.sql, tx.currency, this.clock.now());
    return {
      found: 'yes',
      tx,
      walletAccount: wallet.account_number,
      balanceMinor: tx.balance_after_minor ?? wallet.balance_minor,
    };
  }

  // ── payouts ─────────────────────────────────────────────────────────────────────────────

  /**
   * Creates a pending payout scripted by the recipient's phone number; refused when its
   * third_party_reference_1 was used before or the wallet cannot cover amount plus fee.
   *
   * @example
   * const created = await ledger(env).createPayout(request, false);
   */
  async createPayout(
    request: PayoutRequest,
    silent: boolean,
  ): Promise<
    { ok: true; tx: Transaction } | { ok: false; reason: 'duplicate' | 'insufficient_balance' }
  > {
    if (referenceTaken(this.sql, 'payout', request.third_party_reference_1)) {
      return { ok: false, reason: 'duplicate' };
    }
    const wallet = walletOf(this.sql, request.currency, this.clock.now());
    if (wallet.balance_minor < request.amount * 100 + payoutFeeMinor(request.amount)) {
      return { ok: false, reason: 'insufficient_balance' };
    }
    const tx = this.insertNew(() => this.payoutRow(request, silent));
    if (!tx) return { ok: false, reason: 'duplicate' };
    await this.armAlarm();
    return { ok: true, tx };
  }

  // ── payment links ───────────────────────────────────────────────────────────────────────

  /**
   * Stores a new payment link.
   *
   * @example
   * const link = await ledger(env).createLink(request);
   */
  async createLink(request: LinkRequest): Promise<PaymentLink> {
    const link: PaymentLink = {
      id: newRef('PL'),
      ...request,
      status: 'active',
      payments: 0,
      created_at: this.clock.now(),
    };
    insertLink(this.sql, link);
    return link;
  }

  /**
   * One payment link.
   *
   * @example
   * const link = await ledger(env).link(id);
   */
  async link(id: string): Promise<PaymentLink | undefined> {
    return linkById(this.sql, id);
  }

  /**
   * Active payment links, newest first, optionally searched by business or item name.
   *
   * @example
   * const links = await ledger(env).links('poster');
   */
  async links(search?: string): Promise<PaymentLink[]> {
    return listLinks(this.sql, search);
  }

  /**
   * A payment made on a link's hosted page: a collection scripted by the payer's phone number,
   * called back to the link's callback_url; its third_party_reference_1 is the link id.
   *
   * @example
   * const tx = await ledger(env).payLink(id, { phone: '254712345000', first_name: null, last_name: null });
   */
  async payLink(id: string, payer: LinkPayer): Promise<Transaction | undefined> {
    const link = linkById(this.sql, id);
    if (!link) return undefined;
    const tx = this.insertNew(() => this.linkPaymentRow(link, payer));
    if (!tx) throw new Error('could not record the payment');
    countLinkPayment(this.sql, link.id);
    await this.armAlarm();
    return tx;
  }

  // ── token and balance ───────────────────────────────────────────────────────────────────

  /**
   * Issues a bearer token valid for {@link TOKEN_VALID_MINUTES} sandbox minutes.
   *
   * @example
   * const { token } = await ledger(env).issueToken();
   */
  async issueToken(): Promise<{ token: string; expires_at: number }> {
    const token = newToken();
    const expires_at = this.clock.after(TOKEN_VALID_MINUTES * MINUTE);
    saveToken(this.sql, token, expires_at, this.clock.now());
    return { token, expires_at };
  }

  /**
   * True when the bearer token was issued here and has not expired.
   *
   * @example
   * if (!(await ledger(env).checkToken(token))) refuse();
   */
  async checkToken(token: string): Promise<boolean> {
    return tokenValid(this.sql, token, this.clock.now());
  }

  /**
   * Every currency wallet, opening those of `currencies` at the opening balance.
   *
   * @example
   * const wallets = await ledger(env).wallets(['KES', 'NGN']);
   */
  async wallets(currencies: readonly string[]): Promise<Wallet[]> {
    openWallets(this.sql, currencies, this.clock.now());
    return listWallets(this.sql);
  }

  // ── browser pages ───────────────────────────────────────────────────────────────────────

  /**
   * One transaction by the service's reference.
   *
   * @example
   * const tx = await ledger(env).transaction('SBX-7K2QH9ZP4M3X');
   */
  async transaction(ref: string): Promise<Transaction | undefined> {
    return transactionByRef(this.sql, ref);
  }

  /**
   * The payer's Approve or Decline on a redirect method's authorization page.
   *
   * @example
   * const decided = await ledger(env).decide(ref, 'approve');
   */
  async decide(
    ref: string,
    decision: 'approve' | 'decline',
  ): Promise<{ result: 'decided' | 'closed'; tx: Transaction } | { result: 'not_found' }> {
    const tx = transactionByRef(this.sql, ref);
    if (!tx || !REDIRECT_KINDS.includes(tx.method_kind)) return { result: 'not_found' };
    if (tx.status !== 'pending' || tx.stage !== 'awaiting_payer') return { result: 'closed', tx };
    const settled =
      decision === 'approve'
        ? this.settle(tx, 'success', null)
        : this.settle(tx, 'failed', FAILURES.declinedOnPage);
    await this.armAlarm();
    return { result: 'decided', tx: settled };
  }

  // ── control surface ─────────────────────────────────────────────────────────────────────

  /**
   * The newest transactions with their deliveries and transfers.
   *
   * @example
   * const bundles = await ledger(env).bundles(100);
   */
  async bundles(limit: number): Promise<TransactionBundle[]> {
    return listTransactions(this.sql, limit).map((tx) => this.bundleOf(tx));
  }

  /**
   * One transaction with its deliveries and transfers.
   *
   * @example
   * const bundle = await ledger(env).bundle(ref);
   */
  async bundle(ref: string): Promise<TransactionBundle | undefined> {
    const tx = transactionByRef(this.sql, ref);
    return tx ? this.bundleOf(tx) : undefined;
  }

  /**
   * Forces an outcome on a pending transaction (its callback follows unless it is silent).
   * `amount` is the settled amount its callback and status query then report (a short
   * success); `afterMs` > 0 plans the outcome that many sandbox ms later instead (a `force`
   * task): the transaction's own timers are dropped, it stays pending (status unchanged) until
   * then, and a later call replaces the plan.
   *
   * @example
   * await ledger(env).forceOutcome(ref, 'success', 1000, 5 * 60_000);
   */
  async forceOutcome(
    ref: string,
    outcome: Outcome,
    amount: number | null = null,
    afterMs = 0,
  ): Promise<ControlResult> {
    const tx = transactionByRef(this.sql, ref);
    if (!tx) return { result: 'not_found' };
    if (tx.status !== 'pending') return { result: 'not_pending', ...this.bundleOf(tx) };
    if (afterMs > 0) {
      this.plan(tx, outcome, amount, afterMs);
      await this.armAlarm();
      return { result: 'ok', ...this.bundleOf(this.reload(ref)) };
    }
    const settled = this.settle(tx, outcome, this.failureFor(tx, outcome), amount);
    await this.armAlarm();
    return { result: 'ok', ...this.bundleOf(settled) };
  }

  /**
   * Sends a terminal transaction's callback once more (a new delivery, with retries).
   *
   * @example
   * await ledger(env).resend(ref);
   */
  async resend(ref: string): Promise<ControlResult<{ deliveryId: number }>> {
    const tx = transactionByRef(this.sql, ref);
    if (!tx) return { result: 'not_found' };
    if (tx.status === 'pending') return { result: 'not_pending', ...this.bundleOf(tx) };
    const deliveryId = this.queueCallback(tx, 'resend', this.clock.now());
    await this.armAlarm();
    return { result: 'ok', deliveryId, ...this.bundleOf(tx) };
  }

  /**
   * A bank transfer into a virtual account, before its expiry. At least the expected amount:
   * the expected amount is credited, any excess reversed, the transaction succeeds (reporting
   * the expected amount). Less: with `underpayment: 'settle'` the short transfer is credited
   * and the transaction succeeds reporting the short amount; with `'reverse'` the whole
   * transfer is reversed and the transaction stays pending. `settleAfterMs` > 0 delays the
   * settlement (and its callback) that many sandbox ms: the transfer is recorded now, the
   * account takes no other transfer, and the settlement is a success even when it lands after
   * the account's expiry. At or after expiry: refused (`not_pending`).
   *
   * @example
   * const paid = await ledger(env).payAccount('9204417753', 5000, { underpayment: 'settle', settleAfterMs: 0 });
   */
  async payAccount(
    accountNumber: string,
    amount: number,
    options: PayOptions = { underpayment: 'settle', settleAfterMs: 0 },
  ): Promise<ControlResult<{ transfer: Transfer }>> {
    const tx = transactionByAccount(this.sql, accountNumber);
    if (!tx) return { result: 'not_found' };
    const now = this.clock.now();
    if (tx.status === 'pending' && tx.expires_at !== null && now >= tx.expires_at) {
      const expired =
        tx.stage === 'awaiting_transfer' ? this.settle(tx, 'failed', FAILURES.accountExpired) : tx;
      await this.armAlarm();
      return { result: 'not_pending', ...this.bundleOf(expired) };
    }
    if (tx.status !== 'pending' || tx.stage !== 'awaiting_transfer') {
      return { result: 'not_pending', ...this.bundleOf(tx) };
    }
    const outcome =
      amount >= tx.amount ? 'credited' : options.underpayment === 'settle' ? 'short' : 'reversed';
    const credited = outcome === 'credited' ? tx.amount : outcome === 'short' ? amount : 0;
    const current = this.ctx.storage.transactionSync(() => {
      const transfer = addTransfer(this.sql, {
        ref: tx.ref,
        account_number: accountNumber,
        paid: amount,
        credited,
        reversed: amount - credited,
        outcome,
        created_at: now,
      });
      if (outcome === 'reversed') return { transfer, tx };
      const settledAmount = outcome === 'short' ? amount : null;
      if (options.settleAfterMs > 0) {
        this.plan(tx, 'success', settledAmount, options.settleAfterMs);
        return { transfer, tx: this.reload(tx.ref) };
      }
      return { transfer, tx: this.settle(tx, 'success', null, settledAmount) };
    });
    await this.armAlarm();
    return { result: 'ok', transfer: current.transfer, ...this.bundleOf(current.tx) };
  }

  /**
   * Sends one extra signed callback for a transaction without changing it: its terminal
   * callback (or, while pending, a non-terminal one) with `overrides.params` set over it and
   * `overrides.omit` dropped, to its callback URL, through the normal delivery and retries.
   *
   * @example
   * await ledger(env).extraCallback(ref, { params: { amount: 1000 }, omit: [] });
   */
  async extraCallback(
    ref: string,
    overrides: CallbackOverrides,
  ): Promise<ControlResult<{ callback: QueuedCallback }>> {
    const tx = transactionByRef(this.sql, ref);
    if (!tx) return { result: 'not_found' };
    const params: Record<string, unknown> = { ...extraCallbackBase(tx), ...overrides.params };
    for (const name of overrides.omit) delete params[name];
    const deliveryId = this.ctx.storage.transactionSync(() =>
      this.queueDelivery(tx.ref, 'extra', tx.callback_url, params, this.clock.now()),
    );
    await this.armAlarm();
    return {
      result: 'ok',
      callback: { deliveryId, url: tx.callback_url, paramsJson: JSON.stringify(params) },
      ...this.bundleOf(tx),
    };
  }

  /**
   * Sends a signed callback with exactly these params to a URL, for no transaction of the
   * sandbox (a foreign reference), through the normal delivery and retries.
   *
   * @example
   * await ledger(env).foreignCallback('https://shop.example/hooks', { reference: 'SBX-NEVER' });
   */
  async foreignCallback(url: string, params: Record<string, unknown>): Promise<QueuedCallback> {
    const deliveryId = this.ctx.storage.transactionSync(() =>
      this.queueDelivery(FOREIGN_REF, 'foreign', url, params, this.clock.now()),
    );
    await this.armAlarm();
    return { deliveryId, url, paramsJson: JSON.stringify(params) };
  }

  /**
   * One callback delivery by id (any reason).
   *
   * @example
   * const delivery = await ledger(env).delivery(7);
   */
  async delivery(id: number): Promise<Delivery | undefined> {
    return deliveryById(this.sql, id);
  }

  /**
   * Sets (replaces) an endpoint's injected fault for its next `count` calls.
   *
   * @example
   * await ledger(env).injectFault('collections', 'error', 2, 0);
   */
  async injectFault(
    endpoint: EndpointName,
    kind: FaultKind,
    count: number,
    delayMs: number,
  ): Promise<Fault> {
    return setFault(this.sql, {
      endpoint,
      kind,
      remaining: count,
      delay_ms: delayMs,
      created_at: this.clock.now(),
    });
  }

  /**
   * Every pending injected fault.
   *
   * @example
   * const faults = await ledger(env).faults();
   */
  async faults(): Promise<Fault[]> {
    return listFaults(this.sql);
  }

  /**
   * Removes every pending injected fault; returns how many there were.
   *
   * @example
   * await ledger(env).clearFaults();
   */
  async clearFaults(): Promise<number> {
    return clearFaults(this.sql);
  }

  // ── the alarm ───────────────────────────────────────────────────────────────────────────

  /** Runs every due task, earliest first, then sets the alarm to the next one. */
  override async alarm(): Promise<void> {
    for (let round = 0; round < 25; round++) {
      const due = takeDueTasks(this.sql, this.clock.now(), 100);
      if (due.length === 0) break;
      const attempts: Promise<void>[] = [];
      for (const task of due) {
        if (task.kind === 'deliver') {
          if (task.delivery_id !== null) {
            attempts.push(
              this.attempt(task.delivery_id).catch((error) => this.logTaskError(task, error)),
            );
          }
        } else {
          try {
            this.runTimer(task);
          } catch (error) {
            this.logTaskError(task, error);
          }
        }
      }
      await Promise.all(attempts);
    }
    const next = nextDueAt(this.sql);
    if (next === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(next);
  }

  // ── internals ───────────────────────────────────────────────────────────────────────────

  /** One task failed: log it (no payload, no secret) and go on with the others. */
  private logTaskError(task: Task, error: unknown): void {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
    console.error(`sandbox ledger: task ${task.kind} of ${task.ref} failed: ${reason}`);
  }

  /** Sets the alarm to the earliest task when it is not already set earlier. */
  private async armAlarm(): Promise<void> {
    const next = nextDueAt(this.sql);
    if (next === null) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || next < current) await this.ctx.storage.setAlarm(next);
  }

  private reload(ref: string): Transaction {
    const tx = transactionByRef(this.sql, ref);
    if (!tx) throw new Error(`transaction ${ref} vanished`);
    return tx;
  }

  private bundleOf(tx: Transaction): TransactionBundle {
    return {
      tx,
      deliveries: deliveriesOf(this.sql, tx.ref),
      transfers: transfersOf(this.sql, tx.ref),
    };
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

  /**
   * Inserts a freshly built row and schedules its first timer, retrying with new random ids
   * when one collides; undefined when a reference rule refused it.
   */
  private insertNew(build: () => Transaction): Transaction | undefined {
    for (let tries = 0; tries < 3; tries++) {
      const row = build();
      const inserted = this.ctx.storage.transactionSync(() => {
        if (!insertTransaction(this.sql, row)) return false;
        this.scheduleFirstTimer(row);
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

  private scheduleFirstTimer(tx: Transaction): void {
    if (tx.stage === 'processing') {
      addTask(this.sql, {
        due_at: this.clock.after(this.settleDelay(tx.script), tx.created_at),
        kind: 'settle',
        ref: tx.ref,
      });
    } else if (tx.stage === 'awaiting_otp' && tx.expires_at !== null) {
      addTask(this.sql, { due_at: tx.expires_at, kind: 'expire_otp', ref: tx.ref });
    } else if (tx.stage === 'awaiting_transfer' && tx.expires_at !== null) {
      addTask(this.sql, { due_at: tx.expires_at, kind: 'expire_account', ref: tx.ref });
    }
  }

  private blankRow(
    now: number,
  ): Omit<
    Transaction,
    | 'ref'
    | 'type'
    | 'source'
    | 'stage'
    | 'script'
    | 'amount'
    | 'currency'
    | 'payment_method_type'
    | 'method_kind'
    | 'callback_url'
  > {
    return {
      status: 'pending',
      status_code: '000001',
      silent: 0,
      fee_minor: 0,
      country_id: null,
      mobile: null,
      third_party_reference_1: null,
      third_party_reference_2: null,
      payment_reference: null,
      name: null,
      first_name: null,
      last_name: null,
      account_name: null,
      bank_code: null,
      bank_name: null,
      account_number: null,
      sub_merchant_id: null,
      successful_url: null,
      failure_url: null,
      payment_token: null,
      otp_attempts: 0,
      expires_at: null,
      payment_link_id: null,
      failure_code: null,
      failure_message: null,
      balance_after_minor: null,
      settled_amount: null,
      planned_outcome: null,
      planned_amount: null,
      planned_at: null,
      created_at: now,
      updated_at: now,
      settled_at: null,
    };
  }

  /** Stage and script of a method kind at creation. */
  private startOf(kind: MethodKind, mobile: string | null): { stage: Stage; script: Script } {
    switch (kind) {
      case 'otp_operator':
        return { stage: 'awaiting_otp', script: scriptForPhone(mobile) };
      case 'redirect_wallet':
      case 'bank_eft':
      case 'bank_id':
        return { stage: 'awaiting_payer', script: 'payer_decides' };
      case 'virtual_account':
        return { stage: 'awaiting_transfer', script: 'transfer' };
      case 'phone_prompt':
      case 'operator_prompt':
        return this.scriptedStart(mobile);
    }
  }

  private scriptedStart(mobile: string | null): { stage: Stage; script: Script } {
    const script = scriptForPhone(mobile);
    return { stage: script === 'pending_forever' ? 'stalled' : 'processing', script };
  }

  private collectionRow(request: CollectionRequest, silent: boolean): Transaction {
    const now = this.clock.now();
    const { stage, script } = this.startOf(request.method_kind, request.mobile);
    const kind = request.method_kind;
    return {
      ...this.blankRow(now),
      ref: newRef('SBX'),
      type: 'payin',
      source: 'api',
      stage,
      script,
      silent: silent || script === 'silent_success' ? 1 : 0,
      amount: request.amount,
      currency: request.currency,
      country_id: request.country_id,
      mobile: request.mobile,
      payment_method_type: request.payment_method_type,
      method_kind: kind,
      third_party_reference_1: request.third_party_reference_1,
      third_party_reference_2: request.third_party_reference_2,
      callback_url: request.callback_url,
      name: request.name,
      first_name: request.first_name,
      last_name: request.last_name,
      account_name: request.account_name,
      bank_code: request.bank_code,
      bank_name: kind === 'virtual_account' ? (bankName(request.bank_code ?? '') ?? null) : null,
      account_number: kind === 'virtual_account' ? newAccountNumber() : null,
      sub_merchant_id: request.sub_merchant_id,
      successful_url: request.successful_url,
      failure_url: request.failure_url,
      payment_token: kind === 'otp_operator' ? `ptk_${newToken()}` : null,
      ...this.timeoutWindow(script, 'payin', stage),
      expires_at:
        kind === 'otp_operator'
          ? this.clock.after(this.otpValidity, now)
          : kind === 'virtual_account'
            ? this.clock.after(ACCOUNT_VALID_MINUTES * MINUTE, now)
            : null,
    };
  }

  private payoutRow(request: PayoutRequest, silent: boolean): Transaction {
    const now = this.clock.now();
    const { stage, script } = this.scriptedStart(request.mobile);
    return {
      ...this.blankRow(now),
      ref: newRef('SBXP'),
      type: 'payout',
      source: 'api',
      stage,
      script,
      silent: silent || script === 'silent_success' ? 1 : 0,
      amount: request.amount,
      currency: request.currency,
      country_id: request.country_id,
      mobile: request.mobile,
      payment_method_type: request.payment_method_type,
      method_kind: 'payout',
      third_party_reference_1: request.third_party_reference_1,
      payment_reference: request.payment_reference,
      callback_url: request.client_callback_url,
      ...this.timeoutWindow(script, 'payout', stage),
    };
  }

  private linkPaymentRow(link: PaymentLink, payer: LinkPayer): Transaction {
    const now = this.clock.now();
    const { stage, script } = this.scriptedStart(payer.phone);
    return {
      ...this.blankRow(now),
      ref: newRef('SBX'),
      type: 'payin',
      source: 'link',
      stage,
      script,
      silent: script === 'silent_success' ? 1 : 0,
      amount: link.amount,
      currency: link.currency,
      country_id: link.currency_country_id ?? link.country_id,
      mobile: payer.phone,
      payment_method_type: 'payment_link',
      method_kind: 'payment_link',
      third_party_reference_1: link.id,
      callback_url: link.callback_url,
      first_name: payer.first_name,
      last_name: payer.last_name,
      payment_link_id: link.id,
      ...this.timeoutWindow(script, 'payin', stage),
    };
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

  /** The failure reason of an outcome given to a transaction (null for success). */
  private failureFor(tx: Transaction, outcome: Outcome): FailureReason | null {
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
   * The fields a transaction entering processing gets from its script: test numbers 007 and 008
   * answer status code 000006 with the timeout's failure reason until they settle.
   */
  private timeoutWindow(
    script: Script,
    type: Transaction['type'],
    stage: Stage,
  ): Partial<Pick<Transaction, 'status_code' | 'failure_code' | 'failure_message'>> {
    if (stage !== 'processing' || !TIMEOUT_WINDOW_SCRIPTS.includes(script)) return {};
    const reason = type === 'payin' ? FAILURES.timeout : FAILURES.payoutTimeout;
    return {
      status_code: '000006',
      failure_code: reason.failureCode,
      failure_message: reason.failureMessage,
    };
  }

  /**
   * Plans an outcome `afterMs` sandbox ms from now (a `force` task), replacing any earlier plan
   * and dropping the transaction's own timers; it stays pending until then.
   */
  private plan(tx: Transaction, outcome: Outcome, amount: number | null, afterMs: number): void {
    this.ctx.storage.transactionSync(() => {
      const now = this.clock.now();
      const due = this.clock.after(afterMs, now);
      dropTasks(this.sql, tx.ref, ['settle', 'expire_otp', 'expire_account', 'force']);
      updateTransaction(
        this.sql,
        tx.ref,
        {
          stage: 'processing',
          planned_outcome: outcome,
          planned_amount: amount,
          planned_at: due,
        },
        now,
      );
      addTask(this.sql, { due_at: due, kind: 'force', ref: tx.ref });
    });
  }

  /**
   * Moves a pending transaction to its terminal state: the wallet is credited (collection,
   * amount minus fee) or debited (payout, amount plus fee) on success; its timers are dropped;
   * its callback is queued unless it is silent (three copies for script 004).
   */
  private settle(
    tx: Transaction,
    outcome: Outcome,
    failure: FailureReason | null,
    settledAmount: number | null = null,
  ): Transaction {
    return this.ctx.storage.transactionSync(() => {
      const now = this.clock.now();
      const planCleared = {
        settled_amount: settledAmount,
        planned_outcome: null,
        planned_amount: null,
        planned_at: null,
      };
      if (outcome === 'success') {
        const amount = settledAmount ?? tx.amount;
        const amountMinor = Math.round(amount * 100);
        const fee = tx.type === 'payin' ? collectionFeeMinor(amount) : payoutFeeMinor(amount);
        const delta = tx.type === 'payin' ? amountMinor - fee : -(amountMinor + fee);
        const wallet = adjustWallet(this.sql, tx.currency, delta, now);
        updateTransaction(
          this.sql,
          tx.ref,
          {
            status: 'success',
            status_code: '000000',
            stage: 'done',
            fee_minor: fee,
            failure_code: null,
            failure_message: null,
            balance_after_minor: wallet.balance_minor,
            settled_at: now,
            ...planCleared,
          },
          now,
        );
      } else {
        const wallet = walletOf(this.sql, tx.currency, now);
        updateTransaction(
          this.sql,
          tx.ref,
          {
            status: 'failed',
            status_code: outcome === 'timeout' ? '000006' : '000005',
            stage: 'done',
            failure_code: failure?.failureCode ?? null,
            failure_message: failure?.failureMessage ?? null,
            balance_after_minor: wallet.balance_minor,
            settled_at: now,
            ...planCleared,
          },
          now,
        );
      }
      dropTasks(this.sql, tx.ref, ['settle', 'expire_otp', 'expire_account', 'force']);
      const settled = this.reload(tx.ref);
      if (!settled.silent) {
        const copies = settled.script === 'repeat_success' && outcome === 'success' ? 3 : 1;
        for (let copy = 0; copy < copies; copy++) {
          const reason: DeliveryReason = copy === 0 ? 'terminal' : 'repeat';
          this.queueCallback(settled, reason, this.clock.after(copy * this.callbackDelay));
        }
      }
      return settled;
    });
  }

  /** Queues one callback of a terminal transaction, first attempt at `dueAt`; returns its id. */
  private queueCallback(tx: Transaction, reason: DeliveryReason, dueAt: number): number {
    return this.queueDelivery(tx.ref, reason, tx.callback_url, callbackParams(tx), dueAt);
  }

  /** Queues one callback with these params to a URL, first attempt at `dueAt`; returns its id. */
  private queueDelivery(
    ref: string,
    reason: DeliveryReason,
    url: string,
    params: Record<string, unknown>,
    dueAt: number,
  ): number {
    const id = addDelivery(this.sql, {
      ref,
      reason,
      url,
      params: JSON.stringify(params),
      next_attempt_at: dueAt,
      created_at: this.clock.now(),
    });
    addTask(this.sql, { due_at: dueAt, kind: 'deliver', ref, delivery_id: id });
    return id;
  }

  /** One delivery attempt: 200 ends it; anything else retries with backoff up to the limit. */
  private async attempt(id: number): Promise<void> {
    const delivery = deliveryById(this.sql, id);
    if (!delivery || delivery.delivered_at !== null || delivery.gave_up_at !== null) return;
    let body = delivery.body;
    if (body === null) {
      body = JSON.stringify(await signedCallback(JSON.parse(delivery.params), this.signer()));
      saveBody(this.sql, id, body);
    }
    const { status, error } = await postCallback(delivery.url, body);
    const now = this.clock.now();
    const attempts = delivery.attempts + 1;
    const outcome = {
      last_status: status,
      last_error: error,
      delivered_at: null,
      gave_up_at: null,
    };
    if (status === 200) {
      recordAttempt(this.sql, id, { ...outcome, next_attempt_at: null, delivered_at: now });
    } else if (attempts >= MAX_ATTEMPTS) {
      recordAttempt(this.sql, id, { ...outcome, next_attempt_at: null, gave_up_at: now });
    } else {
      const due = this.clock.after(retryDelay(attempts));
      this.ctx.storage.transactionSync(() => {
        recordAttempt(this.sql, id, { ...outcome, next_attempt_at: due });
        addTask(this.sql, { due_at: due, kind: 'deliver', ref: delivery.ref, delivery_id: id });
      });
    }
  }
}
