// Issue #24, part 8: a run of refused callback signatures (5 within 10 minutes by default) logs
// one warning and turns GET /health and GET /v1/diagnostics to degraded, with the likely cause.
// Unsigned probes (the doctor's) and envelopes for another integration do not count.
import { env, exports } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';
import type { DoctorReport } from '../../../worker/doctor/checks';
import {
  BASE,
  expectNoSecrets,
  merchant,
  postCallback,
  ref,
  seenLogs,
  signedCallback,
} from '../helpers';

afterAll(() => expectNoSecrets());

async function health() {
  const res = await exports.default.fetch(new Request(`${BASE}/health`));
  return (await res.json()) as {
    integration: { status: string; last_signature_failures_at: string | null; cause?: string };
  };
}

const forged = () =>
  signedCallback(
    {
      amount: 100,
      currency: 'KES',
      payment_step: 2,
      status: 'success',
      statusCode: '000000',
      third_party_reference_1: ref('forged'),
    },
    'a-secret-the-proxy-does-not-hold',
  );

const warnings = (from: number) =>
  seenLogs.slice(from).filter((line) => line.includes('"callback_signatures_failing"'));

describe('a run of refused callback signatures', () => {
  it('logs one warning and degrades /health and /v1/diagnostics with the likely cause', async () => {
    const from = seenLogs.length;
    // Unsigned bodies and another integration's envelopes are refused but do not count.
    for (let i = 0; i < 5; i++) {
      expect((await postCallback('/hooks/collections', '{}')).status).toBe(401);
      const other = { ...(await forged()), client_id: 'another-client' };
      expect((await postCallback('/hooks/collections', other)).status).toBe(401);
    }
    expect((await health()).integration.status).toBe('ok');
    expect(warnings(from)).toEqual([]);

    // Four refused signatures: not yet a run.
    for (let i = 0; i < 4; i++) {
      expect((await postCallback('/hooks/collections', await forged())).status).toBe(401);
    }
    expect(warnings(from)).toEqual([]);
    // The fifth completes it; the sixth and seventh belong to the same run.
    for (let i = 0; i < 3; i++) {
      expect((await postCallback('/hooks/collections', await forged())).status).toBe(401);
    }
    expect(warnings(from).map((line) => JSON.parse(line))).toEqual([
      {
        level: 'warn',
        event: 'callback_signatures_failing',
        failures: 5,
        window_minutes: 10,
        likely_cause: 'the upstream key may have rotated',
      },
    ]);

    const { integration } = await health();
    expect(integration.status).toBe('degraded');
    expect(integration.cause).toMatch(/the upstream key may have rotated/);
    expect(integration.last_signature_failures_at).not.toBeNull();

    const res = await merchant('/v1/diagnostics');
    const report = (await res.json()) as DoctorReport;
    expect(report.integration).toMatchObject({ status: 'degraded' });
    expect(report.checks.find((c) => c.id === 'callback_signatures')).toMatchObject({
      status: 'warn',
      cause: expect.stringMatching(/the upstream key may have rotated/i),
    });
    expect(env.SIGNATURE_ALERT_FAILURES).toBeUndefined(); // the defaults above
  });
});
