/**
 * Creating a payout (docs/upstream-api.md, "Payout creation"): recorded before the upstream is
 * called, idempotent by reference, and never re-sent when its fate is unknown (status queries
 * find out what happened, worker/payout/reconcile.ts).
 * @module
 */
import { payoutCreateResponseSchema, type PayoutBody } from '../../shared/schemas';
import { fail, type Outcome } from '../durable/outcome';
import { sameTerms, scrubJsonText } from '../durable/redaction';
import { firstQueryDelay } from '../durable/reconcile-backoff';
import type { CreatedBy } from '../keys/created-by';
import { judgeRefusal } from '../payment/create-refusal';
import { refsOf } from '../payment/judge';
import { learnRefs } from '../payment/ref-store';
import { callUpstream } from '../upstream';
import { applyDeferredCallbacks } from './callbacks';
import { notChargedReport, text } from './report';
import type { PayoutContext } from './context';
import type { RefundOwner } from './store';
import { applyEvent, recordPayout } from './transitions';
import { stageIndexRow } from './index-row';
import { payoutView, type PayoutView } from './view';

/** What `create` answers: the payout, and whether this call created it. */
export interface Created {
  created: boolean;
  payout: PayoutView;
}

/**
 * Creates the payout upstream. The same terms again answer the existing payout, other terms
 * SESSION_CONFLICT; a refusal is `failed` (not charged, UPSTREAM_REJECTED) unless a verified
 * report of the payout was heard (worker/payment/create-refusal.ts); a create whose
 * effect is unknown (timeout, 408, 429, 3xx, 5xx, unreadable answer, network error) stays
 * `pending` with create_state `unknown`. With `owner`, the payout pays that session's refund
 * (recorded with it, before the upstream is called).
 */
export async function createPayout(
  cx: PayoutContext,
  body: PayoutBody,
  createdBy: CreatedBy | null = null,
  owner: RefundOwner | null = null,
): Promise<Outcome<Created>> {
  const { store } = cx;
  const existing = store.row();
  if (existing) {
    if (!sameTerms(existing.fingerprint, JSON.stringify(body))) {
      return fail('SESSION_CONFLICT', 'A payout with this reference has other terms.');
    }
    // Recorded, never sent (its object was evicted before the call left): send it now.
    if (existing.create_state === 'unsent') await sendPayout(cx, body);
    return { ok: true, value: { created: false, payout: payoutView(store)! } };
  }
  const { tasks } = store.open();
  const now = Date.now();
  // A refund's terms are its session's (erased with it; the session sends the same terms
  // again, compared scrubbed): its payout keeps them without the number from the start.
  const terms = JSON.stringify(body);
  recordPayout(store, body, now, createdBy, owner ? scrubJsonText(terms) : terms);
  if (owner) store.setOwner(owner);
  store.reconcile();
  tasks.schedule('reconcile', 'reconcile', now + firstQueryDelay(cx.config), body.reference);
  const sent = await sendPayout(cx, body);
  if (sent.ok) sent.value.created = true;
  return sent;
}

/**
 * Sends a recorded payout's create, at most once: the record is claimed (`unsent` → `sending`)
 * in the same synchronous step the call leaves in, so a payout whose create state is still
 * `unsent` was provably never sent, and a second sender (the payout's task, a repeated create)
 * sends nothing. The upstream refuses a second create of the same reference too.
 */
export async function sendPayout(cx: PayoutContext, body: PayoutBody): Promise<Outcome<Created>> {
  const { store, env, config } = cx;
  const { reference, ...rest } = body;
  const params = {
    ...rest,
    third_party_reference_1: reference,
    payment_reference: reference,
    client_callback_url: `${config.publicBaseUrl}/hooks/payouts`,
  };
  let claimed = false;
  const result = await callUpstream(
    env,
    config,
    config.payoutPath,
    { params, beforeSend: () => (claimed = store.claimSend()) },
    payoutCreateResponseSchema,
  );
  // Sent by another sender, or canceled: its own record says what happened.
  if (!claimed) return { ok: true, value: { created: false, payout: payoutView(store)! } };
  if (result.kind === 'ok') {
    const data = result.body.data ?? {};
    store.markHeard();
    // The create's `reference` is the service's reference of the payout (collection role);
    // its transaction reference may differ (docs/upstream-api.md).
    const refs = refsOf(data.reference, data.ref, data.transaction_id);
    store.setCreateAnswer('accepted', text(result.body.message), refs[0] ?? null);
    learnRefs(store.sql, body.reference, { collection: refs, transaction: [] }, 'create');
  } else if (result.kind === 'rejected') {
    store.setCreateAnswer('rejected', result.message);
    const judged = judgeRefusal({
      judgeWaiting: () => applyDeferredCallbacks(store),
      pending: () => store.row()?.status === 'pending',
      heard: () => store.reconcile().heard === 1,
      keepUnknown: () => {
        store.setCreateAnswer('unknown', result.message);
        console.warn(`payout_create_refusal_contradicted ${result.status}`);
      },
    });
    if (judged !== 'refused') {
      stageIndexRow(store);
      return { ok: true, value: { created: false, payout: payoutView(store)! } };
    }
    applyEvent(
      store,
      'confirmed_failed',
      notChargedReport(result.message, {
        source: 'create',
        answer: 'refused',
        http_status: result.status,
      }),
    );
    return fail('UPSTREAM_REJECTED', 'The payment service refused this payout.', {
      upstream_message: result.message,
    });
  } else {
    // Nothing is reported until a status query (or a callback) tells.
    store.setCreateAnswer('unknown', result.kind === 'timeout' ? 'timeout' : result.reason);
  }
  stageIndexRow(store);
  return { ok: true, value: { created: false, payout: payoutView(store)! } };
}
