// `npm run dev -- --forward-to <url>`. The dev stack (proxy + sandbox under
// `wrangler dev`, free ports, its own state) sends every merchant webhook to its inbox, which
// passes it on to a local Node receiver exactly as signed and answers with the receiver's
// answer. Each event arrives once, verified by the official `standardwebhooks` verifier; a
// receiver that refuses connections for a while gets each event once, with the same id, from
// the outbox's own retry once it is back; the inspector shows what the receiver said.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  devVarsValue,
  devWebhookTarget,
  startDevStack,
  type DevStack,
} from '../support/dev-stack.mjs';
import { startWebhookReceiver, type WebhookReceiver } from '../e2e/support/webhook-receiver';

const root = path.resolve(import.meta.dirname, '../..');

// What the HTTP answers carry (worker/dev-inbox/inbox.ts, worker/durable/webhook-outbox.ts;
// not imported: this file runs in Node, outside the Workers types).
interface InboxRecord {
  webhook_id: string;
  verified: boolean;
  body: unknown;
  forward: { url: string; status: number | null; error: string | null } | null;
}
interface WebhookRecord {
  id: string;
  status: string;
  tries: number;
  last_status: number | null;
  next_attempt_at: string | null;
}

/** A port nothing listens on right now (the OS's pick). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let stack: DevStack;
let receiver: WebhookReceiver | null = null;
let receiverPort: number;
let secret: string;
let apiKey: string;

async function merchant(pathname: string, init: RequestInit = {}) {
  const res = await fetch(`${stack.base}${pathname}`, {
    ...init,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** Creates a session and expires it: one `checkout.expired`, answered with its event id. */
async function expiredSession(): Promise<{ session: string; event: string }> {
  const created = await merchant('/v1/sessions', {
    method: 'POST',
    body: JSON.stringify({ amount: 1500, currency: 'KES', reference: `fwd-${Date.now()}` }),
  });
  expect(created.status).toBe(201);
  const id = String(created.json.id);
  expect((await merchant(`/v1/sessions/${id}/expire`, { method: 'POST' })).status).toBe(200);
  return { session: id, event: `evt_${id}_expired` };
}

/** The session's webhooks as the outbox records them. */
async function outbox(session: string): Promise<WebhookRecord[]> {
  const read = await merchant(`/v1/sessions/${session}`);
  return read.json.webhooks as WebhookRecord[];
}

async function inbox(): Promise<InboxRecord[]> {
  const res = await fetch(`${stack.base}/dev/webhooks`);
  return ((await res.json()) as { webhooks: InboxRecord[] }).webhooks;
}

/** Deliveries of one event at the receiver, each checked by the official verifier. */
function arrivals(event: string) {
  return (receiver?.received ?? []).filter((r) => r.headers['webhook-id'] === event);
}

/** Waits until the outbox says the event was delivered (no retry left), then counts arrivals. */
async function deliveredOnce(session: string, event: string) {
  await vi.waitFor(
    async () => {
      const hook = (await outbox(session)).find((w) => w.id === event);
      expect(hook?.status).toBe('delivered');
      expect(hook?.next_attempt_at).toBeNull();
    },
    { timeout: 30_000, interval: 250 },
  );
  const got = arrivals(event);
  expect(got).toHaveLength(1);
  const verified = new Webhook(secret).verify(got[0]!.body, got[0]!.headers) as { id: string };
  expect(verified.id).toBe(event);
  return got[0]!;
}

beforeAll(async () => {
  const devVars = path.join(root, '.dev.vars');
  const [port, inspectorPort] = [await freePort(), await freePort()];
  receiverPort = await freePort();
  const forwardTo = `http://127.0.0.1:${receiverPort}/hooks`;
  const webhooks = devWebhookTarget({ port, forwardTo, env: {}, devVarsFile: devVars });
  expect(webhooks.banner.join('\n')).toContain(`forwarded to ${forwardTo}`);
  stack = await startDevStack({ port, inspectorPort, vars: webhooks.vars });
  secret = devVarsValue('MERCHANT_WEBHOOK_SECRET', devVars);
  apiKey = devVarsValue('MERCHANT_API_KEY', devVars);
  receiver = await startWebhookReceiver({ port: receiverPort });
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await stack?.stop();
  // The run's state (a temp dir startDevStack made).
  if (stack) rmSync(stack.persistTo, { recursive: true, force: true });
});

