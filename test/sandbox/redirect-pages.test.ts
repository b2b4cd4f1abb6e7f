// Redirect methods (redirect wallet, bank EFT, bank ID): the authorization_url is a sandbox page
// with Approve and Decline as plain HTML form POSTs (no script; strict CSP), links built from
// SANDBOX_PUBLIC_URL; each button sends the payer to successful_url / failure_url (303) and the
// callback to the merchant.
import { describe, expect, it } from 'vitest';
import { call, PATHS, receiver, signedPost } from './client/client';
import { collectionParams, countryOf, methodOf } from './client/fixtures';

const PUBLIC_URL = 'http://127.0.0.1:8787/sandbox';
const METHODS = [
  { country: 3, kind: 'redirect_wallet' },
  { country: 9, kind: 'redirect_wallet' },
  { country: 15, kind: 'bank_eft' },
  { country: 15, kind: 'bank_id' },
] as const;

async function startRedirect(countryId: number, kind: (typeof METHODS)[number]['kind']) {
  const hook = receiver();
  const params = collectionParams(countryOf(countryId), methodOf(countryId, kind), hook.url, {
    successful_url: 'https://shop.example/return/ok?order=42',
    failure_url: 'https://shop.example/return/ko',
  });
  const created = await signedPost(PATHS.collections, params);
  expect(created.status).toBe(200);
  expect(created.body.data.payment_step).toBe(1);
  const url = created.body.data.authorization_url as string;
  expect(url.startsWith(`${PUBLIC_URL}/pay/`)).toBe(true);
  return { hook, ref: created.body.data.depositId as string, path: url.slice(PUBLIC_URL.length) };
}

describe('authorization page', () => {
  it('renders Approve and Decline forms posting to the public URL, without any script', async () => {
    const { ref, path } = await startRedirect(9, 'redirect_wallet');
    const page = await call('GET', path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain(`<form method="post" action="${PUBLIC_URL}/pay/${ref}/approve">`);
    expect(page.text).toContain(`<form method="post" action="${PUBLIC_URL}/pay/${ref}/decline">`);
    expect(page.text).toMatch(/>\s*Approve\s*</);
    expect(page.text).toMatch(/>\s*Decline\s*</);
    expect(page.text).toContain(`href="${PUBLIC_URL}/assets/sandbox.css"`);
    expect(page.text).toContain('1500 XOF');
    expect(page.text).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('style-src http://127.0.0.1:8787');
    expect(csp).toContain('form-action http://127.0.0.1:8787 https://shop.example');
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
  });

  it('serves its stylesheet', async () => {
    const css = await call('GET', '/assets/sandbox.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('escapes what the merchant sent', async () => {
    const hook = receiver();
    const params = collectionParams(countryOf(15), methodOf(15, 'bank_eft'), hook.url, {
      name: '<script>alert(1)</script>',
    });
    const created = await signedPost(PATHS.collections, params);
    const page = await call(
      'GET',
      (created.body.data.authorization_url as string).slice(PUBLIC_URL.length),
    );
    expect(page.text).not.toContain('<script>');
    expect(page.text).toContain('&lt;script&gt;');
  });

  it('an unknown or non-redirect payment has no page (404)', async () => {
    expect((await call('GET', '/pay/SBX-NOPE')).status).toBe(404);
  });
});

describe('approve and decline', () => {
  for (const { country, kind } of METHODS) {
    it(`${kind} (country ${country}): Approve → 303 successful_url + success callback`, async () => {
      const { hook, ref, path } = await startRedirect(country, kind);
      const approved = await call('POST', `${path}/approve`);
      expect(approved.status).toBe(303);
      expect(approved.headers.get('location')).toBe('https://shop.example/return/ok?order=42');
      const [callback] = await hook.waitFor(1);
      expect(callback!.body.params).toMatchObject({
        reference: ref,
        payment_step: 2,
        status: 'success',
        statusCode: '000000',
      });
    });

    it(`${kind} (country ${country}): Decline → 303 failure_url + failed callback`, async () => {
      const { hook, ref, path } = await startRedirect(country, kind);
      const declined = await call('POST', `${path}/decline`);
      expect(declined.status).toBe(303);
      expect(declined.headers.get('location')).toBe('https://shop.example/return/ko');
      const [callback] = await hook.waitFor(1);
      expect(callback!.body.params).toMatchObject({
        reference: ref,
        status: 'failed',
        statusCode: '000005',
        failureReason: { failureCode: 'PM-003' },
      });
    });
  }

  it('a second click repeats the redirect; the other button is refused; one callback only', async () => {
    const { hook, path } = await startRedirect(3, 'redirect_wallet');
    expect((await call('POST', `${path}/approve`)).status).toBe(303);
    expect((await call('POST', `${path}/approve`)).headers.get('location')).toBe(
      'https://shop.example/return/ok?order=42',
    );
    const other = await call('POST', `${path}/decline`);
    expect(other.status).toBe(409);
    expect(other.text).toContain('already success');
    const page = await call('GET', path);
    expect(page.status).toBe(409);
    expect(page.text).toContain('already approved');
    await hook.waitFor(1);
    expect(await hook.calls()).toHaveLength(1);
  });
});
