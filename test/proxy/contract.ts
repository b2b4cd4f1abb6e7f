// The OpenAPI contract from inside workerd: each response and webhook goes to the Node-side
// validator (test/support/openapi-contract.ts, bound as OPENAPI_CONTRACT in vitest.config.ts).
// Responses are kept and sent in one batch after each test (a test's timing stays as it was);
// the setup file (test/proxy/setup/openapi-contract.ts) fails the test on any drift.
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';

function contract(): Fetcher | undefined {
  return (env as unknown as { OPENAPI_CONTRACT?: Fetcher }).OPENAPI_CONTRACT;
}

async function problemsOf(kind: 'responses' | 'webhook', payload: unknown): Promise<string[]> {
  const binding = contract();
  if (!binding) return [];
  const res = await binding.fetch(`http://contract/${kind}`, {
    method: 'POST',
    body: JSON.stringify(payload),
  });
  return ((await res.json()) as { problems: string[] }).problems;
}

/** Responses not yet checked. */
const pending: unknown[] = [];

/** Keeps a response of the merchant or checkout API, to be checked after the test. */
export function noteResponse(request: Request, response: Response, body: string): void {
  pending.push({
    method: request.method,
    url: request.url,
    status: response.status,
    contentType: response.headers.get('content-type'),
    body,
  });
}

/** Fails the test when a response it received drifted from the document (one batch per test). */
export async function expectResponsesConform(): Promise<void> {
  if (pending.length === 0) return;
  const problems = await problemsOf('responses', pending.splice(0));
  expect(problems, 'a response drifted from the OpenAPI document (worker/openapi/)').toEqual([]);
}

/** Fails the test when a merchant webhook drifts from its `webhooks` entry. */
export async function expectWebhookContract(body: unknown): Promise<void> {
  const problems = await problemsOf('webhook', { body });
  expect(problems, 'the webhook drifted from the OpenAPI document (worker/openapi/)').toEqual([]);
}

/** Builds the document on the Node side now, before any test's clock runs (once per process). */
export async function warmContract(): Promise<void> {
  await problemsOf('responses', []);
}
