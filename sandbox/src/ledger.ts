/**
 * The sandbox's ledger Durable Object: one instance (named "ledger") holds every transaction,
 * used signature, timer, callback delivery, wallet, payment link, token and injected fault in
 * SQLite. Routes call its typed RPC methods, each a thin call into the machine (./machine/);
 * its one alarm is always set to the earliest task.
 * @module
 */
import { DurableObject } from 'cloudflare:workers';
import { MINUTE } from './clock';
import type { EndpointName } from './endpoints';
import { newRef, newToken } from './ids';
import {
  extraCallback,
  forceOutcome,
  foreignCallback,
  resend,
  type ResendResult,
} from './machine/control-actions';
import { Engine } from './machine/engine';
import { TOKEN_VALID_MINUTES } from './machine/lifetimes';
import {
  collectionRow,
  linkPaymentRow,
  payoutRow,
  withDistinctReferences,
} from './machine/new-rows';
import { decide, payAccount, submitOtp } from './machine/payer-steps';
import { lookUpTransaction } from './machine/status-lookup';
import type {
  CallbackOverrides,
  ControlResult,
  Decided,
  LinkPayer,
  Lookup,
  OtpResult,
  Outcome,
  PayOptions,
  QueuedCallback,
  TransactionBundle,
} from './machine/types';
import { payoutFeeMinor } from './money';
import type { CollectionRequest } from './rules/collection';
import type { LinkRequest } from './rules/payment-link';
import type { PayoutRequest } from './rules/payout';
import { deliveryById, type Delivery } from './store/deliveries';
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
import { readSettings, settingsFor, writeSettings, type Settings } from './store/settings';
import { saveToken, tokenValid } from './store/tokens';
import {
  listTransactions,
  referenceTaken,
  transactionByRef,
  updateTransaction,
  type Transaction,
} from './store/transactions';
import type { Transfer } from './store/transfers';
import { adjustWallet, listWallets, openWallets, walletOf, type Wallet } from './store/wallets';
import type { SandboxVars } from './vars';

/**
 * Every transaction of the sandbox, and the machinery that moves them.
 *
 * @example
 * const created = await ledger(env).createCollection(request, false);
 * if (created.ok) created.tx.ref; // 'SBX-…'
 */
export class SandboxLedger extends DurableObject<SandboxVars> {
  private readonly sql: SqlStorage;
  private readonly engine: Engine;

