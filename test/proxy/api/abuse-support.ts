// Shared setup of the abuse suites (abuse.test.ts, abuse-keys-headers.test.ts): the real Worker
// with some vars changed, error codes, a Kenya success attempt.
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import type { ProxyEnv } from '../../../worker/env';
import worker from '../../../worker/index';
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
