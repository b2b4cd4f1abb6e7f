// Shared setup of the abuse suites (abuse.test.ts, abuse-keys-headers.test.ts): the real Worker
// with some vars changed, error codes, a Kenya success attempt.
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import type { ProxyEnv } from '../../../worker/env';
import worker from '../../../worker/index';
import { signEnvelope } from '../../../shared/signing';
import { BASE, seenBodies } from '../helpers';

/** The real Worker with some vars changed (a fresh env object, so config is re-validated). */
export async function proxyWith(
  vars: Partial<Record<keyof ProxyEnv, string>>,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch!(
    new Request(BASE + path, init) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...vars } as ProxyEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  seenBodies.push(await response.clone().text());
  return response;
}

/** POSTs `params` to `path` of the Worker with `vars`, as a callback signed with the dev secret
 * `offsetSeconds` from now (a sender whose clock is off). */
export async function postSignedAt(
  vars: Partial<Record<keyof ProxyEnv, string>>,
  path: string,
  params: Record<string, unknown>,
  offsetSeconds: number,
): Promise<Response> {
  const body = await signEnvelope(
    params,
    { clientId: 'test-client', sender: 'Test Shop', secretKey: 'test-secret' },
    Date.now() + offsetSeconds * 1000,
  );
  return proxyWith(vars, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export async function errorCode(res: Response): Promise<string | undefined> {
  return ((await res.clone().json()) as { error?: { code?: string } }).error?.code;
}

export const kenyaSuccess = (reference: string) => ({
  amount: 1500,
  depositId: `DP-${reference}`,
  mobile: '254712345000',
  payment_step: 2,
  reference: `TX-${reference}`,
  status: 'success',
  statusCode: '000000',
  third_party_reference_1: reference,
});
