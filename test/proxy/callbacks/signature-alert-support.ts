// Helpers of the signature alert's suites (signature-alert*.test.ts): /health as the public sees
// it, forged callbacks (signed with a secret the proxy does not hold), refusals from chosen
// addresses, and the alert's warning lines.
import { exports } from 'cloudflare:workers';
import type { DoctorReport } from '../../../worker/doctor/checks';
import { BASE, merchant, postCallback, ref, seenLogs, signedCallback } from '../helpers';

/** GET /health's `integration`. */
export async function health() {
  const res = await exports.default.fetch(new Request(`${BASE}/health`));
  const body = (await res.json()) as {
    integration: {
      status: string;
      last_signature_failures_at: string | null;
      last_signature_failures_kind: string | null;
      cause?: string;
    };
  };
  return body.integration;
}

/** The doctor's `callback_signatures` check (GET /v1/diagnostics). */
export async function signatureCheck() {
  const report = (await (await merchant('/v1/diagnostics')).json()) as DoctorReport;
  return report.checks.find((c) => c.id === 'callback_signatures')!;
}

/** A callback for our integration, signed with a secret the proxy does not hold. */
export const forged = () =>
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

/** Posts `envelope` to /hooks/collections from `address` (its CF-Connecting-IP). */
export function postFrom(address: string, envelope: unknown) {
  return postCallback('/hooks/collections', envelope, { 'cf-connecting-ip': address });
}

/** The alert's warnings logged since line `from` of `seenLogs`, parsed. */
export const warnings = (from: number) =>
  seenLogs
    .slice(from)
    .filter((line) => line.includes('"callback_signatures_failing"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
