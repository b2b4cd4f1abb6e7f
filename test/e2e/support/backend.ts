/**
 * The merchant's backend beside the payer: creates checkout sessions and reads them back with
 * the merchant API key, and checks the merchant webhooks that reached its endpoint — each one
 * verified independently with the package's built verifier (dist/lib/webhook-signature.js,
 * what merchants install as `unified-checkout/webhooks`). Also the sandbox's control routes,
 * which stand in for the payer's bank.
 * @module
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AttemptStatus, SessionStatus } from '../../../shared/status';
import { SECRETS } from './config';
import { SEEN, UPSTREAM_CONTROL, saveBody } from './responses';
import { nextPayerAddress } from './payer-address';

/** An attempt as GET /v1/sessions/:id shows it (the fields the suite reads). */
export interface MerchantAttempt {
  id: string;
  status: AttemptStatus;
  method: string;
  kind: string;
  mobile: string | null;
  upstream_reference: string | null;
  failure: { code: string | null; message: string | null } | null;
}

/** A merchant webhook as GET /v1/sessions/:id shows it. */
export interface WebhookRecord {
  id: string;
  type: string;
  status: 'pending' | 'delivered' | 'failed';
  tries: number;
}

/** A session as GET /v1/sessions/:id shows it (the fields the suite reads). */
export interface MerchantSession {
  id: string;
  status: SessionStatus;
  amount: number;
  currency: string;
  reference: string;
  return_url: string | null;
  /** The hosted checkout page (`/pay/:id`). */
  checkout_url: string;
  attempts: MerchantAttempt[];
  webhooks: WebhookRecord[];
  refunds: {
    id: string;
    amount: number;
    status: string;
    destination?: { method: string; mobile: string | null };
  }[];
}

/** The body of a merchant webhook. */
export interface WebhookEvent {
  id: string;
  type: string;
  timestamp: string;
  data: { session_id: string; status: string; attempt: MerchantAttempt | null };
}

/** One delivery that reached the merchant's endpoint, after independent verification. */
export interface VerifiedDelivery {
  /** The `webhook-id` header. */
  id: string;
  event: WebhookEvent;
}

type Verifier = typeof import('../../../shared/webhook-signature');
let verifier: Promise<Verifier> | null = null;

/** The built verifier, as a merchant imports it (`unified-checkout/webhooks`). */
function builtVerifier(): Promise<Verifier> {
  verifier ??= import(
    pathToFileURL(path.resolve('dist/lib/webhook-signature.js')).href
  ) as Promise<Verifier>;
  return verifier;
}

