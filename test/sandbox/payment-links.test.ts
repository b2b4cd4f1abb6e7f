// Payment links: create (prefill fields, logo limit, country table), the hosted sandbox
// checkout page, paying on it (callback to the link's callback_url), and the list.
import { describe, expect, it } from 'vitest';
import { call, CREDENTIALS, MESSAGES, PATHS, receiver, signedPost } from './client/client';

const PUBLIC_URL = 'http://127.0.0.1:8787/sandbox';

function linkParams(callbackUrl: string, extra: Record<string, unknown> = {}) {
  return {
    business_name: 'Corner Shop',
    item_name: 'Poster A2',
    callback_url: callbackUrl,
    redirection_url: 'https://shop.example/thanks',
    currency: 'KES',
    amount: 1200,
    country_id: 1,
    first_name: 'Amina',
    last_name: 'Wanjiru',
    email: 'amina@example.com',
    phone: '254712345000',
    ...extra,
  };
}

async function createLink(extra: Record<string, unknown> = {}) {
  const hook = receiver();
  const created = await signedPost(PATHS.linkCreate, linkParams(hook.url, extra));
  expect(created.status, created.headers.get('x-sandbox-reason') ?? '').toBe(200);
  return { hook, link: created.body.data, created };
}

async function token(): Promise<string> {
  const got = await call('POST', PATHS.token, {
    client_id: CREDENTIALS.clientId,
    secret_key: CREDENTIALS.secret,
  });
  return got.body.data.token;
}

/** base64 text decoding to `bytes` bytes. */
function base64OfSize(bytes: number): string {
  return btoa('\u00ff'.repeat(bytes));
}

describe('create', () => {
  it('answers success with the link record and its hosted page URL', async () => {
    const { created, link } = await createLink();
    expect(created.body.success).toBe(true);
    expect(created.body.message).toBe('Payment link created successfully.');
    expect(link).toMatchObject({
      business_name: 'Corner Shop',
      item_name: 'Poster A2',
      amount: 1200,
      currency: 'KES',
      country_id: 1,
      first_name: 'Amina',
      last_name: 'Wanjiru',
      email: 'amina@example.com',
      phone: '254712345000',
      status: 'active',
      has_logo: false,
    });
    expect(link.id).toMatch(/^PL-/);
    expect(link.url).toBe(`${PUBLIC_URL}/links/${link.id}`);
  });

  it('every country of the payment-link table with its currency is accepted', async () => {
    const table: Record<number, string> = {
      1: 'KES',
      2: 'XOF',
      3: 'XOF',
      4: 'XAF',
      9: 'XOF',
      10: 'TZS',
      11: 'UGX',
      12: 'ZMW',
      13: 'SLE',
      16: 'GHS',
      17: 'NGN',
    };
    const hook = receiver();
    for (const [country, currency] of Object.entries(table)) {
      const got = await signedPost(
        PATHS.linkCreate,
        linkParams(hook.url, { country_id: Number(country), currency }),
      );
      expect(got.status, `${country} ${currency}`).toBe(200);
    }
  });

  const refusals: [string, Record<string, unknown>][] = [
    ['a country without payment links (DRC)', { country_id: 5, currency: 'CDF' }],
    ['a country without payment links (South Africa)', { country_id: 15, currency: 'ZAR' }],
    ['a currency that does not match the country', { country_id: 2, currency: 'KES' }],
    ['a payer country of another currency', { currency_country_id: 11 }],
    ['a missing business_name', { business_name: undefined }],
    ['a missing callback_url', { callback_url: undefined }],
    ['a decimal amount', { amount: 12.5 }],
    ['a bad email', { email: 'not-an-email' }],
    ['a logo that is not base64', { logo: 'not base64!' }],
    ['a logo over 2 MB', { logo: base64OfSize(2 * 1024 * 1024 + 1) }],
  ];
  for (const [label, extra] of refusals) {
    it(`refuses ${label}: "${MESSAGES.linkRefused}"`, async () => {
      const hook = receiver();
      const got = await signedPost(PATHS.linkCreate, linkParams(hook.url, extra));
      expect(got.status).toBe(400);
      expect(got.body).toEqual({ success: false, message: MESSAGES.linkRefused });
    });
  }

  it('accepts a payer country using the currency, and a logo of exactly 2 MB (data URL too)', async () => {
    expect(
      (await createLink({ country_id: 2, currency: 'XOF', currency_country_id: 3 })).link
        .currency_country_id,
    ).toBe(3);
    const { link } = await createLink({ logo: base64OfSize(2 * 1024 * 1024) });
    expect(link.has_logo).toBe(true);
    const withPrefix = await createLink({ logo: `data:image/svg+xml;base64,${base64OfSize(30)}` });
    expect(withPrefix.link.has_logo).toBe(true);
  });
});