  constructor(ctx: DurableObjectState, env: SandboxVars) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.engine = new Engine(ctx.storage, env);
    migrate(this.sql);
  }

  /** Runs a change, then makes sure the alarm fires for whatever it scheduled. */
  private async changing<T>(change: () => T): Promise<T> {
    const result = change();
    await this.engine.armAlarm();
    return result;
  }

  private get now(): number {
    return this.engine.clock.now();
  }

  /** A new row as the settings for its callback URL make it (distinct references). */
  private asSet(row: Transaction): Transaction {
    return settingsFor(this.sql, row.callback_url).distinct_references
      ? withDistinctReferences(row)
      : row;
  }

  // ── envelope ────────────────────────────────────────────────────────────────────────────

  /** Records a request signature; false when it was used before (a replay). */
  async useSignature(signature: string): Promise<boolean> {
    return claimSignature(this.sql, signature, this.now);
  }

  /** Consumes one call of an endpoint's injected fault, if any. */
  async takeFault(endpoint: EndpointName): Promise<Fault | null> {
    return takeFault(this.sql, endpoint);
  }

  // ── collections, OTP, status, payouts ───────────────────────────────────────────────────

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
    const time = this.engine.rowTime;
    const tx = await this.changing(() =>
      this.engine.insertNew(() => this.asSet(collectionRow(request, silent, time))),
    );
    return tx ? { ok: true, tx } : { ok: false };
  }

  /** Second step of the OTP method (see {@link submitOtp}). */
  async submitOtp(token: string, otp: string): Promise<OtpResult> {
    return this.changing(() => submitOtp(this.engine, token, otp));
  }

  /**
   * Finds a transaction of a type by any of its references, with the merchant float account
   * and the balance after it.
   *
   * @example
   * const lookup = await ledger(env).findTransaction('order-42', 'payin');
   */
  async findTransaction(id: string, type: 'payin' | 'payout'): Promise<Lookup> {
    return lookUpTransaction(this.sql, id, type, this.now);
  }

  /**
   * Creates a pending payout scripted by the recipient's phone number; refused when its
   * third_party_reference_1 was used before or the wallet cannot cover amount plus fee. With
   * the setting `lock_payout_funds`, amount plus fee leave the wallet now (so pending payouts
   * count against the next one's check) and come back if it fails.
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
    const wallet = walletOf(this.sql, request.currency, this.now);
    const costMinor = request.amount * 100 + payoutFeeMinor(request.amount);
    if (wallet.balance_minor < costMinor) return { ok: false, reason: 'insufficient_balance' };
    const clock = this.engine.clock;
    const lock = settingsFor(this.sql, request.client_callback_url).lock_payout_funds;
    const tx = await this.changing(() =>
      this.engine.insertNew(
        () => ({
          ...this.asSet(payoutRow(request, silent, clock)),
          locked_minor: lock ? costMinor : 0,
        }),
        () => {
          if (lock) adjustWallet(this.sql, request.currency, -costMinor, this.now);
        },
      ),
    );
    return tx ? { ok: true, tx } : { ok: false, reason: 'duplicate' };
  }

  // ── payment links ───────────────────────────────────────────────────────────────────────

  /** Stores a new payment link. */
  async createLink(request: LinkRequest): Promise<PaymentLink> {
    const link: PaymentLink = {
      id: newRef('PL'),
      ...request,
      status: 'active',
      payments: 0,
      created_at: this.now,
    };
    insertLink(this.sql, link);
    return link;
  }

  /** One payment link. */
  async link(id: string): Promise<PaymentLink | undefined> {
    return linkById(this.sql, id);
  }

  /** Active payment links, newest first, optionally searched by business or item name. */
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
    const clock = this.engine.clock;
    const tx = await this.changing(() =>
      this.engine.insertNew(() => this.asSet(linkPaymentRow(link, payer, clock))),
    );
    if (!tx) throw new Error('could not record the payment');
    countLinkPayment(this.sql, link.id);
    return tx;
  }

  // ── token and balance ───────────────────────────────────────────────────────────────────

  /** Issues a bearer token valid for {@link TOKEN_VALID_MINUTES} sandbox minutes. */
  async issueToken(): Promise<{ token: string; expires_at: number }> {
    const token = newToken();
    const expires_at = this.engine.clock.after(TOKEN_VALID_MINUTES * MINUTE);
    saveToken(this.sql, token, expires_at, this.now);
    return { token, expires_at };
  }

  /** True when the bearer token was issued here and has not expired. */
  async checkToken(token: string): Promise<boolean> {
    return tokenValid(this.sql, token, this.now);
  }

  /** Every currency wallet, opening those of `currencies` at the opening balance. */
  async wallets(currencies: readonly string[]): Promise<Wallet[]> {
    openWallets(this.sql, currencies, this.now);
    return listWallets(this.sql);
  }

  // ── browser pages ───────────────────────────────────────────────────────────────────────

  /** One transaction by the service's reference. */
  async transaction(ref: string): Promise<Transaction | undefined> {
    return transactionByRef(this.sql, ref);
  }

  /** The payer's Approve or Decline on a redirect method's authorization page. */
  async decide(ref: string, decision: 'approve' | 'decline'): Promise<Decided> {
    return this.changing(() => decide(this.engine, ref, decision));
  }

  // ── control surface ─────────────────────────────────────────────────────────────────────

  /** The newest transactions with their deliveries and transfers. */
  async bundles(limit: number): Promise<TransactionBundle[]> {
    return listTransactions(this.sql, limit).map((tx) => this.engine.bundleOf(tx));
  }

  /** One transaction with its deliveries and transfers. */
  async bundle(ref: string): Promise<TransactionBundle | undefined> {
    const tx = transactionByRef(this.sql, ref);
    return tx ? this.engine.bundleOf(tx) : undefined;
  }

  /** Forces an outcome on a pending transaction, now or `afterMs` later (see {@link forceOutcome}). */
  async forceOutcome(
    ref: string,
    outcome: Outcome,
    amount: number | null = null,
    afterMs = 0,
    omit: readonly string[] = [],
  ): Promise<ControlResult> {
    return this.changing(() => forceOutcome(this.engine, ref, outcome, amount, afterMs, omit));
  }

  /**
   * Makes the next `count` status queries that find this transaction answer "not created"
   * (a lagging replica); 0 stops it.
   *
   * @example
   * await ledger(env).lagStatus(ref, 3);
   */
  async lagStatus(ref: string, count: number): Promise<TransactionBundle | undefined> {
    const tx = transactionByRef(this.sql, ref);
    if (!tx) return undefined;
    updateTransaction(this.sql, ref, { lagging_queries: count }, this.now);
    return this.engine.bundleOf(this.engine.reload(ref));
  }

  /** Sends a terminal transaction's callback once more (see {@link resend}). */
  async resend(ref: string): Promise<ResendResult> {
    return this.changing(() => resend(this.engine, ref));
  }

  /** A bank transfer into a virtual account (see {@link payAccount}). */
  async payAccount(
    accountNumber: string,
    amount: number,
    options: PayOptions = { underpayment: 'settle', settleAfterMs: 0 },
  ): Promise<ControlResult<{ transfer: Transfer }>> {
    return this.changing(() => payAccount(this.engine, accountNumber, amount, options));
  }

  /** One extra signed callback for a transaction, with overrides (see {@link extraCallback}). */
  async extraCallback(
    ref: string,
    overrides: CallbackOverrides,
  ): Promise<ControlResult<{ callback: QueuedCallback }>> {
    return this.changing(() => extraCallback(this.engine, ref, overrides));
  }

  /** A signed callback for no transaction of the sandbox (see {@link foreignCallback}). */
  async foreignCallback(url: string, params: Record<string, unknown>): Promise<QueuedCallback> {
    return this.changing(() => foreignCallback(this.engine, url, params));
  }

  /** One callback delivery by id (any reason). */
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
      created_at: this.now,
    });
  }

  /** The lasting settings (see {@link Settings}). */
  async settings(): Promise<Settings> {
    return readSettings(this.sql);
  }

  /** Replaces the lasting settings; returns them. */
  async replaceSettings(settings: Settings): Promise<Settings> {
    return writeSettings(this.sql, settings);
  }

  /** Every pending injected fault. */
  async faults(): Promise<Fault[]> {
    return listFaults(this.sql);
  }

  /** Removes every pending injected fault; returns how many there were. */
  async clearFaults(): Promise<number> {
    return clearFaults(this.sql);
  }

  /** Runs every due task, earliest first, then sets the alarm to the next one. */
  override async alarm(): Promise<void> {
    await this.engine.runDueTasks();
  }
}
