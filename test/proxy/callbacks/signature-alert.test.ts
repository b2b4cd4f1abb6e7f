// A run of refused callback signatures (5 within 10 minutes by default) logs
// one warning and turns GET /health and GET /v1/diagnostics to degraded, with the likely cause.
// Unsigned probes (the doctor's) and envelopes for another integration do not count; each
// refusal here comes from its own address (one address counts once a minute:
// signature-alert-probes.test.ts).
import { env } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';
import type { DoctorReport } from '../../../worker/doctor/checks';
import { expectNoSecrets, merchant, postCallback, seenLogs } from '../helpers';
import { forged, health, postFrom, warnings } from './signature-alert-support';

afterAll(() => expectNoSecrets());

let senders = 0;
/** Posts a forged callback from an address no earlier refusal came from. */
const postForged = async () => postFrom(`198.51.100.${++senders}`, await forged());

describe('a run of refused callback signatures', () => {
  it('logs one warning and degrades /health and /v1/diagnostics with the likely cause', async () => {
    const from = seenLogs.length;
    // Unsigned bodies and another integration's envelopes are refused but do not count.
    for (let i = 0; i < 5; i++) {
      expect((await postCallback('/hooks/collections', '{}')).status).toBe(401);
      const other = { ...(await forged()), client_id: 'another-client' };
      expect((await postCallback('/hooks/collections', other)).status).toBe(401);
    }
    expect((await health()).status).toBe('ok');
    expect(warnings(from)).toEqual([]);

    // Four refused signatures: not yet a run.
    for (let i = 0; i < 4; i++) expect((await postForged()).status).toBe(401);
    expect(warnings(from)).toEqual([]);
    // The fifth completes it; the sixth and seventh belong to the same run.
    for (let i = 0; i < 3; i++) expect((await postForged()).status).toBe(401);
    expect(warnings(from)).toEqual([
      {
        level: 'warn',
        event: 'callback_signatures_failing',
        failures: 5,
        window_minutes: 10,
        likely_cause: 'the upstream key may have rotated',
      },
    ]);

    const integration = await health();
    expect(integration.status).toBe('degraded');
    expect(integration.cause).toMatch(/the upstream key may have rotated/);
    expect(integration.last_signature_failures_at).not.toBeNull();
    expect(integration.last_signature_failures_kind).toBe('signatures');

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
