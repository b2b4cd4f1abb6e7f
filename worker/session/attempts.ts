/**
 * Starting an attempt: the session's rules for a new one (docs/design.md, "Money rules", rule
 * 12), the attempt written as pending with its status query and input deadline scheduled, then
 * the upstream's collection create and what its answer means.
 * @module
 */
import type { MethodSlot } from '../../shared/countries';
import type { MethodKind } from '../../shared/method-kinds';
import { maskPhone } from '../../shared/phone';
import {
  collectionResponseSchema,
  validateCollectionParams,
  type AttemptBody,
  type CollectionData,
  type CollectionResponse,
} from '../../shared/schemas';
import { canStartAttempt, needsShop } from '../../shared/status';
import { UPSTREAM_PATHS } from '../../shared/upstream-endpoints';
import type { CheckoutView, NextAction } from '../../shared/view';
import { fail, type Outcome } from '../durable/outcome';
import { firstQueryDelay } from '../durable/reconcile-backoff';
import { logLine } from '../middleware/request-log';
import { sessionPromptRefusal, takePhonePrompt } from '../prompt-limits/admit-prompt';
import { refsOf } from '../payment/judge';
import { learnRefs } from '../payment/ref-store';
import { callUpstream } from '../upstream';
import { inRange, rangeText } from '../payment-methods/limits';
import { applyDeferredCallbacks } from './callbacks';
import { collectionParams } from './collection-params';
import type { SessionContext } from './context';
import { PAYOUT_DESTINATION_KINDS } from './refund-budget';
import { rememberPayerPhone } from './refund-store';
import { createRefused } from './create-refusals';
import { withPrefilledMobile } from './customer-prefill';
import { MAX_OTP_TRIES } from './otp';
import { MAX_ATTEMPTS, publicView } from './public-view';
import { text } from './reports';
import type { AttemptRow, SessionRow } from './store';
import { openAttempt } from './transitions';
import { redirectUrlProblem } from './upstream-faults';

/** A new attempt the session's rules allow. */
interface Admitted {
  session: SessionRow;
  slot: MethodSlot;
  attemptId: string;
  n: number;
  params: Record<string, unknown>;
}

/** Why the session takes no new attempt, or null when it does. */
function closedFor(session: SessionRow, latest: AttemptRow | undefined): Outcome<never> | null {
  if (!canStartAttempt(session.status)) {
    switch (session.status) {
      case 'succeeded':
        return fail('SESSION_CLOSED', 'This checkout is already paid.');
      case 'failed':
        return fail('SESSION_CLOSED', 'This checkout is closed.');
      case 'expired':
        return fail('SESSION_EXPIRED', 'This checkout has expired.');
      default:
        return fail(
          'ATTEMPT_IN_PROGRESS',
          'A payment is already in progress; wait for its outcome.',
        );
    }
  }
  if (latest && needsShop(latest.status)) {
    return fail(
      'SESSION_CLOSED',
      'A payment of this checkout needs the shop to look at it; contact the shop before paying again.',
    );
  }
  if (session.attempt_count >= MAX_ATTEMPTS) {
    return fail('SESSION_CLOSED', `This checkout allows at most ${MAX_ATTEMPTS} attempts.`);
  }
  // Past its time a session takes no new attempt, even while an earlier one keeps it from
  // `expired` (the upstream may still settle it).
  if (Date.now() >= session.expires_at) {
    return fail('SESSION_EXPIRED', 'This checkout has expired.');
  }
  return null;
}

