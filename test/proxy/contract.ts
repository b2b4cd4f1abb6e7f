// The OpenAPI contract from inside workerd: each response and webhook goes to the Node-side
// validator (test/support/openapi-contract.ts, bound as OPENAPI_CONTRACT in vitest.config.ts).
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';

function contract(): Fetcher | undefined {
  return (env as unknown as { OPENAPI_CONTRACT?: Fetcher }).OPENAPI_CONTRACT;
}

async function problemsOf(kind: 'response' | 'webhook', payload: unknown): Promise<string[]> {
  const binding = contract();
  if (!binding) return [];
  const res = await binding.fetch(`http://contract/${kind}`, {
    method: 'POST',
    body: JSON.stringify(payload),
  });
  return ((await res.json()) as { problems: string[] }).problems;
}

/** Fails the test when a response of the merchant or checkout API drifts from the document. */
export async function expectResponseContract(
  request: Request,
  response: Response,
  body: string,
): Promise<void> {
  const problems = await problemsOf('response', {
    method: request.method,
    url: request.url,
    status: response.status,
    contentType: response.headers.get('content-type'),
    body,
  });
  expect(problems, 'the response drifted from the OpenAPI document (worker/openapi/)').toEqual([]);
}

/** Fails the test when a merchant webhook drifts from its `webhooks` entry. */
export async function expectWebhookContract(body: unknown): Promise<void> {
  const problems = await problemsOf('webhook', { body });
  expect(problems, 'the webhook drifted from the OpenAPI document (worker/openapi/)').toEqual([]);
}

/** Builds the document on the Node side now, before any test's clock runs (once per process). */
export async function warmContract(): Promise<void> {
  await problemsOf('response', { method: 'GET', url: 'http://warm.up/', status: 200, body: '' });
}
