// Helpers of the webhook endpoints' suites: endpoints through the merchant API, events queued
// in a scratch object's real outbox, alarms drained until nothing webhook-related is due, and
// what reached each endpoint's address (recorded at the delivery's fetch, which still goes
// over HTTP to the proxy's /dev/webhooks/status/:code receiver).
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, afterEach, expect } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { TaskQueue } from '../../../worker/durable/task-queue';
import { WebhookOutbox, type WebhookType } from '../../../worker/durable/webhook-outbox';
import { IndexOutbox } from '../../../worker/index-store/index-outbox';
import { eventSummary } from '../../../worker/index-store/event-summary';
import { REGISTRY_NAME } from '../../../worker/webhook-endpoints/directory';
import { BASE, expectNoSecrets, merchant, seenLogs } from '../helpers';

/** One POST the proxy made to an endpoint address. */
export interface Sent {
  url: string;
  headers: Record<string, string>;
  body: string;
  id: string;
  type: string;
}

/** Every webhook POSTed to a /dev/webhooks/status/… address, in order. */
export const sent: Sent[] = [];

const realFetch = globalThis.fetch;
globalThis.fetch = async function recordingFetch(input: RequestInfo | URL, init?: RequestInit) {
  const request = new Request(input, init);
  if (request.method === 'POST' && new URL(request.url).pathname.startsWith('/dev/webhooks/')) {
    const body = await request.clone().text();
    const parsed = JSON.parse(body) as { id: string; type: string };
    sent.push({
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body,
      id: parsed.id,
      type: parsed.type,
    });
  }
  return realFetch(request);
};

/** Every signing secret a test was given (swept from the logs at the end). */
export const givenSecrets: string[] = [];

/** An address of the test receiver answering `code`, unique per `name`. */
export function receiver(name: string, code = 200): string {
  return `${BASE}/dev/webhooks/status/${code}?endpoint=${name}-${crypto.randomUUID()}`;
}

/** Creates an endpoint; answers it with its secret. */
export async function createEndpoint(body: Record<string, unknown>) {
  const res = await merchant('/v1/webhook-endpoints', {
    method: 'POST',
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const created = (await res.json()) as { id: string; secret: string; url: string };
  givenSecrets.push(created.secret);
  return created;
}

/** Deletes every endpoint (each test starts with none). */
export async function deleteAllEndpoints(): Promise<void> {
  const list = (await (await merchant('/v1/webhook-endpoints')).json()) as {
    data: { id: string }[];
  };
  for (const endpoint of list.data) {
    await merchant(`/v1/webhook-endpoints/${endpoint.id}`, { method: 'DELETE' });
  }
}

/** The registry object. */
export function registryStub() {
  return env.WEBHOOK_ENDPOINTS.get(env.WEBHOOK_ENDPOINTS.idFromName(REGISTRY_NAME));
}

/** A fresh object whose outbox queues the test's events (a Ledger: its alarm delivers). */
export function scratchObject() {
  return env.LEDGER.get(env.LEDGER.idFromName(`endpoints-${crypto.randomUUID()}`));
}

/** One event to queue. */
export interface TestEvent {
  id: string;
  type: string;
  data?: Record<string, unknown>;
}

let counter = 0;
/** A unique event id. */
export function eventId(name: string): string {
  counter += 1;
  return `evt_test_${name}_${Date.now().toString(36)}_${counter}`;
}

/**
 * Queues the events in `stub`'s outbox (as its transitions would) and drains its alarm. With
 * `zero: false` endpoint zero's deliveries are cancelled (only the endpoints get them).
 */
export async function emit(
  stub: DurableObjectStub,
  events: TestEvent[],
  options: { zero?: boolean } = {},
): Promise<void> {
  await runInDurableObject(stub, (_instance, state) => {
    const tasks = new TaskQueue<'webhook'>(state.storage);
    const index = new IndexOutbox(state.storage.sql, tasks);
    const outbox = new WebhookOutbox(state.storage.sql, tasks, (event) =>
      index.stageEvent(eventSummary(event)),
    );
    for (const event of events) {
      outbox.enqueue(event.id, event.type as WebhookType, {
        session_id: 'cs_abcdefghijklmnopqrstuvwxyz',
        ...event.data,
      });
      if (options.zero === false) tasks.cancel(`webhook:${event.id}`);
    }
  });
  await drain(stub);
}

/**
 * Runs the object's alarm while a webhook or index task is due (index writes made due at once);
 * tasks scheduled later (retries) are left alone.
 */
export async function drain(stub: DurableObjectStub): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    const due = await runInDurableObject(stub, (_instance, state) => {
      const has = state.storage.sql
        .exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'tasks'")
        .toArray().length;
      if (!has) return 0;
      state.storage.sql.exec("UPDATE tasks SET due_at = ? WHERE kind = 'index'", Date.now() - 1);
      return state.storage.sql
        .exec(
          "SELECT key FROM tasks WHERE kind IN ('webhook', 'index') AND due_at <= ?",
          Date.now(),
        )
        .toArray().length;
    });
    if (due === 0) return;
    await runDurableObjectAlarm(stub);
  }
  throw new Error('tasks still due after 20 alarms');
}

/** What reached the endpoint at `url`, verified with the official Standard Webhooks verifier. */
export function receivedBy(url: string, secret: string): { id: string; type: string }[] {
  const verifier = new Webhook(secret);
  return sent
    .filter((s) => s.url === url)
    .map((s) => {
      verifier.verify(s.body, s.headers);
      return { id: s.id, type: s.type };
    });
}

/** The `v1,` signatures of a sent webhook. */
export function signaturesOf(s: Sent): string[] {
  return s.headers['webhook-signature']!.split(' ');
}

/** The per-endpoint rows of an object's outbox. */
export function targetRows(stub: DurableObjectStub) {
  return runInDurableObject(stub, (_instance, state) =>
    state.storage.sql
      .exec<{
        event_id: string;
        endpoint_id: string;
        status: string;
        tries: number;
        next_at: number | null;
      }>('SELECT event_id, endpoint_id, status, tries, next_at FROM outbox_targets')
      .toArray(),
  );
}

/** A sub-merchant id of the endpoint suites (endpoints.test.ts, endpoint-deliveries.test.ts). */
export const SUB = '5b0e3f9c-6f2a-4c1e-9d57-2f1f1a7c0b11';
/** One day in milliseconds. */
export const DAY = 86_400_000;

/**
 * Registers an endpoints file's hooks: every endpoint deleted after each test; after the last,
 * no secret in any log line, and each endpoint secret answered once, to its creator, never
 * logged.
 */
export function endpointFileHooks(): void {
  afterEach(() => deleteAllEndpoints());
  afterAll(() => {
    expectNoSecrets();
    // A secret is answered once, to its creator; never in a log line.
    for (const secret of givenSecrets) {
      expect(seenLogs.filter((line) => line.includes(secret))).toEqual([]);
    }
  });
}