/** Checks the session's rules, the offered country and method, and the collection params. */
function admit(cx: SessionContext, body: AttemptBody): Outcome<Admitted> {
  const session = cx.store.session();
  if (!session) return fail('SESSION_NOT_FOUND', 'No such checkout session.');
  const latest = cx.store.latestAttempt();
  const closed = closedFor(session, latest);
  if (closed) return closed;
  const config = cx.config;
  const view = publicView(session, latest, config.catalogue, cx.terms);
  const country = view.countries.find((c) => c.id === body.country_id);
  if (!country) {
    return fail(
      'COUNTRY_NOT_AVAILABLE',
      `Country ${body.country_id} is not offered for this checkout.`,
    );
  }
  const slot = config.catalogue.method(body.country_id, body.method);
  if (!slot || !country.methods.some((m) => m.value === slot.value)) {
    return fail(
      'METHOD_NOT_AVAILABLE',
      `The method "${body.method}" is not offered in ${country.name}.`,
    );
  }
  const option = country.methods.find((m) => m.value === slot.value)!;
  if (!inRange(option, session.amount)) {
    return fail(
      'METHOD_NOT_AVAILABLE',
      `${option.label} takes ${rangeText(option, session.currency)}; choose another method.`,
      { min: option.min ?? null, max: option.max ?? null },
    );
  }
  const n = session.attempt_count + 1;
  const attemptId = `${session.id}.${n}`;
  const params = collectionParams(session, slot, body, attemptId, config.publicBaseUrl);
  const checked = validateCollectionParams(params, config.catalogue);
  if (!checked.ok) {
    return fail('VALIDATION_FAILED', 'Some details are missing or invalid.', {
      issues: checked.issues,
    });
  }
  return { ok: true, value: { session, slot, attemptId, n, params } };
}

/**
 * Starts an attempt: checks the session's rules, writes the attempt as pending (with its
 * status query and input deadline scheduled), then calls the upstream. A callback that lands
 * while the create call is in flight waits for the create's reference; a create whose fate is
 * unknown (timeout, 5xx) is never re-sent: the status query decides.
 *
 * @example
 * return startAttempt(cx, { country_id: 1, method: 'send money', mobile: '254712345678' });
 */
export async function startAttempt(
  cx: SessionContext,
  given: AttemptBody,
): Promise<Outcome<CheckoutView>> {
  if (cx.admitting) {
    return fail('ATTEMPT_IN_PROGRESS', 'A payment is already in progress; wait for its outcome.');
  }
  const stored = cx.store.session();
  if (!stored) return fail('SESSION_NOT_FOUND', 'No such checkout session.');
  const resolved = withPrefilledMobile(stored, cx.config.catalogue, given);
  if (!resolved.ok) return resolved;
  const body = resolved.value;
  const limited = await promptLimited(cx, body);
  if (limited) return limited;
  // Re-read after the limiter's await: a callback or an alarm may have changed the session.
  const admitted = admit(cx, body);
  if (!admitted.ok) return admitted;
  const { session, slot, attemptId, n, params } = admitted.value;
  const config = cx.config;
  const now = Date.now();
  const inputEnds = now + config.inputWindowsMs[slot.kind];
  openAttempt(
    cx,
    {
      id: attemptId,
      n,
      country_id: body.country_id,
      method: body.method,
      kind: slot.kind,
      mobile_masked: body.mobile ? maskPhone(body.mobile) : null,
      next: JSON.stringify({ type: 'wait' } satisfies NextAction),
      expires_at: inputEnds,
    },
    now,
  );
  // The payer's number is the default destination of this payment's refunds (erased with the
  // session's personal data, worker/session/redact.ts).
  if (body.mobile && PAYOUT_DESTINATION_KINDS.includes(slot.kind)) {
    rememberPayerPhone(cx.store.sql, attemptId, body.mobile);
  }
  cx.log('attempt_started', attemptId, { method: body.method, country_id: body.country_id });
  // Scheduled before calling out, so an eviction mid-call still leads to a status query and
  // to the end of the input window.
  cx.tasks.schedule(
    `reconcile:${attemptId}`,
    'reconcile',
    now + firstQueryDelay(config),
    attemptId,
  );
  cx.tasks.schedule(`input:${attemptId}`, 'input_deadline', inputEnds, attemptId);
  cx.bump();

  cx.creating.add(attemptId);
  const result = await callUpstream(
    cx.env,
    config,
    UPSTREAM_PATHS.collections,
    { params },
    collectionResponseSchema,
  ).finally(() => cx.creating.delete(attemptId));
  if (result.kind === 'rejected') return createRefused(cx, attemptId, params, result);
  if (result.kind === 'ok') {
    createAccepted(cx, session, attemptId, slot.kind, result.body);
  } else {
    // Timeout or unavailable (an unreadable answer, a success its schema refuses included): the
    // upstream may or may not have created the collection.
    const reason = result.kind === 'timeout' ? 'timeout' : result.reason;
    cx.store.updateAttempt(attemptId, {
      create_state: 'unknown',
      upstream_message: reason,
      updated_at: Date.now(),
    });
    cx.log('create_unknown', attemptId, { reason });
  }
  applyDeferredCallbacks(cx, attemptId);
  cx.bump();
  return { ok: true, value: cx.view()! };
}

