// MERCHANT_WEBHOOK_SECRET rotates with an overlap. During the overlap each
// webhook carries one signature by the current and one by the previous secret, so a merchant
// backend verifies with whichever it holds; after MERCHANT_WEBHOOK_SECRET_PREVIOUS_UNTIL only
// the current one signs. The receiver is the dev inbox (verifies with the development secret,
// playing a backend that still holds the previous secret), reached over real HTTP.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';
import { TaskQueue } from '../../../worker/durable/task-queue';
import { WebhookOutbox } from '../../../worker/durable/webhook-outbox';
import { devInbox } from '../../../worker/dev-inbox/inbox';
import { readRotation, webhookSecrets } from '../../../worker/secret-rotation';
import { BASE, expectNoSecrets } from '../helpers';

const NEW = `whsec_${btoa('a-new-webhook-secret-of-32-bytes')}`;

afterAll(() => expectNoSecrets([NEW]));

/** The rotation a deployment with NEW current and the development secret previous runs with. */
function rotation(untilMs: number) {
  const problems: string[] = [];
  const rotation = readRotation(
    {
      MERCHANT_WEBHOOK_SECRET: NEW,
      MERCHANT_WEBHOOK_SECRET_PREVIOUS: env.MERCHANT_WEBHOOK_SECRET,
      MERCHANT_WEBHOOK_SECRET_PREVIOUS_UNTIL: new Date(untilMs).toISOString(),
    },
    (problem) => problems.push(problem),
  );
  expect(problems).toEqual([]);
  return { rotation };
}

/** Delivers one event signed with `secrets` to the dev inbox; answers its record. */
async function deliver(name: string, secrets: string[]) {
  const stub = env.LEDGER.get(env.LEDGER.idFromName(`rotation-${name}-${Date.now()}`));
  const id = `evt_rotation_${name}_${Date.now()}`;
  const record = await runInDurableObject(stub, async (_instance, state) => {
    const tasks = new TaskQueue<'webhook'>(state.storage);
    const outbox = new WebhookOutbox(state.storage.sql, tasks);
    outbox.enqueue(id, 'checkout.succeeded', { session_id: 'cs_abcdefghijklmnopqrstuvwxyz' });
    // The object's own alarm would deliver it too, signed with the deployment's secret: only
    // this test's delivery may reach the inbox.
    tasks.cancel(`webhook:${id}`);
    await outbox.deliver(id, `${BASE}/dev/webhooks`, secrets);
    return outbox.list()[0]!;
  });
  const inbox = (await devInbox(env)!.listWebhooks()) as unknown as {
    verified: boolean;
    body: { id: string } | null;
  }[];
  return { record, received: inbox.filter((w) => w.body?.id === id) };
}

describe('webhooks during a rotation of MERCHANT_WEBHOOK_SECRET', () => {
  it('carry a signature by each secret during the overlap: a backend holding the old one verifies', async () => {
    const secrets = webhookSecrets(
      { MERCHANT_WEBHOOK_SECRET: NEW },
      rotation(Date.now() + 3_600_000),
    );
    expect(secrets).toEqual([NEW, env.MERCHANT_WEBHOOK_SECRET]);
    const { record, received } = await deliver('during', secrets);
    expect(record).toMatchObject({ status: 'delivered', last_status: 200 });
    expect(received.map((w) => w.verified)).toEqual([true]);
  });

  it('carry only the new signature after the overlap: the old secret no longer verifies', async () => {
    const secrets = webhookSecrets({ MERCHANT_WEBHOOK_SECRET: NEW }, rotation(Date.now() - 1000));
    expect(secrets).toEqual([NEW]);
    const { record, received } = await deliver('after', secrets);
    expect(record).toMatchObject({ status: 'pending', last_status: 401 });
    expect(received.map((w) => w.verified)).toEqual([false]);
  });
});
