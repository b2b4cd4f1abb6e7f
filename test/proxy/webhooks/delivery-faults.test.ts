// Merchant webhooks that cannot be delivered as asked: a redirecting endpoint, an unsignable body.

import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';
import { devInbox } from '../../../worker/dev-inbox/inbox';
import { TaskQueue } from '../../../worker/durable/task-queue';
import { WebhookOutbox } from '../../../worker/durable/webhook-outbox';
import { BASE, expectNoSecrets, seenLogs } from '../helpers';

// A merchant webhook is never re-POSTed to where a redirect points (the body
// is signed and carries payers' data). A 307 from the merchant's endpoint is a failed delivery
// whose reason in the deliveries list says so; the redirect's target never receives it.

afterAll(() => expectNoSecrets());

describe('a merchant webhook answered with a redirect', () => {
  it.each([307, 301])('%i is not followed: a failed delivery with the reason', async (status) => {
    const stub = env.LEDGER.get(env.LEDGER.idFromName(`redirect-${status}-${Date.now()}`));
    const id = `evt_redirect_${status}_${Date.now()}`;
    const record = await runInDurableObject(stub, async (_instance, state) => {
      const outbox = new WebhookOutbox(state.storage.sql, new TaskQueue<'webhook'>(state.storage));
      outbox.enqueue(id, 'checkout.succeeded', { session_id: 'cs_abcdefghijklmnopqrstuvwxyz' });
      // Only this test's delivery runs: the object's own alarm (set by enqueue) would deliver
      // the event to MERCHANT_WEBHOOK_URL, the dev inbox, beside it.
      await state.storage.deleteAlarm();
      await outbox.deliver(
        id,
        `${BASE}/dev/webhooks/redirect/${status}`,
        env.MERCHANT_WEBHOOK_SECRET,
      );
      return outbox.list()[0]!;
    });
    expect(record).toMatchObject({ status: 'pending', tries: 1, last_status: status });
    expect(record.last_error).toBe(
      `HTTP ${status} redirect not followed (to ${BASE}): set MERCHANT_WEBHOOK_URL to the final address`,
    );
    expect(record.deliveries).toEqual([
      expect.objectContaining({ status, error: record.last_error }),
    ]);
    // The redirect's target (the dev inbox) never got the body.
    const inbox = (await devInbox(env)!.listWebhooks()) as unknown as {
      body: { id: string } | null;
    }[];
    expect(inbox.filter((w) => w.body?.id === id)).toEqual([]);
  });
});

// A webhook the secret cannot sign is marked failed once, loudly (one structured
// error line), and not retried every 30 s forever; resend works again once the secret is fixed.

const SHORT = `whsec_${btoa('sixteen-bytes!!!')}`;

afterAll(() => expectNoSecrets([SHORT]));

describe('an unsignable webhook', () => {
  it('fails once, with one error line naming the cause, and leaves no retry queued', async () => {
    const stub = env.LEDGER.get(env.LEDGER.idFromName(`hardening-outbox-${Date.now()}`));
    const from = seenLogs.length;
    const result = await runInDurableObject(stub, async (_instance, state) => {
      const tasks = new TaskQueue<'webhook'>(state.storage);
      const outbox = new WebhookOutbox(state.storage.sql, tasks);
      const id = 'evt_cs_abcdefghijklmnopqrstuvwxyz_succeeded';
      outbox.enqueue(id, 'checkout.succeeded', { session_id: 'cs_abcdefghijklmnopqrstuvwxyz' });
      await outbox.deliver(id, `${BASE}/dev/webhooks`, SHORT);
      const [record] = outbox.list();
      // Its delivery's task (the fan-out to webhook endpoints is a task of its own).
      const queued = state.storage.sql
        .exec('SELECT COUNT(*) AS n FROM tasks WHERE key = ?', `webhook:${id}`)
        .one().n as number;
      // Fixed secret: the merchant's resend delivers it.
      outbox.resend(id);
      await outbox.deliver(id, `${BASE}/dev/webhooks`, env.MERCHANT_WEBHOOK_SECRET);
      return { record, queued, after: outbox.list()[0] };
    });
    expect(result.record).toMatchObject({ status: 'failed', tries: 1, next_attempt_at: null });
    expect(result.record!.last_error).toMatch(/MERCHANT_WEBHOOK_SECRET must be whsec_/);
    expect(result.record!.deliveries).toHaveLength(1);
    expect(result.queued).toBe(0);
    const errors = seenLogs
      .slice(from)
      .filter((line) => line.includes('"webhook_unsignable"'))
      .map((line) => JSON.parse(line));
    expect(errors).toEqual([
      expect.objectContaining({ level: 'error', event_type: 'checkout.succeeded' }),
    ]);
    expect(result.after).toMatchObject({ status: 'delivered', tries: 2 });
  });
});
