/**
 * `unified-checkout/client`: a typed client of the merchant API, generated from the OpenAPI
 * document (client/api-types.ts, by openapi-typescript) over `openapi-fetch`: sessions, refunds, payouts,
 * payout batches, payment links and the lists, an `Idempotency-Key` on every create (yours or a random one),
 * retries on 429 and 5xx that honour `Retry-After`, and the webhook verifier. Server-side only:
 * it holds the merchant API key. docs/api.md, "Typed client".
 * @module
 */
import createFetchClient from 'openapi-fetch';
import type { components, operations, paths } from './api-types.js';
import { retryingFetch, type RetryOptions } from './retry.js';

export type { components, operations, paths } from './api-types.js';
export { isRetryable, retryAfterMs, retryingFetch, type RetryOptions } from './retry.js';
export {
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
  WEBHOOK_TOLERANCE_SECONDS,
  type WebhookHeaders,
  type WebhookRequestHeaders,
} from '../shared/webhook-signature.js';

type Schemas = components['schemas'];
/** A session as the merchant sees it. */
export type Session = Schemas['Session'];
/** A payout as the merchant sees it. */
export type Payout = Schemas['Payout'];
/** A refund of a session, as `create` answers it. */
export type Refund = Schemas['RefundCreated'];
/** A refund with its webhooks, as `get` answers it. */
export type RefundDetail = Schemas['RefundDetail'];
/** The body of `POST /v1/sessions/{id}/refunds`. */
export type CreateRefundBody = Schemas['CreateRefundBody'];
/** The body of `POST /v1/sessions`. */
export type CreateSessionBody = Schemas['CreateSessionBody'];
/** The body of `POST /v1/payouts`. */
export type CreatePayoutBody = Schemas['CreatePayoutBody'];
/** The JSON body of `POST /v1/payout-batches` (`uploadCsv` sends a CSV instead). */
export type CreatePayoutBatchBody = Schemas['CreatePayoutBatchBody'];
/** A payout batch: counts per row status, totals, progress. */
export type PayoutBatch = Schemas['PayoutBatch'];
/** The body of `POST /v1/payment-links`. */
export type CreatePaymentLinkBody = Schemas['CreatePaymentLinkBody'];
/** The error body every route answers with. */
export type ErrorBody = Schemas['ErrorBody'];
/** A merchant webhook (any type), as `verifyWebhook` returns it. */
export type WebhookEvent = Schemas[
  | 'CheckoutSucceededEvent'
  | 'CheckoutFailedEvent'
  | 'CheckoutExpiredEvent'
  | 'CheckoutAnomalyEvent'
  | 'CheckoutRequiresActionEvent'
  | 'IntegrationErrorEvent'
  | 'PayoutSucceededEvent'
  | 'PayoutFailedEvent'
  | 'PayoutAnomalyEvent'
  | 'RefundSucceededEvent'
  | 'RefundFailedEvent'
  | 'RefundAnomalyEvent'
  | 'PayoutBatchApprovedEvent'
  | 'PayoutBatchPausedEvent'
  | 'PayoutBatchCompletedEvent'
  | 'PaymentLinkPaidEvent'
  | 'PaymentLinkAnomalyEvent'];

type Query<Op extends keyof operations> = operations[Op] extends {
  parameters: { query?: infer Q };
}
  ? Q
  : never;

/** The client's options. */
export interface ClientOptions {
  /** The proxy's origin, e.g. `https://pay.example.com`. */
  baseUrl: string;
  /** A merchant API key (keep it on the server). */
  apiKey: string;
  /** Retries on 429 and 5xx (default: 2 retries, at most 30 s apart). */
  retry?: RetryOptions;
  /** The fetch to use (default: the global one). */
  fetch?: (request: Request) => Promise<Response>;
}

/** Per-call options of a create. */
export interface CreateOptions {
  /** Sent as `Idempotency-Key`; a random one is made when omitted, so retries stay safe. */
  idempotencyKey?: string;
}

/** A call's outcome: `data` on success, `error` (the error body) otherwise, and the response. */
export type Result<T> =
  | { data: T; error?: undefined; response: Response }
  | { data?: undefined; error: ErrorBody; response: Response };

function keyHeader(options: CreateOptions = {}): { 'Idempotency-Key': string } {
  return { 'Idempotency-Key': options.idempotencyKey ?? crypto.randomUUID() };
}

/**
 * Creates the client. `api` is the raw typed client (every route of the document); the named
 * methods cover the common calls.
 *
 * @example
 * const uc = createClient({ baseUrl: 'https://pay.example.com', apiKey: process.env.UC_KEY! });
 * const { data: session, error } = await uc.sessions.create({
 *   amount: 1500, currency: 'KES', reference: 'order-42',
 * });
 */
