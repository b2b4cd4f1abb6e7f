/**
 * What the merchant sees of a session (`GET /v1/sessions/:id`, webhooks) and what the hosted
 * page renders: built from the session's rows, never with the payment_token or a full phone.
 * @module
 */
import type { MoneyDifference, ReportedMoney } from '../../shared/money-report';
import type { CheckoutView, LapseReason } from '../../shared/view';
import type { WebhookRecord } from '../durable/webhook-outbox';
import { asOf } from './as-of';
import type { SessionContext } from './context';
import { attemptView } from './public-view';
import { sessionRedaction } from './redact';
import { refundRows } from './refund-store';
import { parseJson, type AttemptRow, type FlatJson, type SessionRow } from './store';
import type * as z from 'zod';
import type { merchantSessionSchema } from '../views/session';

/** What the hosted page renders (`GET /pay/:id`). */
export interface HostedSession {
  view: CheckoutView;
  reference: string;
  /** `metadata.description`, the order's one-line description, if the merchant set one. */
  description: string | null;
  /** What the session's succeeded refunds paid back (0: none); the paid page says it. */
  refunded: number;
}

/** The merchant's view of a session (GET /v1/sessions/:id). */
export type MerchantSession = z.output<typeof merchantSessionSchema>;

/** An attempt as the merchant sees it (phone masked, no payment_token). */
export type MerchantAttempt = ReturnType<typeof attemptView> & {
  third_party_reference_1: string;
  upstream_reference: string | null;
  create_state: string;
  upstream_message: string | null;
  lapse_reason: LapseReason | null;
  /** What the deciding upstream success reported, with the fields that did not match. */
  reported: (ReportedMoney & { differences: MoneyDifference[] }) | null;
  mobile: string | null;
  updated_at: string;
};

const iso = (ms: number) => new Date(ms).toISOString();

/** The merchant's view of one attempt. */
export function merchantAttempt(row: AttemptRow): MerchantAttempt {
  return {
    ...attemptView(row),
    third_party_reference_1: row.id,
    upstream_reference: row.create_ref ?? row.upstream_ref,
    create_state: row.create_state,
    upstream_message: row.upstream_message,
    lapse_reason: row.lapse_reason,
    reported: parseJson(row.reported),
    mobile: row.mobile_masked,
    updated_at: iso(row.updated_at),
  };
}

/** The session with every attempt, its history, callbacks and webhooks; null when there is none. */
export function merchantSession(cx: SessionContext): MerchantSession | null {
  const { store } = cx;
  const row = store.session();
  if (!row) return null;
  // As the clock stands now: a read writes nothing (worker/session/as-of.ts).
  const { session, attempts } = asOf(row, store.attempts(), Date.now());
  const { id, status, amount, currency, reference, country_id } = session;
  const redaction = sessionRedaction(cx);
  return {
    id,
    status,
    amount,
    currency,
    reference,
    country_id,
    methods: parseJson(session.methods),
    customer: parseJson(session.customer),
    return_url: session.return_url,
    locale: session.locale ?? null,
    metadata: parseJson(session.metadata),
    sub_merchant_id: session.sub_merchant_id ?? null,
    created_at: iso(session.created_at),
    expires_at: iso(session.expires_at),
    checkout_url: `${cx.config.publicBaseUrl}/pay/${id}`,
    attempts: attempts.map(merchantAttempt),
    history: store.events().map((e) => ({
      seq: e.seq,
      at: iso(e.at),
      type: e.type,
      attempt_id: e.attempt_id,
      data: parseJson(e.data),
    })),
    callbacks: store.callbacks().map((c) => ({ ...c, received_at: iso(c.received_at) })),
    webhooks: cx.outbox.list(),
    refunds: refundRows(store.sql).map((r) => ({
      id: r.id,
      attempt: r.attempt_id,
      amount: r.amount,
      currency: r.currency,
      status: r.status,
      destination: { method: r.method, mobile: r.mobile_masked },
      reason: r.reason,
      reference: r.reference,
      created: iso(r.created_at),
    })),
    seq: session.seq,
    redacted_at: redaction ? iso(redaction.redacted_at) : null,
    redaction_reason: redaction?.reason ?? null,
  };
}

/** The statuses in which the page is still taking the payment: it may show the order's text. */
const TAKING_PAYMENT: readonly SessionRow['status'][] = ['open', 'pending'];

/**
 * What the hosted page shows: the public view (the widget's first view), the merchant's
 * reference and, only while the session is open or pending (as the clock stands, `view.status`),
 * the order description (`metadata.description`). Afterwards whoever holds the link sees the
 * amount, the reference and the outcome only: the description is the merchant's free text and
 * may name the payer (worker/durable/redaction.ts counts it as personal data); the payer's name
 * already leaves the view once no attempt can start (public-view.ts).
 */
export function hostedSession(
  session: SessionRow,
  view: CheckoutView,
  refunded = 0,
): HostedSession {
  const description = TAKING_PAYMENT.includes(view.status)
    ? parseJson<Record<string, string>>(session.metadata)?.description
    : undefined;
  return { view, reference: session.reference, description: description ?? null, refunded };
}