describe('hosted checkout page', () => {
  it('shows the link with the payer details prefilled, a plain form, a strict CSP', async () => {
    const { link } = await createLink({ logo: base64OfSize(10) });
    const page = await call('GET', `/links/${link.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Corner Shop');
    expect(page.text).toContain('Poster A2');
    expect(page.text).toContain('1200 KES');
    expect(page.text).toMatch(/name="first_name"[^>]*value="Amina"/);
    expect(page.text).toMatch(/name="last_name"[^>]*value="Wanjiru"/);
    expect(page.text).toMatch(/name="email"[^>]*value="amina@example.com"/);
    expect(page.text).toMatch(/name="phone"[^>]*value="254712345000"/);
    expect(page.text).toContain(`action="${PUBLIC_URL}/links/${link.id}/pay"`);
    expect(page.text).toContain('src="data:image/png;base64,');
    expect(page.text).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('form-action http://127.0.0.1:8787 https://shop.example');
  });

  it('paying sends the payer to redirection_url with the reference, and the callback to the link', async () => {
    const { hook, link } = await createLink();
    const paid = await call(
      'POST',
      `/links/${link.id}/pay`,
      'phone=254712345000&first_name=Amina&last_name=Wanjiru&payment_type=send+money',
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    );
    expect(paid.status).toBe(303);
    const location = new URL(paid.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('https://shop.example/thanks');
    const reference = location.searchParams.get('reference');
    expect(reference).toMatch(/^SBX-/);
    const [callback] = await hook.waitFor(1);
    expect(callback!.body.params).toMatchObject({
      reference,
      amount: 1200,
      name: 'Amina Wanjiru',
      payment_step: 2,
      status: 'success',
      statusCode: '000000',
      third_party_reference_1: link.id,
    });
  });

  it('the payer phone scripts the outcome (001 fails)', async () => {
    const { hook, link } = await createLink();
    await call('POST', `/links/${link.id}/pay`, 'phone=254712345001&payment_type=pay+bill', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const [callback] = await hook.waitFor(1);
    expect(callback!.body.params).toMatchObject({
      status: 'failed',
      failureReason: { failureCode: 'PM-001' },
    });
  });

  it('a bad phone number shows the form again with an error (400)', async () => {
    const { link } = await createLink();
    const got = await call('POST', `/links/${link.id}/pay`, 'phone=12&payment_type=pay+bill', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(got.status).toBe(400);
    expect(got.text).toContain('role="alert"');
  });

  it("Kenya's page offers the four documented payment types; the callback says which one paid", async () => {
    const { hook, link } = await createLink();
    const page = await call('GET', `/links/${link.id}`);
    const offered = [...page.text.matchAll(/name="payment_type"\s+value="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(offered).toEqual(['till number', 'pay bill', 'bank-transfer', 'send money']);
    const paid = await call(
      'POST',
      `/links/${link.id}/pay`,
      'phone=254712345000&payment_type=till+number',
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    );
    expect(paid.status).toBe(303);
    const reference = new URL(paid.headers.get('location')!).searchParams.get('reference');
    const [callback] = await hook.waitFor(1);
    expect(callback!.body.params).toMatchObject({
      reference,
      status: 'success',
      payment_method_type: 'till number',
    });
    // The status record says it too.
    const status = await signedPost(PATHS.status, { id: reference, type: 'payin' });
    expect(status.body.data).toMatchObject({
      status: 'success',
      payment_method_type: 'till number',
    });
  });

  it('a Kenyan link paid without a payment type (or another one) shows the form again (400)', async () => {
    const { link } = await createLink();
    for (const body of ['phone=254712345000', 'phone=254712345000&payment_type=card']) {
      const got = await call('POST', `/links/${link.id}/pay`, body, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(got.status, body).toBe(400);
      expect(got.text).toContain('Choose how you pay.');
    }
  });

  it('a link of another country offers no payment type and its callback names none', async () => {
    const { hook, link } = await createLink({ country_id: 11, currency: 'UGX', phone: null });
    const page = await call('GET', `/links/${link.id}`);
    expect(page.text).not.toContain('name="payment_type"');
    await call('POST', `/links/${link.id}/pay`, 'phone=256772111000', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const [callback] = await hook.waitFor(1);
    expect(callback!.body.params).not.toHaveProperty('payment_method_type');
  });

  it('an unknown link is 404', async () => {
    expect((await call('GET', '/links/PL-NOPE')).status).toBe(404);
  });
});

describe('list', () => {
  it('lists active links with the bearer token, searchable by name', async () => {
    const { link } = await createLink({ business_name: 'Unique Bakery' });
    const bearer = await token();
    const all = await call('GET', PATHS.linkList, undefined, {
      headers: { Authorization: `Bearer ${bearer}` },
    });
    expect(all.status).toBe(200);
    expect(all.body.success).toBe(true);
    expect(all.body.data.map((l: { id: string }) => l.id)).toContain(link.id);
    const found = await call('GET', `${PATHS.linkList}?search=bakery`, undefined, {
      headers: { Authorization: `Bearer ${bearer}` },
    });
    expect(found.body.data.map((l: { id: string }) => l.id)).toEqual([link.id]);
  });

  it('refuses a missing or unknown token', async () => {
    const missing = await call('GET', PATHS.linkList);
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ success: false, message: MESSAGES.credentials });
    const unknown = await call('GET', PATHS.linkList, undefined, {
      headers: { Authorization: 'Bearer nope' },
    });
    expect(unknown.status).toBe(401);
  });
});
