// The signature alert cannot be spoofed into "the key may have rotated": `client_id` is a plain
// var, so anyone can post an envelope that names it. Refusals count only from the addresses of
// CALLBACK_SOURCE_IPS when that is set, one per address a minute; a run of refusals without a
// plausible signature (64 hex digits) is reported as unsigned probes, with nothing to rotate.
// One flow: the health object's marks last for the file.
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoSecrets, seenLogs } from '../helpers';
import { proxyWith } from '../api/abuse-support';
import { forged, health, postFrom, signatureCheck, warnings } from './signature-alert-support';

afterAll(() => expectNoSecrets());

/** Our client id and sender with a signature that is not one (the spoof). */
const probe = async () => ({ ...(await forged()), signature: 'x' });

describe('the signature alert against spoofed refusals', () => {
  it('counts listed addresses only, one a minute each, and names unsigned probes', async () => {
    const from = seenLogs.length;
    // CALLBACK_SOURCE_IPS set: refusals from other addresses are refused before their body is
    // read, and count for nothing.
    for (let i = 1; i <= 6; i++) {
      const res = await proxyWith({ CALLBACK_SOURCE_IPS: '203.0.113.50' }, '/hooks/collections', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': `192.0.2.${i}` },
        body: JSON.stringify(await forged()),
      });
      expect(res.status).toBe(403);
    }
    expect((await health()).status).toBe('ok');

    // One address, many refusals: it counts once a minute, so it never makes a run alone.
    for (let i = 0; i < 7; i++) {
      expect((await postFrom('203.0.113.9', await probe())).status).toBe(401);
    }
    expect(await health()).toMatchObject({ status: 'ok', last_signature_failures_at: null });
    expect(warnings(from)).toEqual([]);

    // Four more addresses: a run of five, none with a plausible signature.
    for (let i = 1; i <= 4; i++) {
      expect((await postFrom(`2001:db8:${i}::1`, await probe())).status).toBe(401);
    }
    expect(warnings(from).map((w) => w.likely_cause)).toEqual([
      'unsigned probes: no refusal carried a plausible signature',
    ]);
    const probed = await health();
    expect(probed).toMatchObject({
      status: 'degraded',
      last_signature_failures_kind: 'unsigned_probes',
    });
    expect(probed.cause).toMatch(/^Unsigned probes/);
    expect(probed.cause).not.toMatch(/may have rotated/);
    const check = await signatureCheck();
    expect(check).toMatchObject({
      status: 'warn',
      cause: expect.stringMatching(/^Unsigned probes/),
    });
    expect(check.fix).toMatch(/Do not rotate/);

    // A refused envelope with a real-looking signature joins the run: now the key may have
    // rotated, and that is said once.
    expect((await postFrom('198.51.100.77', await forged())).status).toBe(401);
    expect(warnings(from).map((w) => w.likely_cause)).toEqual([
      'unsigned probes: no refusal carried a plausible signature',
      'the upstream key may have rotated',
    ]);
    expect(await health()).toMatchObject({
      status: 'degraded',
      last_signature_failures_kind: 'signatures',
      cause: expect.stringMatching(/the upstream key may have rotated/),
    });
  });
});
