// The public CONFIG_INVALID answer carries no detail; the detail is the doctor's
// `config` check at GET /v1/diagnostics (merchant key). These helpers read both.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { CONFIG_INVALID_MESSAGE } from '../../../worker/middleware/error-handler';
import type { DoctorReport } from '../../../worker/doctor/checks';
import type { ProxyEnv } from '../../../worker/env';
import worker from '../../../worker/index';
import { BASE, seenBodies } from '../helpers';

/** The public answer of a deployment whose configuration does not validate: code, no detail. */
export function expectBareConfigInvalid(body: unknown): void {
  expect(body).toEqual({
    error: {
      code: 'CONFIG_INVALID',
      message: CONFIG_INVALID_MESSAGE,
      request_id: expect.any(String),
      doc_url: expect.stringMatching(/\/docs#error-CONFIG_INVALID$/),
    },
  });
}

/** What GET /v1/diagnostics (with the deployment's merchant key) says about its configuration. */
export async function configProblems(overrides: Partial<ProxyEnv>, key?: string): Promise<string> {
  const merged = { ...env, ...overrides } as ProxyEnv;
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request(`${BASE}/v1/diagnostics`, {
      headers: { authorization: `Bearer ${key ?? merged.MERCHANT_API_KEY}` },
    }) as Request<unknown, IncomingRequestCfProperties>,
    merged,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const text = await res.text();
  seenBodies.push(text);
  expect(res.status).toBe(503);
  const report = JSON.parse(text) as DoctorReport;
  const config = report.checks.find((check) => check.id === 'config')!;
  expect(config.status).toBe('fail');
  return config.found;
}
