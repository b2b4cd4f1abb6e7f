// The hosted checkout page, GET /pay/:id (issue 15): one page per session state with its HTTP
// status, the session's first view inside it, merchant strings escaped, a strict CSP whose nonce
// is on every inline script and style, the language from ?locale= or Accept-Language, and the
// BRAND_* settings validated like the rest of the configuration. Real proxy, real Durable
// Objects, real sandbox; the HTML is read with workerd's own HTMLRewriter.
import {
  createExecutionContext,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';
import type { CheckoutView } from '../../shared/view';
import type { ProxyEnv } from '../../worker/env';
import worker from '../../worker/index';
import {
  BASE,
  checkout,
  createSession,
  expectNoSecrets,
  ref,
  seenBodies,
  startAttempt,
  waitForSession,
} from './helpers';
import { configProblems, expectBareConfigInvalid } from './hardening/config-detail';

afterAll(() => expectNoSecrets());

interface Page {
  status: number;
  headers: Headers;
  html: string;
  lang: string | null;
  scripts: { src: string | null; nonce: string | null; type: string | null; text: string }[];
  styles: { nonce: string | null }[];
  images: string[];
  /** `href` of every `<a>` (decoded). */
  links: string[];
  /** Attributes of `<unified-checkout>` (decoded), or null without one. */
  widget: Record<string, string> | null;
  /** `data-*` attributes of `<main id="hosted">` (decoded). */
  main: Record<string, string>;
  /** The text of every `<h1>`. */
  headings: string[];
}

/** HTML attribute text → its value (the entities hono/html writes, and numeric ones). */
function decode(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

async function read(res: Response): Promise<Page> {
  const html = await res.text();
  seenBodies.push(html);
  const page: Page = {
    status: res.status,
    headers: res.headers,
    html,
    lang: null,
    scripts: [],
    styles: [],
    images: [],
    links: [],
    widget: null,
    main: {},
    headings: [],
  };
  let script: Page['scripts'][number] | null = null;
  let heading = -1;
  const attrs = (e: Element) =>
    Object.fromEntries([...e.attributes].map(([k, v]) => [k, decode(v ?? '')]));
  await new HTMLRewriter()
    .on('html', { element: (e) => void (page.lang = e.getAttribute('lang')) })
    .on('script', {
      element: (e) => {
        script = {
          src: e.getAttribute('src'),
          nonce: e.getAttribute('nonce'),
          type: e.getAttribute('type'),
          text: '',
        };
        page.scripts.push(script);
      },
      text: (t) => void (script!.text += t.text),
    })
    .on('style', { element: (e) => void page.styles.push({ nonce: e.getAttribute('nonce') }) })
    .on('img', { element: (e) => void page.images.push(decode(e.getAttribute('src') ?? '')) })
    .on('a', { element: (e) => void page.links.push(decode(e.getAttribute('href') ?? '')) })
    .on('unified-checkout', { element: (e) => void (page.widget = attrs(e)) })
    .on('main#hosted', { element: (e) => void (page.main = attrs(e)) })
    .on('h1', {
      element: () => void (heading = page.headings.push('') - 1),
      text: (t) => void (page.headings[heading] += t.text),
    })
    .transform(new Response(html))
    .text();
  return page;
}

/**
 * The chunk of `language`'s first screens as the widget build lists it
 * (public/widget/languages.json, served by the assets binding): `/widget/fr-….js`.
 */
async function chunkOf(language: string): Promise<string> {
  const list = await (env as ProxyEnv).ASSETS!.fetch('https://assets.local/widget/languages.json');
  expect(list.status, 'build the widget first (npm run build:widget)').toBe(200);
  const chunk = ((await list.json()) as Record<string, string>)[language];
  expect(chunk).toMatch(new RegExp(`^widget/${language}-[\\w-]+\\.js$`));
  return `/${chunk}`;
}

/**
 * What the page's module script imports, each also preloaded by a `<link rel="modulepreload">`
 * in the head (the module and the page language's chunk); `[]` without a widget.
 */
function widgetImports(page: Page): string[] {
  const module = page.scripts.find((x) => x.type === 'module');
  const imports = [...(module?.text ?? '').matchAll(/import "([^"]+)";/g)].map((m) => m[1]!);
  const preloads = [...page.html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)];
  expect(preloads.map((m) => m[1])).toEqual(imports);
  return imports;
}

/** The Link header of a page in `language`: the module and that language's chunk. */
async function widgetLinks(language: string): Promise<string> {
  return `</widget.es.js>; rel=modulepreload, <${await chunkOf(language)}>; rel=modulepreload`;
}

/** GET /pay/:id as a browser asks for it. */
async function hosted(path: string, headers: Record<string, string> = {}): Promise<Page> {
  return read(await exports.default.fetch(new Request(`${BASE}/pay/${path}`, { headers })));
}

/** The same, through the Worker's fetch handler with some settings changed (a deployment's). */
async function hostedWith(overrides: Partial<ProxyEnv>, path: string): Promise<Page> {
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request(`${BASE}/pay/${path}`) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return read(res);
}

/** The CSP's directives by name. */
function csp(page: Page): Map<string, string[]> {
  const header = page.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

const session = (extra: Record<string, unknown> = {}) =>
  createSession({
    amount: 1500,
    currency: 'KES',
    reference: ref('hosted'),
    return_url: 'https://shop.example/thanks?order=42',
    ...extra,
  });

/** Ends the session's time (and its attempts' input windows) now; the alarm runs. */
/** Moves the session's and its attempts' deadlines into the past and runs the alarm. */
async function passDeadlines(id: string): Promise<void> {
  const stub = env.SESSIONS.get(env.SESSIONS.idFromName(id));
  await runInDurableObject(stub, (_instance, state) => {
    state.storage.sql.exec('UPDATE session SET expires_at = ?', Date.now() - 1000);
    state.storage.sql.exec('UPDATE attempts SET expires_at = ?', Date.now() - 1000);
    state.storage.sql.exec(
      "UPDATE tasks SET due_at = ? WHERE kind != 'reconcile'",
      Date.now() - 1000,
    );
  });
  await runDurableObjectAlarm(stub);
}

async function expire(id: string): Promise<void> {
  const stub = env.SESSIONS.get(env.SESSIONS.idFromName(id));
  await runInDurableObject(stub, (_instance, state) => {
    state.storage.sql.exec('UPDATE session SET expires_at = ?', Date.now() - 1000);
    state.storage.sql.exec('UPDATE attempts SET expires_at = ?', Date.now() - 1000);
    state.storage.sql.exec(
      "UPDATE tasks SET due_at = ? WHERE kind = 'session_expiry'",
      Date.now() - 1000,
    );
  });
  await runDurableObjectAlarm(stub);
  await waitForSession(id, 'expired');
}

describe('checkout_url', () => {
  it("is the hosted page under PUBLIC_BASE_URL, in the merchant's session answer", async () => {
    const s = await session();
    expect(s.checkout_url).toBe(`${env.PUBLIC_BASE_URL}/pay/${s.id}`);
    const page = await hosted(s.id);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('an open session', () => {
  it('carries the widget, its first view (as GET /v1/checkout/:id answers it), amount and reference', async () => {
    const s = await session({ metadata: { description: 'Two baskets of mangoes' } });
    const page = await hosted(s.id);
    expect(page.status).toBe(200);
    expect(page.widget?.session).toBe(s.id);
    const view = (await (await checkout(`/${s.id}`)).json()) as CheckoutView;
    expect(JSON.parse(page.widget!['initial-view']!)).toEqual(view);
    expect(page.headers.get('link')).toBe(await widgetLinks('en'));
    expect(widgetImports(page)).toEqual(['/widget.es.js', await chunkOf('en')]);
    expect(page.html).toContain(s.reference);
    expect(page.html).toMatch(/1,500/);
    expect(page.html).toContain('Two baskets of mangoes');
    // The return panel waits, hidden, for the widget's success; its link adds ?session=.
    expect(page.main['data-return-url']).toBe(
      `https://shop.example/thanks?order=42&session=${s.id}`,
    );
    expect(page.html).toMatch(/<section id="uc-return"[^>]* hidden>/);
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('without a return_url has no return panel', async () => {
    const s = await createSession({ amount: 900, currency: 'KES', reference: ref('hosted') });
    const page = await hosted(s.id);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('id="uc-return"');
    expect(page.main['data-return-url']).toBe('');
  });

  it('a session whose attempt failed still shows the widget (it offers the retry)', async () => {
    const s = await session();
    await startAttempt(s.id, { country_id: 1, method: 'send money', mobile: '254712345001' });
    await waitForSession(s.id, 'open');
    const page = await hosted(s.id);
    expect(page.status).toBe(200);
    expect(page.widget).not.toBeNull();
  });
});

describe('session states', () => {
  it('unknown: 404 with its own page, for a well-formed id and a malformed one', async () => {
    for (const id of ['cs_aaaaaaaaaaaaaaaaaaaaaaaaaa', 'nope', '..%2F..%2Fv1%2Fsessions']) {
      const page = await hosted(id);
      expect(page.status, id).toBe(404);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headings).toEqual(['Payment link not found']);
      expect(page.widget).toBeNull();
      expect(page.scripts.filter((x) => x.src)).toEqual([]);
      expect(widgetImports(page)).toEqual([]);
      expect(page.headers.get('link')).toBeNull();
    }
  });

  it('expired: 410 with its own page, no widget', async () => {
    const s = await session({ expires_in: 60 });
    await expire(s.id);
    const page = await hosted(s.id);
    expect(page.status).toBe(410);
    expect(page.headings[0]).toBe('This payment link has expired');
    expect(page.headers.get('link')).toBeNull();
    expect(page.html).toContain(s.reference);
    expect(page.widget).toBeNull();
    expect(page.html).not.toContain('id="uc-return"');
  });

  it('past its time while its last attempt may still pay: not expired (nobody is known not to have paid); the widget follows that attempt', async () => {
    const s = await session({ expires_in: 60 });
    // …005: the sandbox leaves it pending (no answer yet).
    await startAttempt(s.id, { country_id: 1, method: 'send money', mobile: '254712345005' });
    await passDeadlines(s.id);
    const page = await hosted(s.id);
    expect(page.status).toBe(200);
    expect(page.widget?.session).toBe(s.id);
    const view = JSON.parse(page.widget!['initial-view']!) as CheckoutView;
    expect(view.status).toBe('open');
    expect(view.can_retry).toBe(false);
    expect(view.attempt?.status).toBe('pending');
    expect(view.attempt?.next?.type).toBe('input_lapsed');
  });

  it('paid: 200 "already paid" with the return button; the automatic return only after a redirect', async () => {
    const s = await session();
    await startAttempt(s.id, { country_id: 1, method: 'send money', mobile: '254712345000' });
    await waitForSession(s.id, 'succeeded');
    const page = await hosted(s.id);
    expect(page.status).toBe(200);
    expect(page.headings[0]).toBe('This order is already paid');
    expect(page.widget).toBeNull();
    expect(page.links).toEqual([`https://shop.example/thanks?order=42&session=${s.id}`]);
    expect(page.main['data-auto-return']).toBe('0');
    const back = await hosted(`${s.id}?returned=1`);
    expect(back.status).toBe(200);
    expect(back.main['data-auto-return']).toBe('1');
    expect(back.headings[0]).toBe('Payment received');
    expect(back.html).toContain('id="uc-seconds"');
  });
});

describe('escaping', () => {
  const hostile = `</dd><script>alert("x")</script><img src=x onerror=alert(1)> & 'q'`;

  it("the merchant's metadata and customer prefill are text, never markup", async () => {
    const s = await session({
      metadata: { description: hostile },
      customer: { first_name: `"><script>alert(2)</script>` },
    });
    const page = await hostedWith({ BRAND_LOGO_URL: '' }, s.id);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('<script>alert');
    expect(page.html).not.toContain('<img src=x');
    expect(page.html).toContain(
      '&lt;/dd&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &#39;q&#39;',
    );
    // Exactly the page's own scripts, all nonce'd: the widget's test (can it run here?), its
    // imports, and the page's; no
    // image at all.
    expect(page.scripts.map((x) => x.type ?? 'classic')).toEqual(['classic', 'module', 'classic']);
    expect(page.scripts.filter((x) => x.src)).toEqual([]);
    expect(page.images).toEqual([]);
    // The attribute round-trips: the widget gets the prefill as the merchant sent it.
    const view = JSON.parse(page.widget!['initial-view']!) as CheckoutView;
    expect(view.customer?.first_name).toBe(`"><script>alert(2)</script>`);
  });

  it('the brand name is text too (title and header)', async () => {
    const s = await session();
    const page = await hostedWith(
      { BRAND_NAME: `<img src=x onerror=alert(3)>"&`, BRAND_LOGO_URL: '' },
      s.id,
    );
    expect(page.status).toBe(200);
    expect(page.images).toEqual([]);
    expect(page.html).not.toContain('<img src=x');
    expect(page.html).toContain('<title>Pay &lt;img src=x onerror=alert(3)&gt;&quot;&amp;</title>');
  });
});

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
      // Issue #24: the payer's answer names no setting; the merchant's diagnostics do.
      expectBareConfigInvalid(JSON.parse(page.html));
      expect(await configProblems(overrides)).toContain(name);
    },
  );
});