async function call<T>(
  log: string,
  url: string,
  init: RequestInit & { expect?: number[] } = {},
): Promise<T> {
  const res = await fetch(url, init);
  const text = await res.text();
  saveBody(log, `${init.method ?? 'GET'} ${url} → ${res.status}`, text);
  if (!(init.expect ?? [200, 201]).includes(res.status)) {
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${text.slice(0, 500)}`);
  }
  return JSON.parse(text) as T;
}

let references = 0;

/**
 * Reads `read` every 100 ms until `done` holds for what it answered, and answers that; throws
 * `failure(last)` once `timeoutMs` has passed.
 */
async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  failure: (last: T) => string,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!done(last)) {
    if (Date.now() > deadline) throw new Error(failure(last));
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  return last;
}

/** The merchant's backend: the merchant API with `Authorization: Bearer MERCHANT_API_KEY`. */
export class MerchantBackend {
  constructor(readonly base: string) {}

  private headers(): Record<string, string> {
    return {
      authorization: `Bearer ${SECRETS.merchantApiKey}`,
      'content-type': 'application/json',
    };
  }

  /**
   * `POST /v1/sessions` with a fresh reference.
   *
   * @example
   * const session = await backend.createSession({ amount: 1500, currency: 'KES' });
   */
  async createSession(body: {
    amount: number;
    currency: string;
    country_id?: number;
    methods?: string[];
    return_url?: string;
    expires_in?: number;
  }): Promise<MerchantSession> {
    const reference = `e2e-${Date.now().toString(36)}-${++references}`;
    return call<MerchantSession>(SEEN, `${this.base}/v1/sessions`, {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify({ reference, metadata: { suite: 'e2e' }, ...body }),
      expect: [201],
    });
  }

  /** `POST /v1/sessions/:id/refunds` (201). */
  refund(
    sessionId: string,
    body: Record<string, unknown>,
  ): Promise<{ id: string; amount: number; status: string }> {
    return call(SEEN, `${this.base}/v1/sessions/${sessionId}/refunds`, {
      method: 'POST',
      headers: { ...this.headers(), 'idempotency-key': `e2e-refund-${sessionId}` },
      body: JSON.stringify(body),
      expect: [201],
    });
  }

  /** Polls `GET /v1/refunds/:id` until it has `status`; throws after `timeoutMs`. */
  async waitForRefund(id: string, status: string, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const refund = await call<{ status: string }>(SEEN, `${this.base}/v1/refunds/${id}`, {
        headers: this.headers(),
      });
      if (refund.status === status) return;
      if (Date.now() > deadline) throw new Error(`refund ${id} is ${refund.status}, not ${status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * Pays a session through the checkout API by phone (M-PESA, Kenya), as the widget would; the
   * sandbox pays a number ending 000 at once. Waits until the session succeeded.
   */
  async payByPhone(sessionId: string, mobile: string): Promise<void> {
    await call(SEEN, `${this.base}/v1/checkout/${sessionId}/attempts`, {
      method: 'POST',
      // A payer of its own: the suite's browser payers share loopback's attempt limit.
      headers: {
        'content-type': 'application/json',
        origin: this.base,
        'cf-connecting-ip': nextPayerAddress(),
      },
      body: JSON.stringify({ country_id: 1, method: 'send money', mobile }),
      expect: [201],
    });
    await this.waitForSession(sessionId, (s) => s.status === 'succeeded', 'succeeded');
  }

  /** A merchant API `GET` of `path` (`/v1/…`). */
  get<T>(path: string): Promise<T> {
    return call<T>(SEEN, `${this.base}${path}`, { headers: this.headers() });
  }

  /** Polls `GET path` until `done` holds for its answer; throws after `timeoutMs`. */
  waitForGet<T>(path: string, done: (body: T) => boolean, timeoutMs = 15_000): Promise<T> {
    return pollUntil(
      () => this.get<T>(path),
      done,
      (body) => `GET ${path} never held: ${JSON.stringify(body)}`,
      timeoutMs,
    );
  }

  /** `GET /v1/sessions/:id`. */
  session(id: string): Promise<MerchantSession> {
    return call<MerchantSession>(SEEN, `${this.base}/v1/sessions/${id}`, {
      headers: this.headers(),
    });
  }

  /**
   * Polls the session until `done` holds; throws with the last state after `timeoutMs`.
   *
   * @example
   * await backend.waitForSession(id, (s) => s.status === 'succeeded', 'succeeded');
   */
  waitForSession(
    id: string,
    done: (session: MerchantSession) => boolean,
    what: string,
    timeoutMs = 15_000,
  ): Promise<MerchantSession> {
    return pollUntil(
      () => this.session(id),
      done,
      (last) => {
        const attempts = last.attempts.map((a) => `${a.id}=${a.status}`).join(', ');
        const hooks = last.webhooks.map((w) => `${w.type}:${w.status}`).join(', ');
        return (
          `merchant API: session ${id} is not ${what} after ${timeoutMs} ms ` +
          `(status ${last.status}; attempts ${attempts || 'none'}; webhooks ${hooks || 'none'})`
        );
      },
      timeoutMs,
    );
  }
}

/** The sandbox's control surface (the payer's bank and phone, for the tests). */
export class SandboxControl {
  constructor(readonly base: string) {}

  /**
   * Transfers `amount` into a virtual account, as the payer's bank would (its confirmation
   * `settleAfterMs` sandbox ms later when given).
   *
   * @example
   * await sandbox.payVirtualAccount('9204417753', 5000);
   */
  payVirtualAccount(
    account: string,
    amount: number,
    settleAfterMs?: number,
  ): Promise<{ transaction: { ref: string }; transfer: { outcome: string } }> {
    return call(UPSTREAM_CONTROL, `${this.base}/sandbox/control/virtual-accounts/${account}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // settle_after_ms (sandbox ms): the bank's confirmation comes that much later.
      body: JSON.stringify(
        settleAfterMs === undefined ? { amount } : { amount, settle_after_ms: settleAfterMs },
      ),
    });
  }

  /**
   * Decides a pending transaction, as the payer does on their phone (`success`, `failed`, `timeout`).
   *
   * @example
   * await sandbox.decide('SBX-7K2QH9ZP4M3X', 'success');
   */
  decide(ref: string, outcome: 'success' | 'failed' | 'timeout'): Promise<unknown> {
    return call(UPSTREAM_CONTROL, `${this.base}/sandbox/control/transactions/${ref}/outcome`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome }),
    });
  }

  /**
   * The payer approves the session's first attempt on their phone: a phone ending in …005 keeps
   * the approve step up until this, so a test cannot miss it (a …000 payment calls back 1.5 s
   * after it starts, maybe before a slow page shows the step).
   *
   * @example
   * await sandbox.approveOnPhone(backend, session.id);
   */
  async approveOnPhone(backend: MerchantBackend, session: string): Promise<void> {
    const ref = (await backend.session(session)).attempts[0]?.upstream_reference;
    if (!ref) throw new Error(`session ${session}: the attempt has no upstream reference`);
    await this.decide(ref, 'success');
  }
}

/** The merchant's webhook endpoint (support/webhook-receiver.ts), read back and verified. */
export class WebhookInbox {
  constructor(readonly receiver: string) {}

  /**
   * Every delivery for `session`, each verified with the built verifier and the dev secret
   * (throws naming the delivery when one does not verify).
   *
   * @example
   * const deliveries = await inbox.deliveriesFor('cs_…');
   */
  async deliveriesFor(session: string): Promise<VerifiedDelivery[]> {
    const { verifyWebhook } = await builtVerifier();
    const all = await call<
      { headers: Record<string, string>; body: string; received_at: number }[]
    >(SEEN, `${this.receiver}/received`);
    const out: VerifiedDelivery[] = [];
    for (const delivery of all) {
      const parsed = JSON.parse(delivery.body) as WebhookEvent;
      if (parsed.data?.session_id !== session) continue;
      const id = delivery.headers['webhook-id'] ?? '(no webhook-id)';
      let event: WebhookEvent;
      try {
        event = await verifyWebhook<WebhookEvent>(
          SECRETS.webhookSecret,
          delivery.headers,
          delivery.body,
          // Checked after the fact: the timestamp's age is taken at the time of receipt.
          { now: delivery.received_at },
        );
      } catch (error) {
        throw new Error(
          `webhook ${id} for ${session} does not verify: ${(error as Error).message}`,
        );
      }
      if (event.id !== id) throw new Error(`webhook ${id} carries the body of ${event.id}`);
      out.push({ id, event });
    }
    return out;
  }
}