/**
 * The prompt limits (docs/design.md, "Prompt limits"): null when the attempt may be sent (and,
 * for a prompt, it is counted against the phone), else why not. Another attempt arriving while
 * the phone's limiter is asked is refused as in progress.
 */
async function promptLimited(
  cx: SessionContext,
  body: AttemptBody,
): Promise<Outcome<CheckoutView> | null> {
  const admitted = admit(cx, body);
  if (!admitted.ok) return admitted;
  const { slot, params } = admitted.value;
  const now = Date.now();
  const session = sessionPromptRefusal<CheckoutView>(cx.store.sql, cx.config, slot.kind, now);
  if (session) return session;
  cx.admitting = true;
  try {
    return await takePhonePrompt(cx.env, cx.config, slot.kind, String(params.mobile ?? ''), now);
  } finally {
    cx.admitting = false;
  }
}

/** Records an accepted create: the upstream's reference, the payment_token and the payer's
 * next action (a redirect to a URL we refuse becomes a wait: the status queries decide). */
function createAccepted(
  cx: SessionContext,
  session: SessionRow,
  attemptId: string,
  kind: MethodKind,
  body: CollectionResponse,
): void {
  const data = body.data;
  const ref = text(data.depositId) ?? text(data.MerchantRequestID);
  const row = cx.store.attempt(attemptId)!;
  let next = nextAction(kind, data, session, row);
  let message = text(body.message);
  const url = text(data.authorization_url);
  const urlProblem = next.type === 'redirect' && url ? redirectUrlProblem(url, cx.config) : null;
  if (urlProblem) {
    // An upstream fault: the payer is never sent there. The collection exists,
    // so the attempt stays pending and its status queries decide (money rules).
    next = { type: 'wait' };
    message = `authorization_url refused: ${urlProblem}`;
    cx.log('upstream_fault', attemptId, { field: 'authorization_url', problem: urlProblem });
    logLine('error', 'upstream_fault', { field: 'authorization_url', problem: urlProblem });
  }
  cx.store.updateAttempt(attemptId, {
    create_state: 'accepted',
    create_ref: ref,
    upstream_ref: ref ?? row.upstream_ref,
    payment_token: text(data.payment_token),
    upstream_message: message,
    next: JSON.stringify(next),
    updated_at: Date.now(),
  });
  learnRefs(
    cx.store.sql,
    attemptId,
    { collection: refsOf(data.depositId, data.MerchantRequestID), transaction: [] },
    'create',
  );
  cx.log('create_accepted', attemptId, { upstream_ref: ref });
}

/** What the payer does next after an accepted create, by method kind. */
function nextAction(
  kind: MethodKind,
  data: CollectionData,
  session: SessionRow,
  row: AttemptRow,
): NextAction {
  switch (kind) {
    case 'phone_prompt':
    case 'operator_prompt':
      return { type: 'approve_on_phone', mobile_masked: row.mobile_masked ?? '' };
    case 'otp_operator':
      return {
        type: 'enter_otp',
        expires_at: new Date(row.expires_at!).toISOString(),
        tries_left: MAX_OTP_TRIES - row.otp_tries,
      };
    case 'virtual_account': {
      const account = text(data.account_number);
      if (!account) return { type: 'wait' };
      return {
        type: 'bank_transfer',
        account_number: account,
        bank_name: text(data.bank_name) ?? '',
        amount: session.amount,
        currency: session.currency,
        expires_at: new Date(row.expires_at!).toISOString(),
      };
    }
    default: {
      const url = text(data.authorization_url);
      return url ? { type: 'redirect', url } : { type: 'wait' };
    }
  }
}
