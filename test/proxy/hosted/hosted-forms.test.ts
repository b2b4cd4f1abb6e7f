// The hosted page without JavaScript: its steps as plain HTML forms posting to
// /pay/:id/choose, /attempt and /otp, checked by the widget's rules and the public checkout
// API's schemas, sent to the same session object, answered with the widget's words; refused
// from another origin; Post/Redirect/Get after every accepted post. Real proxy, Durable Objects
// and sandbox; the HTML is read with workerd's HTMLRewriter.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { CheckoutView } from '../../../shared/view';
import type { ProxyEnv } from '../../../worker/env';
import worker from '../../../worker/index';
import {
  BASE,
  checkout,
  createSession,
  expectNoSecrets,
  ref,
  seenBodies,
  waitForSession,
} from '../helpers';
import { clearFaults, injectFault } from '../hostile';

const OLD_SECRET = 'retired-upstream-secret-9876543210';
const NEW_SECRET = 'rotated-upstream-secret-0123456789';
/** A production deployment's settings (no development credential), upstream secret `secret`. */
const production = (secret: string, extra: Partial<ProxyEnv> = {}): Partial<ProxyEnv> => ({
  MERCHANT_API_KEY: 'live-merchant-key-0123456789abcdefgh',
  MERCHANT_WEBHOOK_SECRET: `whsec_${btoa('0123456789abcdef01234567')}`,
  PUBLIC_BASE_URL: 'https://pay.shop.example',
  SERVICE_BASE_URL: 'https://api.payments.example',
  MERCHANT_WEBHOOK_URL: 'https://shop.example/webhooks',
  SERVICE_SECRET_KEY: secret,
  ...extra,
});

afterAll(() => expectNoSecrets([OLD_SECRET, NEW_SECRET]));
afterEach(() => clearFaults());

/** What a test reads of a no-JS page. */
interface NoJsPage {
  status: number;
  headers: Headers;
  html: string;
  /** `data-step` of the no-JS card, or null. */
  step: string | null;
  /** Attributes of each element with an id (decoded enough for these tests). */
  byId: Map<string, Record<string, string>>;
  /** Text of each element with an id. */
  text: Map<string, string>;
  /** `<form>` actions. */
  forms: string[];
  /** The `<noscript>` refresh's `content`, or null. */
  refresh: string | null;
}

async function read(res: Response): Promise<NoJsPage> {
  const html = await res.text();
  seenBodies.push(html);
  const page: NoJsPage = {
    status: res.status,
    headers: res.headers,
    html,
    step: null,
    byId: new Map(),
    text: new Map(),
    forms: [],
    refresh: null,
  };
  const open: string[] = [];
  await new HTMLRewriter()
    .on('#uc-nojs', { element: (e) => void (page.step = e.getAttribute('data-step')) })
    .on('form', { element: (e) => void page.forms.push(e.getAttribute('action') ?? '') })
    .on('[id]', {
      element: (e) => {
        const id = e.getAttribute('id')!;
        page.byId.set(id, Object.fromEntries([...e.attributes].map(([k, v]) => [k, v ?? ''])));
        page.text.set(id, '');
        if (/^(input|meta|img|br|link)$/.test(e.tagName)) return; // void: no text, no end tag
        open.push(id);
        e.onEndTag(() => void open.splice(open.lastIndexOf(id), 1));
      },
      text: (t) => {
        for (const id of open) page.text.set(id, page.text.get(id)! + t.text);
      },
    })
    .transform(new Response(html))
    .text();
  // (lol-html reads <noscript> as text, as a browser with scripts on does.)
  page.refresh = /<noscript><meta http-equiv="refresh" content="([^"]+)"/.exec(html)?.[1] ?? null;
  for (const [id, text] of page.text) page.text.set(id, text.replace(/\s+/g, ' ').trim());
  return page;
}

/** A payer's browser: its `uc_form` cookie, and the headers a modern browser sends. */
class Payer {
  cookie = '';

