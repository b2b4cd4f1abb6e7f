// Shared setup of the bad-input suite (bad-input.test.ts): sending one case as raw bytes, the
// corpus files and their bytes, and what a refusal looks like.
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { expect } from 'vitest';
import { isErrorBody } from '../../../shared/errors';
import { signEnvelope } from '../../../shared/signing';
import worker from '../../../worker/dev-worker';
import attemptsFile from '../../fixtures/bad-input/attempts.json';
import callbacksFile from '../../fixtures/bad-input/callbacks.json';
import contentTypesFile from '../../fixtures/bad-input/content-types.json';
import hostileShapesFile from '../../fixtures/bad-input/hostile-shapes.json';
import jsonSyntaxFile from '../../fixtures/bad-input/json-syntax.json';
import otpFile from '../../fixtures/bad-input/otp.json';
import paymentLinksFile from '../../fixtures/bad-input/payment-links.json';
import payoutsFile from '../../fixtures/bad-input/payouts.json';
import sessionsFile from '../../fixtures/bad-input/sessions.json';
import { BASE, seenBodies } from '../helpers';

/** Fuzzed requests (fast-check runs). */
export const FUZZ_RUNS = 120;

export interface Sent {
  status: number;
  contentType: string | null;
  text: string;
}

/**
 * Sends raw bytes (no automatic Content-Type) to the real proxy: its Worker handler is called
 * with the test env, as the runtime calls it. (Going through `exports.default.fetch` costs a
 * little more with every request of a file — about 0.1 ms each in this pool — which a corpus
 * of about a thousand requests cannot afford.)
 */
export async function send(
  method: string,
  path: string,
  body: Uint8Array | ReadableStream | null,
  headers: Record<string, string>,
): Promise<Sent> {
  const ctx = createExecutionContext();
  const request = new Request(BASE + path, { method, headers, body });
  const res = await worker.fetch!(
    request as Request<unknown, IncomingRequestCfProperties>,
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const text = await res.text();
  seenBodies.push(text);
  return { status: res.status, contentType: res.headers.get('content-type'), text };
}

export function headersFor(merchant: boolean, contentType: string | null | undefined) {
  const headers: Record<string, string> = {};
  if (merchant) headers.authorization = `Bearer ${env.MERCHANT_API_KEY}`;
  if (contentType !== null) headers['content-type'] = contentType ?? 'application/json';
  return headers;
}

/** The bytes of a corpus case for a route. */
export async function bodyOf(
  file: BadInputFile,
  c: BadInputCase,
  route: string,
): Promise<Uint8Array> {
  if (c.body_base64 !== undefined) {
    return Uint8Array.from(atob(c.body_base64), (ch) => ch.charCodeAt(0));
  }
  if (c.body !== undefined) return new TextEncoder().encode(c.body);
  let json: unknown = c.json;
  if (json === undefined) {
    const value: Record<string, unknown> = { ...file.base, ...c.set };
    for (const key of c.unset ?? []) delete value[key];
    json = value;
    if (route.startsWith('hooks-')) {
      const credentials = {
        clientId: 'test-client',
        sender: 'Test Shop',
        secretKey: 'test-secret',
      };
      const envelope = await signEnvelope(value, credentials);
      json = c.signed ? envelope : { ...envelope, signature: '0'.repeat(64) };
    }
  }
  return new TextEncoder().encode(JSON.stringify(json));
}

/** Checks one answer: a 4xx in the error shape (or what the case expects). */
export function expectRefused(
  sent: Sent,
  what: string,
  expected?: { status?: number; code?: string },
) {
  expect(sent.status, `${what}: ${sent.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(sent.status, what).toBeLessThan(500);
  if (expected?.status !== undefined) expect(sent.status, what).toBe(expected.status);
  expect(sent.contentType, what).toMatch(/^application\/json/);
  const body: unknown = JSON.parse(sent.text);
  expect(isErrorBody(body), what).toBe(true);
  if (expected?.code !== undefined) {
    expect((body as { error: { code: string } }).error.code, what).toBe(expected.code);
  }
}

export const BODY_FILES: BadInputFile[] = [
  jsonSyntaxFile,
  hostileShapesFile,
  contentTypesFile,
  sessionsFile,
  attemptsFile,
  otpFile,
  payoutsFile,
  paymentLinksFile,
  callbacksFile,
];
