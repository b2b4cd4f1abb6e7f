// Marketplaces: a session collects for one of the platform's sellers (`sub_merchant_id`), against
// the real sandbox, which knows 7d3c8a6e-… (sandbox/wrangler.toml) and answers any other id
// with 404 "User not found!".
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { SessionCreateBody } from '../../../shared/schemas';
import { applyCatalogueOverrides } from '../../../shared/catalogue';
import { loadConfig } from '../../../worker/config';
import type { ProxyEnv } from '../../../worker/env';
import { newSessionId } from '../../../worker/ids';
import { collectionParams, sessionSubMerchant } from '../../../worker/session/collection-params';
import type { SessionRow } from '../../../worker/session/store';
import {
  createSession,
  expectNoSecrets,
  getSession,
  merchant,
  ref,
  startAttempt,
  waitForSession,
} from '../helpers';
import { sandboxTxFor, webhooksFor, type ReceivedWebhook } from '../hostile';
import { sessionObject } from '../objects';

afterAll(() => expectNoSecrets());

const KNOWN = '7d3c8a6e-2f14-4b9a-9c1e-5a0f3b2d1e01';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const KENYA = { country_id: 1, method: 'send money', mobile: '254712345000' };

type WebhookData = ReceivedWebhook['body']['data'] & Record<string, unknown>;

/** Waits until the session's webhooks (one per event id: delivery is at least once) are of
 * exactly these types. */
async function waitForWebhookTypes(sessionId: string, types: string[]): Promise<ReceivedWebhook[]> {
  return vi.waitFor(
    async () => {
      const all = await webhooksFor(sessionId);
      const hooks = all.filter((h, i) => all.findIndex((o) => o.webhook_id === h.webhook_id) === i);
      expect(hooks.map((h) => h.body.type).sort()).toEqual([...types].sort());
      return hooks;
    },
    { timeout: 8000, interval: 150 },
  );
}

describe('a session for a known sub-merchant', () => {
  it('pays; the id reaches the upstream, the merchant session and the webhook', async () => {
    // Upper case in, lower case everywhere after (the sandbox compares lower case too).
    const session = await createSession({
      amount: 1500,
      currency: 'KES',
      reference: ref('sm-known'),
      sub_merchant_id: KNOWN.toUpperCase(),
    });
    expect(session.sub_merchant_id).toBe(KNOWN);
    const { status, json } = await startAttempt(session.id, KENYA);
    expect(status, JSON.stringify(json)).toBe(201);
    const done = await waitForSession(session.id, 'succeeded');
    expect(done.sub_merchant_id).toBe(KNOWN);

    const txs = await sandboxTxFor(`${session.id}.1`);
    expect(txs).toHaveLength(1);
    expect((txs[0] as unknown as { sub_merchant_id: string | null }).sub_merchant_id).toBe(KNOWN);

    const hooks = await waitForWebhookTypes(session.id, ['checkout.succeeded']);
    expect(hooks[0]!.verified).toBe(true);
    expect((hooks[0]!.body.data as WebhookData).sub_merchant_id).toBe(KNOWN);
  });

  it('a session without one sends none (this deployment sets no default)', async () => {
    const session = await createSession({
      amount: 1500,
      currency: 'KES',
      reference: ref('sm-none'),
    });
    expect(session.sub_merchant_id).toBeNull();
    expect((await startAttempt(session.id, KENYA)).status).toBe(201);
    await waitForSession(session.id, 'succeeded');
    const txs = await sandboxTxFor(`${session.id}.1`);
    expect((txs[0] as unknown as { sub_merchant_id: string | null }).sub_merchant_id).toBeNull();
    const hooks = await waitForWebhookTypes(session.id, ['checkout.succeeded']);
    expect(hooks[0]!.body.data).toHaveProperty('sub_merchant_id', null);
  });
});

describe('a session for a sub-merchant the upstream does not know', () => {
  it('the payer gets MERCHANT_UNAVAILABLE, the platform integration.error; nothing charged, no checkout.failed, the session stays open', async () => {
    const session = await createSession({
      amount: 1500,
      currency: 'KES',
      reference: ref('sm-unknown'),
      sub_merchant_id: UNKNOWN,
    });
    const attemptId = `${session.id}.1`;
    const { status, json } = await startAttempt(session.id, KENYA);
    expect(status, JSON.stringify(json)).toBe(503);
    expect(json.error?.code).toBe('MERCHANT_UNAVAILABLE');
    // The payer is not told the upstream's words, nor the sub-merchant id.
    const payerText = JSON.stringify(json);
    expect(payerText).not.toContain('User not found');
    expect(payerText).not.toContain(UNKNOWN);

    // Nothing was created upstream, so nothing can be credited.
    expect(await sandboxTxFor(attemptId)).toEqual([]);

    const stored = await getSession(session.id);
    expect(stored.status).toBe('open');
    expect(stored.attempts).toHaveLength(1);
    expect(stored.attempts[0]).toMatchObject({
      id: attemptId,
      status: 'failed',
      create_state: 'rejected',
      upstream_message: 'User not found!',
      failure: { code: 'MERCHANT_UNAVAILABLE' },
    });
    // The outbox, queued in the same step as the answer: integration.error, no checkout.failed.
    expect(stored.webhooks.map((w) => w.type)).toEqual(['integration.error']);

    const hooks = await waitForWebhookTypes(session.id, ['integration.error']);
    expect(hooks[0]!.verified).toBe(true);
    expect(hooks[0]!.body.data).toMatchObject({
      session_id: session.id,
      reference: session.reference,
      status: 'open',
      attempt_id: attemptId,
      sub_merchant_id: UNKNOWN,
      upstream_message: 'User not found!',
      kind: 'sub_merchant_unknown',
    });

    // Still open: the payer may try again (refused again until the platform fixes it), and
    // still no checkout.failed.
    const again = await startAttempt(session.id, KENYA);
    expect(again.status, JSON.stringify(again.json)).toBe(503);
    expect(again.json.error?.code).toBe('MERCHANT_UNAVAILABLE');
    const after = await getSession(session.id);
    expect(after.status).toBe('open');
    expect(after.webhooks.map((w) => w.type)).toEqual(['integration.error', 'integration.error']);
    await waitForWebhookTypes(session.id, ['integration.error', 'integration.error']);
  });
});