describe('npm run dev -- --forward-to', () => {
  it('forwards each webhook once, signed as in production; the inspector shows the answer', async () => {
    const events = [await expiredSession(), await expiredSession()];
    for (const { session, event } of events) {
      const got = await deliveredOnce(session, event);
      expect(JSON.parse(got.body)).toMatchObject({ id: event, type: 'checkout.expired' });
      const seen = (await inbox()).filter((w) => w.webhook_id === event);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.verified).toBe(true);
      expect(seen[0]!.forward).toMatchObject({
        url: `http://127.0.0.1:${receiverPort}/hooks`,
        status: 200,
        error: null,
      });
      // Exactly the body the proxy signed.
      expect(JSON.stringify(seen[0]!.body)).toBe(got.body);
    }
  }, 60_000);

  it('a receiver that refuses connections gets each event once, with the same id, once it is back', async () => {
    await receiver!.close();
    receiver = null;
    const events = [await expiredSession(), await expiredSession()];
    // Down: every event's first delivery was refused, and the outbox has a retry scheduled.
    await vi.waitFor(
      async () => {
        for (const { session, event } of events) {
          const hook = (await outbox(session)).find((w) => w.id === event);
          expect(hook?.status).toBe('pending');
          expect(hook?.tries).toBeGreaterThanOrEqual(1);
          expect(hook?.last_status).toBe(502);
          expect(hook?.next_attempt_at).not.toBeNull();
        }
      },
      { timeout: 15_000, interval: 250 },
    );
    const refused = (await inbox()).filter((w) => events.some((e) => e.event === w.webhook_id));
    expect(refused.length).toBeGreaterThanOrEqual(events.length);
    for (const row of refused) {
      expect(row.forward?.status).toBeNull();
      expect(row.forward?.error).toMatch(
        /^connection refused: nothing answered at 127\.0\.0\.1:\d+/,
      );
    }

    receiver = await startWebhookReceiver({ port: receiverPort });
    for (const { session, event } of events) {
      const got = await deliveredOnce(session, event);
      expect(JSON.parse(got.body)).toMatchObject({ id: event, type: 'checkout.expired' });
    }
    const answered = (await inbox()).filter(
      (w) => events.some((e) => e.event === w.webhook_id) && w.forward?.status === 200,
    );
    expect(answered.map((w) => w.webhook_id).sort()).toEqual(events.map((e) => e.event).sort());
  }, 90_000);

  // The Node example (examples/node, README "The client and verifier in your backend"),
  // compiled and run by plain `node` as documented, takes the receiver's place: it creates a
  // session with the typed client, the session is paid from a script, and the example verifies
  // the checkout.succeeded it is forwarded.
  it('runs examples/node on this Node: create, pay, a verified webhook', async () => {
    await receiver?.close();
    receiver = null;
    for (const project of [
      'tsconfig.lib.json',
      'tsconfig.client.json',
      'examples/node/tsconfig.build.json',
    ]) {
      const tsc = spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['-p', project], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
    }
    const example = spawn(process.execPath, [path.join(root, 'examples/node/dist/server.js')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(receiverPort),
        WEBHOOK_PATH: '/hooks',
        UC_BASE_URL: stack.base,
        MERCHANT_API_KEY: apiKey,
        MERCHANT_WEBHOOK_SECRET: secret,
      },
    });
    let output = '';
    example.stdout.on('data', (d) => (output += d));
    example.stderr.on('data', (d) => (output += d));
    try {
      const page = await vi.waitFor(
        async () => {
          const res = await fetch(`http://127.0.0.1:${receiverPort}/`);
          expect(res.status).toBe(200);
          return res.text();
        },
        { timeout: 10_000, interval: 100 },
      );
      const id = /session="(cs_\w+)"/.exec(page)?.[1];
      const reference = /<h1>Order (order-\d+):/.exec(page)?.[1];
      expect(id && reference, page).toBeTruthy();
      const paid = await fetch(`${stack.base}/sandbox/control/sessions/${id}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"outcome":"success"}',
      });
      expect(paid.status).toBe(201);
      await vi.waitFor(() => expect(output).toContain(`paid: ${reference} (1500 KES)`), {
        timeout: 20_000,
        interval: 100,
      });
      const seen = (await inbox()).filter((w) => w.webhook_id === `evt_${id}_succeeded`);
      expect(seen.map((w) => [w.verified, w.forward?.status])).toEqual([[true, 204]]);
    } finally {
      example.kill();
    }
  }, 60_000);
});
