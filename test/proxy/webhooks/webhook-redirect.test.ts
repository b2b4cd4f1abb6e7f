// A merchant webhook is never re-POSTed to where a redirect points (the body
// is signed and carries payers' data). A 307 from the merchant's endpoint is a failed delivery
// whose reason in the deliveries list says so; the redirect's target never receives it.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';
import { devInbox } from '../../../worker/dev-inbox/inbox';
import { TaskQueue } from '../../../worker/durable/task-queue';
import { WebhookOutbox } from '../../../worker/durable/webhook-outbox';
import { BASE, expectNoSecrets } from '../helpers';

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
