// Setup file of the proxy projects: the OpenAPI contract (test/proxy/contract.ts). Before each
// test file, the document is built on the Node side; after each test, every response it got
// through the helpers must have conformed; after the file, every merchant webhook the dev
// receiver verified is validated against its `webhooks` entry.
import { exports } from 'cloudflare:workers';
import { afterAll, afterEach } from 'vitest';
import { expectResponsesConform, expectWebhookContract, warmContract } from '../contract';

/** The session id of the hand-made events the delivery tests queue (not real payloads). */
export const SYNTHETIC_SESSION = 'cs_abcdefghijklmnopqrstuvwxyz';

await warmContract();

afterEach(expectResponsesConform);

afterAll(async () => {
  await expectResponsesConform(); // those of the file's own beforeAll and afterAll hooks
  const res = await exports.default.fetch(new Request('http://127.0.0.1:8787/dev/webhooks'));
  if (res.status !== 200) return void (await res.body?.cancel());
  const { webhooks } = (await res.json()) as { webhooks: { verified: boolean; body: unknown }[] };
  // Unverified bodies are not our webhooks (e.g. the doctor's unsigned probe, meant to be refused).
  for (const { verified, body } of webhooks) {
    const data = (body as { data?: { session_id?: unknown } } | null)?.data;
    if (!verified || typeof body !== 'object' || data?.session_id === SYNTHETIC_SESSION) continue;
    await expectWebhookContract(body);
  }
});