describe('session creation', () => {
  it('a malformed sub_merchant_id is refused with a 400 naming the field', async () => {
    const res = await merchant('/v1/sessions', {
      method: 'POST',
      body: JSON.stringify({
        amount: 1500,
        currency: 'KES',
        reference: ref('sm-bad'),
        sub_merchant_id: 'shop-1',
      }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { code: string; details: { issues: { path: string; message: string }[] } };
    };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.issues).toEqual([
      expect.objectContaining({ path: 'sub_merchant_id', message: expect.stringMatching(/UUID/) }),
    ]);
  });

  it('the idempotency fingerprint includes sub_merchant_id', async () => {
    const key = `sm-idem-${ref()}`;
    const body = { amount: 1500, currency: 'KES', reference: ref('sm-idem') };
    const post = (extra: Record<string, unknown>) =>
      merchant('/v1/sessions', {
        method: 'POST',
        headers: { 'idempotency-key': key },
        body: JSON.stringify({ ...body, ...extra }),
      });
    expect((await post({ sub_merchant_id: KNOWN })).status).toBe(201);
    expect((await post({ sub_merchant_id: KNOWN })).status).toBe(200);
    const other = await post({ sub_merchant_id: UNKNOWN });
    expect(other.status).toBe(409);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe(
      'IDEMPOTENCY_MISMATCH',
    );
    expect((await post({})).status).toBe(409);
  });

  it('SERVICE_SUB_MERCHANT_ID is the default of a session created without one, and reaches the upstream', async () => {
    const id = await newSessionId();
    const input: SessionCreateBody & { id: string } = {
      id,
      amount: 1500,
      currency: 'KES',
      reference: ref('sm-default'),
      expires_in: 3600,
    };
    // This object alone runs with the default set while it creates the session.
    await runInDurableObject(sessionObject(id), async (instance) => {
      const holder = instance as unknown as { env: ProxyEnv };
      const original = holder.env;
      holder.env = { ...original, SERVICE_SUB_MERCHANT_ID: KNOWN.toUpperCase() };
      try {
        const created = await instance.init(input);
        expect(created.ok && created.value.session.sub_merchant_id).toBe(KNOWN);
      } finally {
        holder.env = original;
      }
    });
    expect((await startAttempt(id, KENYA)).status).toBe(201);
    await waitForSession(id, 'succeeded');
    const txs = await sandboxTxFor(`${id}.1`);
    expect((txs[0] as unknown as { sub_merchant_id: string | null }).sub_merchant_id).toBe(KNOWN);
  });
});

describe('configuration', () => {
  const withVars = (vars: Record<string, string>) =>
    loadConfig({ ...(env as unknown as ProxyEnv), ...vars } as ProxyEnv);

  it('SERVICE_SUB_MERCHANT_ID: none by default, a UUID (lowercased) when set, anything else CONFIG_INVALID naming it', () => {
    expect(withVars({}).subMerchantId).toBeNull();
    expect(withVars({ SERVICE_SUB_MERCHANT_ID: '' }).subMerchantId).toBeNull();
    expect(withVars({ SERVICE_SUB_MERCHANT_ID: KNOWN.toUpperCase() }).subMerchantId).toBe(KNOWN);
    expect(() => withVars({ SERVICE_SUB_MERCHANT_ID: 'shop-1' })).toThrow(
      /SERVICE_SUB_MERCHANT_ID must be a UUID/,
    );
  });

  it('a session takes its own sub_merchant_id, else the default, else none', () => {
    expect(sessionSubMerchant(UNKNOWN, { subMerchantId: KNOWN })).toBe(UNKNOWN);
    expect(sessionSubMerchant(undefined, { subMerchantId: KNOWN })).toBe(KNOWN);
    expect(sessionSubMerchant(undefined, { subMerchantId: null })).toBeNull();
  });

  it('collectionParams carries the session sub_merchant_id, and none when it has none', () => {
    const catalogue = applyCatalogueOverrides();
    const slot = catalogue.method(1, 'send money')!;
    const row = { id: 'cs_x', amount: 1500, currency: 'KES', reference: 'r-1' } as SessionRow;
    const body = { country_id: 1, method: 'send money', mobile: '254712345000' };
    const base = 'https://pay.example';
    expect(
      collectionParams({ ...row, sub_merchant_id: KNOWN }, slot, body, 'cs_x.1', base),
    ).toMatchObject({ sub_merchant_id: KNOWN });
    expect(
      collectionParams({ ...row, sub_merchant_id: null }, slot, body, 'cs_x.1', base),
    ).not.toHaveProperty('sub_merchant_id');
  });
});