  /** `settings`: the Worker's env changed as a deployment with them would run. */
  constructor(private readonly settings?: Partial<ProxyEnv>) {}

  private async fetch(request: Request): Promise<Response> {
    if (!this.settings) return exports.default.fetch(request);
    const ctx = createExecutionContext();
    const res = await worker.fetch!(
      request as Request<unknown, IncomingRequestCfProperties>,
      { ...env, ...this.settings },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return res;
  }

  async get(path: string): Promise<NoJsPage> {
    const res = await this.fetch(
      // An English browser (without a language, the page takes the country's: French in CI).
      new Request(`${BASE}${path}`, {
        headers: { 'accept-language': 'en', ...(this.cookie ? { cookie: this.cookie } : {}) },
      }),
    );
    this.keep(res);
    return read(res);
  }

  /** Posts a form as the page would (`token` from the page's hidden field). */
  async post(
    path: string,
    fields: Record<string, string>,
    headers: Record<string, string> = { origin: BASE, 'sec-fetch-site': 'same-origin' },
  ): Promise<Response> {
    const res = await this.fetch(
      new Request(`${BASE}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'accept-language': 'en',
          ...(this.cookie ? { cookie: this.cookie } : {}),
          ...headers,
        },
        body: new URLSearchParams(fields).toString(),
      }),
    );
    this.keep(res);
    return res;
  }

  private keep(res: Response) {
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
  }
}

/** The token in a page's forms. */
function token(page: NoJsPage): string {
  return /name="uc_form" value="([\w-]+)"/.exec(page.html)?.[1] ?? '';
}

async function view(id: string): Promise<CheckoutView> {
  return (await (await checkout(`/${id}`)).json()) as CheckoutView;
}

/** `<country id>:<value>` of the method labelled `label`. */
function choice(v: CheckoutView, label: string): string {
  for (const country of v.countries) {
    const method = country.methods.find((m) => m.label.startsWith(label));
    if (method) return `${country.id}:${method.value}`;
  }
  throw new Error(`no ${label}`);
}

const kenya = () =>
  createSession({
    amount: 1500,
    currency: 'KES',
    reference: ref('nojs'),
    return_url: 'https://shop.example/thanks',
  });

describe('without JavaScript, the hosted page', () => {
  it('chooses, pays by phone prompt after a refused form, and shows the return link', async () => {
    const s = await kenya();
    const payer = new Payer();
    const first = await payer.get(`/pay/${s.id}`);
    expect(first.status).toBe(200);
    expect(first.step).toBe('choose');
    expect(first.forms).toEqual([`/pay/${s.id}/choose`]);
    expect(first.refresh).toBeNull();
    expect(payer.cookie).toMatch(/^__Host-uc_form=[\w-]{22}$/);
    expect(first.headers.get('set-cookie')).toMatch(
      /; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
    // An HMAC of the session and the cookie, not the cookie itself.
    expect(token(first)).toMatch(/^[\w-]{43}$/);
    expect(token(first)).not.toContain(payer.cookie.slice('__Host-uc_form='.length));

    // Nothing chosen: the choice again, with the widget's words.
    const none = await payer.post(`/pay/${s.id}/choose`, { uc_form: token(first) });
    expect(none.status).toBe(400);
    const again = await read(none);
    expect(again.step).toBe('choose');
    expect(again.byId.get('uc-form-error')?.['data-code']).toBe('VALIDATION_FAILED');

    const mpesa = choice(await view(s.id), 'M-PESA');
    const chosen = await payer.post(`/pay/${s.id}/choose`, {
      uc_form: token(first),
      method: mpesa,
    });
    expect(chosen.status).toBe(303);
    const formUrl = chosen.headers.get('location')!;
    expect(formUrl).toBe(`/pay/${s.id}?${new URLSearchParams({ method: mpesa })}`);
    const form = await payer.get(formUrl);
    expect(form.step).toBe('form');
    expect(form.forms).toEqual([`/pay/${s.id}/attempt`]);
    expect(form.html).toMatch(/<label for="mobile">Phone number<\/label>/);
    expect(form.byId.get('mobile')?.['aria-describedby']).toBe('mobile-hint');

    // A number too short: the widget's sentence under the field, tied to it; nothing started.
    const bad = await payer.post(`/pay/${s.id}/attempt`, {
      uc_form: token(form),
      method: mpesa,
      mobile: '71234',
    });
    expect(bad.status).toBe(400);
    const refused = await read(bad);
    expect(refused.step).toBe('form');
    expect(refused.byId.get('uc-form-error')?.['data-code']).toBe('VALIDATION_FAILED');
    expect(refused.text.get('uc-form-error')).toBe('Fix 1 field.');
    expect(refused.byId.get('mobile')?.['aria-invalid']).toBe('true');
    expect(refused.byId.get('mobile')?.['aria-describedby']).toBe('mobile-hint mobile-error');
    expect(refused.byId.get('mobile')?.value).toBe('71234');
    expect(refused.text.get('mobile-error')).toBe('Enter 9 digits after the country code.');
    expect((await view(s.id)).attempt).toBeNull();
    // The public API refuses the same number with the same code, naming the same field.
    const api = await checkout(`/${s.id}/attempts`, {
      method: 'POST',
      body: JSON.stringify({ country_id: 1, method: mpesa.slice(2), mobile: '25471234' }),
    });
    expect(api.status).toBe(400);
    const apiError = (
      (await api.json()) as { error: { code: string; details: { issues: { path: string }[] } } }
    ).error;
    expect(apiError.code).toBe('VALIDATION_FAILED');
    expect(apiError.details.issues.map((i) => i.path.split('.').pop())).toContain('mobile');

    // …000: the sandbox's phone approves. Post/Redirect/Get back to the page.
    const paid = await payer.post(`/pay/${s.id}/attempt`, {
      uc_form: token(form),
      method: mpesa,
      mobile: '0712 345 000',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/pay/${s.id}`);
    const attempt = (await view(s.id)).attempt!;
    expect(attempt.method).toBe(mpesa.slice(2));
    // A second post of the same form (a resubmit) starts nothing more: the page says which
    // step is live.
    const twice = await payer.post(`/pay/${s.id}/attempt`, {
      uc_form: token(form),
      method: mpesa,
      mobile: '712345000',
    });
    expect(twice.status).toBe(303);
    expect((await view(s.id)).attempt!.id).toBe(attempt.id);

    await waitForSession(s.id, 'succeeded');
    const done = await payer.get(`/pay/${s.id}?returned=1`);
    expect(done.status).toBe(200);
    expect(done.html).toContain(`href="https://shop.example/thanks?session=${s.id}"`);
    expect(done.refresh).toBe(`5;url=https://shop.example/thanks?session=${s.id}`);
  });

  it('the approve step reloads itself (in <noscript>, so the widget is never reloaded)', async () => {
    const s = await kenya();
    const payer = new Payer();
    const page = await payer.get(`/pay/${s.id}`);
    // …005: the sandbox leaves it pending.
    const res = await payer.post(`/pay/${s.id}/attempt`, {
      uc_form: token(page),
      method: choice(await view(s.id), 'M-PESA'),
      mobile: '712345005',
    });
    expect(res.status).toBe(303);
    const approve = await payer.get(`/pay/${s.id}`);
    expect(approve.step).toBe('approve');
    expect(approve.refresh).toBe(`4;url=/pay/${s.id}?returned=1`);
    expect(approve.text.get('uc-step-heading')).toBe('Approve on your phone');
  });

  it("pays by OTP (Orange, Côte d'Ivoire), in French, after a wrong code", async () => {
    const s = await createSession({
      amount: 2500,
      currency: 'XOF',
      country_id: 3,
      reference: ref('nojs'),
      return_url: 'https://shop.example/thanks',
    });
    const payer = new Payer();
    const q = '?locale=fr-CI';
    const page = await payer.get(`/pay/${s.id}${q}`);
    const orange = choice(await view(s.id), 'Orange');
    const res = await payer.post(`/pay/${s.id}/attempt${q}`, {
      uc_form: token(page),
      method: orange,
      mobile: '0712345000',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/pay/${s.id}${q}`);
    const otp = await payer.get(`/pay/${s.id}${q}`);
    expect(otp.step).toBe('otp');
    expect(otp.forms).toEqual([`/pay/${s.id}/otp${q}`]);
    expect(otp.html).toMatch(/<label for="otp">/);

    const letters = await payer.post(`/pay/${s.id}/otp${q}`, { uc_form: token(otp), otp: 'abc' });
    expect(letters.status).toBe(400);
    const wrongShape = await read(letters);
    expect(wrongShape.byId.get('otp-error')?.['data-code']).toBe('VALIDATION_FAILED');
    expect(wrongShape.byId.get('otp')?.['aria-describedby']).toBe('otp-hint otp-error');

    // A wrong code: the session's own refusal, as the API answers it (OTP_INVALID, tries left).
    const wrong = await payer.post(`/pay/${s.id}/otp${q}`, { uc_form: token(otp), otp: '111111' });
    expect(wrong.status).toBe(422);
    const refused = await read(wrong);
    expect(refused.step).toBe('otp');
    expect(refused.byId.get('otp-error')?.['data-code']).toBe('OTP_INVALID');
    expect(refused.text.get('otp-error')).toMatch(/2/);

    const right = await payer.post(`/pay/${s.id}/otp${q}`, { uc_form: token(otp), otp: '000000' });
    expect(right.status).toBe(303);
    await waitForSession(s.id, 'succeeded');
    const done = await payer.get(`/pay/${s.id}${q}`);
    expect(done.html).toContain('Retour à');
  });

  it('an OTP whose answers were lost: the page says to enter it again, and the code is sent', async () => {
    const s = await createSession({
      amount: 2500,
      currency: 'XOF',
      country_id: 3,
      reference: ref('nojs'),
    });
    const payer = new Payer();
    const page = await payer.get(`/pay/${s.id}`);
    const orange = choice(await view(s.id), 'Orange');
    await payer.post(`/pay/${s.id}/attempt`, {
      uc_form: token(page),
      method: orange,
      mobile: '0712345000',
    });
    const otp = await payer.get(`/pay/${s.id}`);
    // The code and the proxy's own resend both go unanswered (never arrived).
    await injectFault('process-transaction', 'request_lost', 2);
    const lost = await payer.post(`/pay/${s.id}/otp`, { uc_form: token(otp), otp: '000000' });
    expect(lost.status).toBe(303);
    const again = await payer.get(`/pay/${s.id}`);
    expect(again.step).toBe('otp');
    expect(again.text.get('otp-note')).toMatch(/could not confirm that your code reached/);
    expect(again.html).not.toMatch(/pay again/i);
    const sent = await payer.post(`/pay/${s.id}/otp`, { uc_form: token(again), otp: '000000' });
    expect(sent.status).toBe(303);
    await waitForSession(s.id, 'succeeded');
  });
});

describe('the forms refuse', () => {
  const fields = async (s: { id: string }, payer: Payer) => ({
    uc_form: token(await payer.get(`/pay/${s.id}`)),
    method: choice(await view(s.id), 'M-PESA'),
    mobile: '712345000',
  });

  it('a post from another site (Origin, Sec-Fetch-Site) without the token, and changes nothing', async () => {
    const s = await kenya();
    const payer = new Payer();
    const body = await fields(s, payer);
    // The other site's post carries no cookie (SameSite=Strict) and cannot know the token.
    const stranger = new Payer();
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      {},
    ]) {
      for (const sent of [{ ...body, uc_form: '' }, body]) {
        const res = await stranger.post(`/pay/${s.id}/attempt`, sent, headers);
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
          'ORIGIN_NOT_ALLOWED',
        );
      }
    }
    expect((await view(s.id)).attempt).toBeNull();
  });

  it('a token only with its own cookie and its own session', async () => {
    const [s, other] = [await kenya(), await kenya()];
    const payer = new Payer();
    const body = await fields(s, payer);
    const stranger = new Payer();
    stranger.cookie = '__Host-uc_form=AAAAAAAAAAAAAAAAAAAAAA';
    expect((await stranger.post(`/pay/${s.id}/attempt`, body, {})).status).toBe(403);
    // Without the prefix the cookie is not ours (another host of the domain could have set it).
    stranger.cookie = payer.cookie.replace('__Host-', '');
    expect((await stranger.post(`/pay/${s.id}/attempt`, body, {})).status).toBe(403);
    expect((await payer.post(`/pay/${s.id}/attempt`, { ...body, uc_form: '' }, {})).status).toBe(
      403,
    );
    const forOther = { ...body, uc_form: token(await payer.get(`/pay/${other.id}`)) };
    expect((await payer.post(`/pay/${s.id}/attempt`, forOther, {})).status).toBe(403);
    expect((await view(s.id)).attempt).toBeNull();
  });

  // KaiOS 2.5 sends neither header; KaiOS 3 (Gecko 84) and Safari before 16.4 send `Origin`
  // (null under the page's Referrer-Policy: no-referrer) but no Sec-Fetch-Site.
  for (const [browser, headers] of <[string, Record<string, string>][]>[
    ['neither header', {}],
    ['Origin: null, no Sec-Fetch-Site', { origin: 'null' }],
    ['another Origin, no Sec-Fetch-Site', { origin: 'https://evil.example' }],
  ]) {
    it(`from a browser that sends ${browser}: with the token of its own cookie`, async () => {
      const s = await kenya();
      const payer = new Payer();
      const body = await fields(s, payer);
      const res = await payer.post(`/pay/${s.id}/attempt`, body, headers);
      expect(res.status).toBe(303);
      expect((await view(s.id)).attempt).not.toBeNull();
    });
  }

  it('a token made before a rotation of SERVICE_SECRET_KEY: during its overlap, not after', async () => {
    const s = await kenya();
    const before = new Payer(production(OLD_SECRET));
    const page = await before.get(`/pay/${s.id}`);
    expect(page.step).toBe('choose');
    const body = { uc_form: token(page), method: choice(await view(s.id), 'M-PESA') };
    const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const rotated = (until: string) =>
      production(NEW_SECRET, {
        SERVICE_SECRET_KEY_PREVIOUS: OLD_SECRET,
        SERVICE_SECRET_KEY_PREVIOUS_UNTIL: until,
      });
    for (const [settings, status] of <[Partial<ProxyEnv>, number][]>[
      [rotated(inHours(24)), 303],
      [rotated(inHours(-1)), 403],
      [production(NEW_SECRET), 403],
    ]) {
      const after = new Payer(settings);
      after.cookie = before.cookie;
      const res = await after.post(`/pay/${s.id}/choose`, body, {});
      expect(res.status, JSON.stringify(settings.SERVICE_SECRET_KEY_PREVIOUS_UNTIL)).toBe(status);
    }
  });

  it('another media type (415) and a body over 4 KB (413), before any session is asked', async () => {
    const s = await kenya();
    const json = await exports.default.fetch(
      new Request(`${BASE}/pay/${s.id}/attempt`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: BASE },
        body: '{}',
      }),
    );
    expect(json.status).toBe(415);
    const big = await new Payer().post(`/pay/${s.id}/attempt`, { name: 'x'.repeat(5000) });
    expect(big.status).toBe(413);
    expect((await view(s.id)).attempt).toBeNull();
    expect(env).toBeDefined();
  });
});
