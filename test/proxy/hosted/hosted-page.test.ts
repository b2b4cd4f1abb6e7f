// The hosted checkout page, GET /pay/:id: one page per session state with its HTTP
// status, the session's first view inside it, merchant strings escaped (its CSP, language and
// BRAND_* settings: hosted-page-policy.test.ts). Real proxy, real Durable Objects, real sandbox;
// the HTML is read with workerd's own HTMLRewriter (support.ts).
import { env } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';
import type { CheckoutView } from '../../../shared/view';
import {
  checkout,
  createSession,
  expectNoSecrets,
  ref,
  startAttempt,
  waitForSession,
} from '../helpers';
import {
  chunkOf,
  widgetImports,
  widgetLinks,
  hosted,
  hostedWith,
  session,
  passDeadlines,
  expire,
} from './support';

afterAll(() => expectNoSecrets());

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
    // (Besides the language menu's links to this page.)
    expect(page.links.filter((link) => !link.startsWith(`/pay/${s.id}?`))).toEqual([
      `https://shop.example/thanks?order=42&session=${s.id}`,
    ]);
    expect(page.main['data-auto-return']).toBe('0');
    const back = await hosted(`${s.id}?returned=1`);
    expect(back.status).toBe(200);
    expect(back.main['data-auto-return']).toBe('1');
    expect(back.headings[0]).toBe('Payment received');
    expect(back.html).toContain('id="uc-seconds"');
  });
});

describe("the order's text and the payer's name", () => {
  const PERSONAL = { first: 'Wanjiru', description: 'Invoice for Wanjiru Kamau, 2 crates' };
  const personal = () =>
    session({
      metadata: { description: PERSONAL.description },
      customer: { first_name: PERSONAL.first, mobile: '254712345678' },
    });

  /** Neither the page (`?returned=1` too) nor the public view names the payer or the order. */
  async function showsOutcomeOnly(id: string, reference: string, status: number) {
    for (const path of [id, `${id}?returned=1`]) {
      const page = await hosted(path);
      expect(page.status).toBe(status);
      expect(page.html).toContain(reference);
      expect(page.html).toMatch(/1,500/);
      expect(page.html).not.toContain(PERSONAL.first);
      expect(page.html).not.toContain('Invoice for');
    }
    expect(await (await checkout(`/${id}`)).text()).not.toContain(PERSONAL.first);
  }

  it('are on the page while the session is open and while its attempt is pending', async () => {
    const s = await personal();
    const open = await hosted(s.id);
    expect(open.html).toContain(PERSONAL.description);
    expect(open.html).toContain(PERSONAL.first);
    // …005: the sandbox leaves it pending.
    await startAttempt(s.id, { country_id: 1, method: 'send money', mobile: '254712345005' });
    await waitForSession(s.id, 'pending');
    expect((await hosted(s.id)).html).toContain('Invoice for Wanjiru Kamau');
  });

  it('leave it once paid: the amount, the reference and the outcome only', async () => {
    const s = await personal();
    await startAttempt(s.id, { country_id: 1, method: 'send money', mobile: '254712345000' });
    await waitForSession(s.id, 'succeeded');
    await showsOutcomeOnly(s.id, s.reference, 200);
    expect((await hosted(s.id)).headings[0]).toBe('This order is already paid');
  });

  it('leave it once expired', async () => {
    const s = await personal();
    await expire(s.id);
    await showsOutcomeOnly(s.id, s.reference, 410);
  });

  it('leave it once failed (every attempt used)', async () => {
    const s = await personal();
    for (let n = 0; n < 5; n++) {
      // …001: the sandbox refuses it.
      await startAttempt(s.id, { country_id: 1, method: 'send money', mobile: '254712345001' });
      await waitForSession(s.id, n < 4 ? 'open' : 'failed');
    }
    await showsOutcomeOnly(s.id, s.reference, 200);
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
