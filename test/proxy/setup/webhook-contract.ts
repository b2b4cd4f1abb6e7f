// Setup file of the proxy projects: after each test file, every merchant webhook the dev
// receiver got in that file is validated against its `webhooks` entry of the OpenAPI document
// (test/proxy/contract.ts).
import { exports } from 'cloudflare:workers';
import { afterAll } from 'vitest';
import { expectWebhookContract } from '../contract';

/** The session id of the hand-made events the delivery tests queue (not real payloads). */
export const SYNTHETIC_SESSION = 'cs_abcdefghijklmnopqrstuvwxyz';

afterAll(async () => {
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
