// The hosted page's policies: CSP, language, BRAND_* settings, and operator brands.

import { env } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProxyEnv } from '../../../worker/env';
import { expectNoSecrets, BASE, checkout, createSession, ref } from '../helpers';
import { configProblems, expectBareConfigInvalid } from '../deployment/config-detail';
import { chunkOf, widgetImports, widgetLinks, hosted, hostedWith, csp, session } from './support';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../../worker/index';
import type { CheckoutView } from '../../../shared/view';

// The hosted checkout page, GET /pay/:id, its policies: a strict CSP whose nonce is on
// every inline script and style, the language from ?locale= or Accept-Language, and the BRAND_*
// settings validated like the rest of the configuration (the states, escaping and checkout_url:
// hosted-page.test.ts; shared setup: support.ts).

afterAll(() => expectNoSecrets());

describe('Content-Security-Policy', () => {
  it('is strict, and its nonce is on every inline script and style (none without it)', async () => {
    const s = await session();
    const open = await hosted(s.id);
    expect(open.scripts.filter((x) => !x.src).length).toBe(3);
    for (const page of [open, await hosted('cs_aaaaaaaaaaaaaaaaaaaaaaaaaa')]) {
      const policy = csp(page);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      const header = page.headers.get('content-security-policy')!;
      expect(header).not.toContain('unsafe-');
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy.get('script-src')!.join(' '))?.[1];
      expect(nonce, header).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(policy.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(policy.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
      const inline = page.scripts.filter((x) => !x.src);
      for (const script of inline) expect(script.nonce).toBe(nonce);
      for (const style of page.styles) expect(style.nonce).toBe(nonce);
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('gets a fresh nonce per response', async () => {
    const s = await session();
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      nonces.add((await hosted(s.id)).headers.get('content-security-policy')!);
    }
    expect(nonces.size).toBe(3);
  });
});

describe('language', () => {
  const cases: [string, Record<string, string>, string, string][] = [
    ['?locale=fr', {}, 'fr', 'Votre commande'],
    ['?locale=pt-BR', { 'accept-language': 'sw' }, 'pt-BR', 'O seu pedido'],
    ['', { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8' }, 'sw-KE', 'Oda yako'],
    ['', { 'accept-language': 'de-DE, en;q=0.1, fr;q=0.7' }, 'fr', 'Votre commande'],
    ['', { 'accept-language': 'de-DE, ja' }, 'en', 'Your order'],
    ['?locale=xx', { 'accept-language': 'pt' }, 'pt', 'O seu pedido'],
    ['?locale=fr"><b>', { 'accept-language': 'sw' }, 'sw', 'Oda yako'],
    ['?locale=ar-EG', {}, 'ar-EG', 'طلبك'],
    ['', { 'accept-language': 'am-ET,am;q=0.9,en;q=0.5' }, 'am-ET', 'ትዕዛዝዎ'],
    ['', { 'accept-language': 'rw, fr;q=0.8' }, 'rw', 'Ibyo watumije'],
  ];
  it.each(cases)('%s %j → %s', async (query, headers, tag, order) => {
    const s = await session();
    const page = await hosted(`${s.id}${query}`, headers);
    expect(page.status).toBe(200);
    expect(page.lang).toBe(tag);
    expect(page.widget?.locale).toBe(tag);
    expect(page.headings[0]).toBe(order);
    expect(page.headers.get('vary')).toMatch(/accept-language/i);
    // The page preloads the loader, the module and the chunk of the page's language (its name
    // carries a content hash), which the widget then imports.
    const language = tag.split('-')[0]!;
    expect(widgetImports(page)).toEqual(['/widget.es.js', await chunkOf(language)]);
    expect(page.headers.get('link')).toBe(await widgetLinks(language));
  });

  it('the not-found page speaks the language too', async () => {
    const page = await hosted('cs_aaaaaaaaaaaaaaaaaaaaaaaaaa', { 'accept-language': 'fr-CI' });
    expect(page.status).toBe(404);
    expect(page.lang).toBe('fr-CI');
    expect(page.headings).toEqual(['Lien de paiement introuvable']);
  });
});

describe('BRAND_* settings', () => {
  it('name, logo and colour appear on the page; the logo origin is the one image source added', async () => {
    const s = await session();
    const page = await hostedWith(
      {
        BRAND_NAME: 'Mama Mboga',
        BRAND_LOGO_URL: 'https://cdn.shop.example/logo.png',
        BRAND_COLOR: '#FC0',
      },
      s.id,
    );
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>Pay Mama Mboga</title>');
    expect(page.images).toEqual(['https://cdn.shop.example/logo.png']);
    // The logo is the tab's icon too (no /favicon.ico request: without a logo it is `data:,`).
    expect(page.html).toContain('<link rel="icon" href="https://cdn.shop.example/logo.png" />');
    expect(csp(page).get('img-src')).toEqual(["'self'", 'data:', 'https://cdn.shop.example']);
    // A light accent gets dark text on its buttons.
    expect(page.html).toContain(':root{--brand:#ffcc00;--on-brand:#000000}');
  });

  it('a logo path is served from this Worker', async () => {
    const s = await session();
    const page = await hostedWith(
      { BRAND_LOGO_URL: '/demo/logo.svg', BRAND_COLOR: '#0a7d4f' },
      s.id,
    );
    expect(page.images).toEqual([`${env.PUBLIC_BASE_URL}/demo/logo.svg`]);
    expect(csp(page).get('img-src')).toEqual([
      "'self'",
      'data:',
      new URL(env.PUBLIC_BASE_URL).origin,
    ]);
    expect(page.html).toContain(':root{--brand:#0a7d4f;--on-brand:#ffffff}');
  });

  // The widget takes the brand as its primary colour in a theme only where it stands out from
  // the card by 3:1 (focus rings, the chosen option's border); elsewhere it keeps its own.
  const PRIMARY =
    'unified-checkout{--uc-color-primary:var(--brand);--uc-color-on-primary:var(--on-brand)}';
  const themes: [string, string, string][] = [
    ['#0a7d4f', 'green: both themes', `}${PRIMARY}`],
    [
      '#1d5bd0',
      'the default blue: light only (2.9:1 on the dark card)',
      `@media (prefers-color-scheme:light){${PRIMARY}}`,
    ],
    [
      '#ffcc00',
      'yellow: dark only (1.5:1 on white)',
      `@media (prefers-color-scheme:dark){${PRIMARY}}`,
    ],
  ];
  it.each(themes)('%s (%s) is the widget primary where it is legible', async (color, _, css) => {
    const s = await session();
    const page = await hostedWith({ BRAND_COLOR: color }, s.id);
    expect(page.html).toContain(css);
    expect(page.html.split('--uc-color-primary').length - 1, 'once per page').toBe(1);
  });

  it('defaults: SERVICE_SENDER as the name, no logo, the widget blue', async () => {
    const s = await session();
    const unset = { BRAND_NAME: undefined, BRAND_LOGO_URL: undefined, BRAND_COLOR: undefined };
    const page = await hostedWith(unset, s.id);
    expect(page.html).toContain(`<title>Pay ${env.SERVICE_SENDER}</title>`);
    expect(page.images).toEqual([]);
    expect(page.html).toContain(':root{--brand:#1d5bd0;--on-brand:#ffffff}');
  });

  const bad: [string, Partial<ProxyEnv>, string][] = [
    ['a colour name', { BRAND_COLOR: 'red' }, 'BRAND_COLOR'],
    ['five hex digits', { BRAND_COLOR: '#12345' }, 'BRAND_COLOR'],
    ['CSS injection in the colour', { BRAND_COLOR: '#fff}body{display:none' }, 'BRAND_COLOR'],
    ['an http logo', { BRAND_LOGO_URL: 'http://cdn.shop.example/logo.png' }, 'BRAND_LOGO_URL'],
    ['a javascript: logo', { BRAND_LOGO_URL: 'javascript:alert(1)' }, 'BRAND_LOGO_URL'],
    ['a data: logo', { BRAND_LOGO_URL: 'data:image/svg+xml,<svg/>' }, 'BRAND_LOGO_URL'],
    ['a protocol-relative logo', { BRAND_LOGO_URL: '//evil.example/x.png' }, 'BRAND_LOGO_URL'],
    [
      'a logo with credentials',
      { BRAND_LOGO_URL: 'https://u:p@cdn.example/x.png' },
      'BRAND_LOGO_URL',
    ],
    ['a control character in the name', { BRAND_NAME: 'Shop\u0007' }, 'BRAND_NAME'],
    ['a bidi override in the name', { BRAND_NAME: 'Shop\u202egnp.exe' }, 'BRAND_NAME'],
    ['an 81-character name', { BRAND_NAME: 'x'.repeat(81) }, 'BRAND_NAME'],
  ];
  it.each(bad)(
    '%s is refused: CONFIG_INVALID, the setting named at /v1/diagnostics',
    async (_, overrides, name) => {
      const s = await session();
      const page = await hostedWith(overrides, s.id);
      expect(page.status).toBe(500);
      // The payer's answer names no setting; the merchant's diagnostics do.
      expectBareConfigInvalid(JSON.parse(page.html));
      expect(await configProblems(overrides)).toContain(name);
    },
  );
});

// Operator brands reach the payer's view, and the CATALOGUE object form and
// VIRTUAL_ACCOUNT_BANKS are validated like every other setting (a bad shape answers
// CONFIG_INVALID, named at /v1/diagnostics). Each config case calls the Worker's own fetch handler with the
// suite's env changed in one setting, as a deployment with that setting would run.

async function probe(overrides: Partial<ProxyEnv>) {
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request(`${BASE}/v1/sessions/cs_aaaaaaaaaaaaaaaaaaaaaaaaaa`, {
      headers: { authorization: `Bearer ${env.MERCHANT_API_KEY}` },
    }) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return {
    status: res.status,
    json: (await res.json()) as { error?: { code: string; message: string } },
  };
}

describe('CATALOGUE object form and VIRTUAL_ACCOUNT_BANKS in the configuration', () => {
  it('accepts the object form beside the string form, and bank names', async () => {
    const res = await probe({
      CATALOGUE: JSON.stringify({
        'bj-operator-2': { type: 'MOOV', label: 'Moov Money', badge: 'MM', color: '#0066b3' },
        'ci-otp': 'Orange',
      }),
      VIRTUAL_ACCOUNT_BANKS: '{"17001":"Wema Bank"}',
    });
    expect(res.status).toBe(404); // configured: the session is unknown
  });

  it.each([
    [
      { CATALOGUE: '{"bj-operator-2":{"label":"Moov Money"}}' },
      /CATALOGUE slot "bj-operator-2" needs "type"/,
    ],
    [{ CATALOGUE: '{"bj-operator-2":{"type":"MOOV","color":"red"}}' }, /"color" must be a #rrggbb/],
    [
      { VIRTUAL_ACCOUNT_BANKS: '{"99999":"Wema Bank"}' },
      /VIRTUAL_ACCOUNT_BANKS names an unknown bank code "99999"/,
    ],
    [{ VIRTUAL_ACCOUNT_BANKS: 'Wema Bank' }, /VIRTUAL_ACCOUNT_BANKS is not valid JSON/],
  ])('refuses %j with CONFIG_INVALID naming it at /v1/diagnostics', async (overrides, message) => {
    const res = await probe(overrides);
    expect(res.status).toBe(500);
    expectBareConfigInvalid(res.json); // the detail is the merchant's, not the payer's
    expect(await configProblems(overrides)).toMatch(message);
  });
});

describe('the checkout view', () => {
  it('carries each method’s brand label and badge', async () => {
    const session = await createSession({ amount: 1500, currency: 'XOF', reference: ref('brand') });
    const res = await checkout(`/${session.id}`);
    expect(res.status).toBe(200);
    const view = (await res.json()) as CheckoutView;
    const benin = view.countries.find((c) => c.id === 2)!;
    expect(benin.methods).toEqual([
      {
        value: 'mtn',
        kind: 'operator_prompt',
        label: 'MTN MoMo',
        badge: { text: 'MTN', bg: '#ffcb05', fg: '#000000' },
      },
      {
        value: 'MOOV',
        kind: 'operator_prompt',
        label: 'Moov Money',
        badge: { text: 'MM', bg: '#0066b3', fg: '#ffffff' },
      },
    ]);
    for (const country of view.countries) {
      for (const method of country.methods) {
        expect(method.badge?.text, `${country.name} ${method.value}`).toMatch(/^[A-Z0-9]{1,3}$/);
        if (method.value !== 'Wave') {
          expect(method.label, `${country.name} ${method.value}`).not.toBe(method.value);
        }
      }
    }
  });
});
