/**
 * The merchant webhook check: MERCHANT_WEBHOOK_URL answers and verifies signatures.
 * @module
 */
import type { Config } from '../config';
import { probeUrl } from './probe';
import { check, type DoctorCheck } from './report';

/** Checks MERCHANT_WEBHOOK_URL answers, and refuses an unsigned probe. */
export async function webhookCheck(config: Config): Promise<DoctorCheck> {
  const url = config.merchantWebhookUrl;
  const https = new URL(url).protocol === 'https:';
  const probe = await probeUrl(url, JSON.stringify({ type: 'doctor.probe' }), {
    'webhook-id': `probe_${crypto.randomUUID()}`,
  });
  if (probe.status === null) {
    return check(
      'merchant_webhook',
      'fail',
      `POST ${url} got no answer (${probe.error}).`,
      'The webhook endpoint is down, the host is wrong, or it takes longer than 8 s.',
      'Check MERCHANT_WEBHOOK_URL and that your backend is reachable from the internet.',
    );
  }
  if (probe.status === 404 || probe.status === 405 || probe.status >= 500) {
    return check(
      'merchant_webhook',
      'fail',
      `POST ${url} answered HTTP ${probe.status}.`,
      probe.status >= 500
        ? 'Your webhook handler fails.'
        : 'There is no POST handler at that path.',
      'Point MERCHANT_WEBHOOK_URL at the POST route that verifies our webhooks (unified-checkout/webhooks).',
    );
  }
  if (probe.status >= 200 && probe.status < 300) {
    return check(
      'merchant_webhook',
      'warn',
      `POST ${url} accepted an unsigned probe (HTTP ${probe.status}).`,
      'The endpoint does not verify webhook signatures: anyone could forge a payment notice.',
      'Verify every webhook with verifyWebhook from unified-checkout/webhooks and MERCHANT_WEBHOOK_SECRET.',
    );
  }
  const plain = !https && !config.devMode;
  return check(
    'merchant_webhook',
    plain ? 'warn' : 'pass',
    `POST ${url} answered HTTP ${probe.status} to an unsigned probe (refused, as it should).`,
    plain ? 'The webhook URL is http: webhooks would cross the internet unencrypted.' : undefined,
    plain ? 'Use an https MERCHANT_WEBHOOK_URL.' : undefined,
  );
}