export function createClient(options: ClientOptions) {
  const api = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${options.apiKey}` },
    fetch: retryingFetch(options.fetch ?? ((request) => globalThis.fetch(request)), options.retry),
  });
  const result = <T>(r: { data?: T; error?: unknown; response: Response }): Result<T> =>
    r.error !== undefined
      ? { error: r.error as ErrorBody, response: r.response }
      : { data: r.data as T, response: r.response };

  return {
    api,
    sessions: {
      create: async (body: CreateSessionBody, opts?: CreateOptions) =>
        result<Session>(await api.POST('/v1/sessions', { body, headers: keyHeader(opts) })),
      get: async (id: string) =>
        result<Session>(await api.GET('/v1/sessions/{id}', { params: { path: { id } } })),
      list: async (query: Query<'listSessions'> = {}) =>
        result<Schemas['SessionList']>(await api.GET('/v1/sessions', { params: { query } })),
      reconcile: async (id: string) =>
        result<Session>(
          await api.POST('/v1/sessions/{id}/reconcile', { params: { path: { id } } }),
        ),
      /** Cancels an open checkout (refused while a payment may still take money). */
      expire: async (id: string) =>
        result<Session>(await api.POST('/v1/sessions/{id}/expire', { params: { path: { id } } })),
    },
    refunds: {
      create: async (sessionId: string, body: CreateRefundBody = {}, opts?: CreateOptions) =>
        result<Refund>(
          await api.POST('/v1/sessions/{id}/refunds', {
            params: { path: { id: sessionId } },
            body,
            headers: keyHeader(opts),
          }),
        ),
      get: async (id: string) =>
        result<RefundDetail>(await api.GET('/v1/refunds/{id}', { params: { path: { id } } })),
      list: async (query: Query<'listRefunds'> = {}) =>
        result<Schemas['RefundList']>(await api.GET('/v1/refunds', { params: { query } })),
    },
    payouts: {
      create: async (body: CreatePayoutBody, opts?: CreateOptions) =>
        result<Payout>(await api.POST('/v1/payouts', { body, headers: keyHeader(opts) })),
      get: async (ref: string) =>
        result<Payout>(await api.GET('/v1/payouts/{ref}', { params: { path: { ref } } })),
      list: async (query: Query<'listPayouts'> = {}) =>
        result<Schemas['PayoutList']>(await api.GET('/v1/payouts', { params: { query } })),
    },
    payoutBatches: {
      create: async (body: CreatePayoutBatchBody, opts?: CreateOptions) =>
        result<PayoutBatch>(
          await api.POST('/v1/payout-batches', { body, headers: keyHeader(opts) }),
        ),
      /** A CSV upload (`reference,amount,currency,mobile,method,narration`), sent as it is. */
      uploadCsv: async (csv: string, opts?: CreateOptions) =>
        result<PayoutBatch>(
          await api.POST('/v1/payout-batches', {
            body: csv as unknown as CreatePayoutBatchBody,
            bodySerializer: (text) => text as unknown as string,
            headers: { ...keyHeader(opts), 'content-type': 'text/csv' },
          }),
        ),
      get: async (id: string) =>
        result<PayoutBatch>(await api.GET('/v1/payout-batches/{id}', { params: { path: { id } } })),
      list: async (query: Query<'listPayoutBatches'> = {}) =>
        result<Schemas['PayoutBatchList']>(
          await api.GET('/v1/payout-batches', { params: { query } }),
        ),
      rows: async (id: string, query: Query<'listPayoutBatchRows'> = {}) =>
        result<Schemas['PayoutBatchRowPage']>(
          await api.GET('/v1/payout-batches/{id}/rows', { params: { path: { id }, query } }),
        ),
      /** The results file (CSV text). */
      results: async (id: string) =>
        result<string>(
          await api.GET('/v1/payout-batches/{id}/results.csv', {
            params: { path: { id } },
            parseAs: 'text',
          }),
        ),
      /** Approves as this client's key (another key than the creator's). */
      approve: async (id: string, body: { partial?: boolean } = {}) =>
        result<PayoutBatch>(
          await api.POST('/v1/payout-batches/{id}/approve', {
            params: { path: { id } },
            body: body as never,
          }),
        ),
      cancel: async (id: string) =>
        result<PayoutBatch>(
          await api.POST('/v1/payout-batches/{id}/cancel', { params: { path: { id } } }),
        ),
      resume: async (id: string) =>
        result<PayoutBatch>(
          await api.POST('/v1/payout-batches/{id}/resume', { params: { path: { id } } }),
        ),
    },
    paymentLinks: {
      create: async (body: CreatePaymentLinkBody, opts?: CreateOptions) =>
        result<Schemas['PaymentLinkCreated']>(
          await api.POST('/v1/payment-links', { body, headers: keyHeader(opts) }),
        ),
      list: async () => result<Schemas['PaymentLinkList']>(await api.GET('/v1/payment-links')),
      payments: async (query: Query<'listPaymentLinkPayments'> = {}) =>
        result<Schemas['PaymentLinkPaymentList']>(
          await api.GET('/v1/payment-link-payments', { params: { query } }),
        ),
    },
    events: {
      list: async (query: Query<'listEvents'> = {}) =>
        result<Schemas['EventsPage']>(await api.GET('/v1/events', { params: { query } })),
    },
  };
}

/** The client {@link createClient} makes. */
export type Client = ReturnType<typeof createClient>;
