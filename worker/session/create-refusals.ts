/**
 * A collection create the upstream refused: unless a verified callback contradicts it
 * (worker/payment/create-refusal.ts), nothing was charged, so the attempt settles `failed`. When the refusal is of the shop's own configuration (an unknown sub-merchant, our
 * credentials) it is no payer's failure: no `checkout.failed`, one `integration.error` instead,
 * and the session stays open for a retry once the platform fixes it.
 * @module
 */
import type { ErrorCode } from '../../shared/errors';
import { UPSTREAM_PATHS } from '../../shared/upstream-endpoints';
import type { CheckoutView } from '../../shared/view';
import { fail, type Outcome } from '../durable/outcome';
import { judgeRefusal } from '../payment/create-refusal';
import { logLine } from '../middleware/request-log';
import type { UpstreamResult } from '../upstream';
import { applyDeferredCallbacks } from './callbacks';
import type { SessionContext } from './context';
import { transition } from './transitions';
import { UPSTREAM_AUTH_MESSAGE, noteUpstreamAuthRefusal } from './upstream-faults';
import { queueWebhook } from './webhooks';

/** The upstream's refusal of a collection naming a sub-merchant it does not know
 * (docs/upstream-api.md, "Error messages": collections, "User not found!"; the sandbox answers
 * it with 404). */
const SUB_MERCHANT_UNKNOWN = /^user not found!?$/i;

/** What the payer is told when the upstream refuses the shop's configuration. */
const MERCHANT_UNAVAILABLE_MESSAGE = 'This shop cannot take payments right now.';

/** The payer's message for a plain refusal (the upstream's wording stays in the merchant's
 * records, `upstream_message`, never the payer's answer or view). */
const REFUSED_MESSAGE = 'The payment service refused this payment.';

/** A refusal of the shop's configuration: the attempt settles failed with `code`, the event log
 * and an `integration.error` webhook say which (`logged` and `reported` add their fields). */
function integrationError(
  cx: SessionContext,
  attemptId: string,
  refusal: {
    code: Extract<ErrorCode, 'MERCHANT_UNAVAILABLE' | 'UPSTREAM_AUTH'>;
    message: string;
    kind: string;
    logged: Record<string, unknown>;
    reported: Record<string, unknown>;
  },
  upstreamMessage: string,
): void {
  const { code, message, kind } = refusal;
  transition(cx, attemptId, 'confirmed_failed', { failure: { code, message } });
  cx.log('integration_error', attemptId, { kind, ...refusal.logged });
  const attempt = cx.store.attempt(attemptId);
  queueWebhook(cx, `evt_${attemptId}_integration_error`, 'integration.error', attempt, {
    kind,
    attempt_id: attemptId,
    ...refusal.reported,
    upstream_message: upstreamMessage,
  });
}

/**
 * Applies a refused create: an unknown sub-merchant answers MERCHANT_UNAVAILABLE, a 403 (our
 * credentials: secret, client id, sender, IP whitelist) UPSTREAM_AUTH with one loud log line
 * and `GET /health` degraded; any other refusal UPSTREAM_REJECTED.
 *
 * @example
 * if (result.kind === 'rejected') return createRefused(cx, attemptId, params, result);
 */
export async function createRefused(
  cx: SessionContext,
  attemptId: string,
  params: Record<string, unknown>,
  result: Extract<UpstreamResult, { kind: 'rejected' }>,
): Promise<Outcome<CheckoutView>> {
  cx.store.updateAttempt(attemptId, {
    create_state: 'rejected',
    upstream_message: result.message,
    updated_at: Date.now(),
  });
  const judged = judgeRefusal({
    judgeWaiting: () => applyDeferredCallbacks(cx, attemptId),
    pending: () => cx.store.attempt(attemptId)?.status === 'pending',
    heard: () => cx.store.callbackCount(attemptId) > 0,
    keepUnknown: () => {
      cx.store.updateAttempt(attemptId, { create_state: 'unknown', updated_at: Date.now() });
      cx.log('create_refusal_contradicted', attemptId, { status: result.status });
    },
  });
  if (judged !== 'refused') return { ok: true, value: cx.view()! };
  const subMerchant = params.sub_merchant_id;
  if (typeof subMerchant === 'string' && SUB_MERCHANT_UNKNOWN.test(result.message.trim())) {
    const detail = { sub_merchant_id: subMerchant };
    const refusal = {
      code: 'MERCHANT_UNAVAILABLE',
      message: MERCHANT_UNAVAILABLE_MESSAGE,
    } as const;
    integrationError(
      cx,
      attemptId,
      { ...refusal, kind: 'sub_merchant_unknown', logged: detail, reported: detail },
      result.message,
    );
    return fail(refusal.code, refusal.message, { view: cx.view() });
  }
  if (result.status === 403) {
    integrationError(
      cx,
      attemptId,
      {
        code: 'UPSTREAM_AUTH',
        message: UPSTREAM_AUTH_MESSAGE,
        kind: 'upstream_auth',
        logged: { status: 403 },
        reported: {},
      },
      result.message,
    );
    logLine('error', 'upstream_auth_refused', { route: UPSTREAM_PATHS.collections, status: 403 });
    await noteUpstreamAuthRefusal(cx.env).catch(() => undefined);
    return fail('UPSTREAM_AUTH', UPSTREAM_AUTH_MESSAGE, { view: cx.view() });
  }
  transition(cx, attemptId, 'confirmed_failed', {
    failure: { code: null, message: REFUSED_MESSAGE },
  });
  return fail('UPSTREAM_REJECTED', REFUSED_MESSAGE, { view: cx.view() });
}
