// The hosted page's language beyond ?locale= and Accept-Language (hosted-page-policy.test.ts):
// the usual language of the session's countries, the language menu (plain links, so it works
// without JavaScript), and every language of the strings rendering its page with its script's
// direction. Real proxy, real session objects.
import { afterAll, describe, expect, it } from 'vitest';
import { HOSTED_STRINGS } from '../../../shared/strings/hosted';
import { LANGUAGES } from '../../../shared/strings/languages';
import { widgetStrings } from '../../../worker/hosted/widget-strings';
import type { CheckoutView } from '../../../shared/view';
import { checkout, expectNoSecrets, merchant, ref } from '../helpers';
import { hosted, session } from './support';

afterAll(() => expectNoSecrets());

/** `<html>`'s `dir`, and the language menu's links: language → href, and the current one. */
function menu(html: string) {
  const dir = /<html lang="[^"]*" dir="(\w+)"/.exec(html)?.[1];
  const details = /<details class="langs">([\s\S]*?)<\/details>/.exec(html)?.[1] ?? '';
  const links = [...details.matchAll(/<a\s+href="([^"]+)"\s+hreflang="([^"]+)"([^>]*)>/g)];
  return {
    dir,
    hrefs: Object.fromEntries(links.map((m) => [m[2]!, m[1]!.replace(/&amp;/g, '&')])),
    current: links.filter((m) => m[3]!.includes('aria-current')).map((m) => m[2]),
  };
}

describe('the hosted page language', () => {
  it("falls back to the countries' usual language when the browser names none of ours", async () => {
    const senegal = await session({ currency: 'XOF', country_id: 9 });
    const page = await hosted(senegal.id, { 'accept-language': 'de-DE, ja' });
    expect(page.lang).toBe('fr');
    expect(page.widget?.locale).toBe('fr');
    expect(page.headers.get('content-language')).toBe('fr');
    expect(page.headings).toContain(HOSTED_STRINGS.fr.order);
    // The browser's language still comes first.
    expect((await hosted(senegal.id, { 'accept-language': 'sw' })).lang).toBe('sw');
  });

  it('offers every language in a menu of links to the same page, keeping the payer’s place', async () => {
    const s = await session();
    const page = await hosted(`${s.id}?method=1:mpesa&locale=fr`);
    const { hrefs, current } = menu(page.html);
    expect(Object.keys(hrefs)).toEqual([...LANGUAGES]);
    for (const code of LANGUAGES) {
      expect(hrefs[code]).toBe(`/pay/${s.id}?method=1%3Ampesa&locale=${code}`);
    }
    expect(current).toEqual(['fr']);
  });

  it.each(LANGUAGES.map((code) => [code]))(
    '%s: the page in its words, lang and direction',
    async (code) => {
      const s = await session();
      const page = await hosted(`${s.id}?locale=${code}`);
      expect(page.lang).toBe(code);
      expect(menu(page.html).dir).toBe(widgetStrings(code).$dir);
      expect(page.headings).toContain(HOSTED_STRINGS[code].order);
      expect(page.widget?.locale).toBe(code);
    },
  );
});

describe("the session's locale", () => {
  it('is in both views, and the hosted page takes it before Accept-Language', async () => {
    const s = await session({ locale: 'pt-MZ' });
    expect(s.locale).toBe('pt-MZ');
    const view = (await (await checkout(`/${s.id}`)).json()) as CheckoutView;
    expect(view.locale).toBe('pt-MZ');
    const page = await hosted(s.id, { 'accept-language': 'sw' });
    expect(page.lang).toBe('pt-MZ');
    expect(page.widget?.locale).toBe('pt-MZ');
    // The payer's own choice in the menu still wins.
    expect((await hosted(`${s.id}?locale=fr`, { 'accept-language': 'sw' })).lang).toBe('fr');
  });

  it('is null when the merchant gave none; a malformed one is refused with the field named', async () => {
    const s = await session();
    expect(s.locale).toBeNull();
    const reference = ref('locale');
    const bad = await merchant('/v1/sessions', {
      method: 'POST',
      body: JSON.stringify({ amount: 1500, currency: 'KES', reference, locale: 'fr"><b>' }),
    });
    expect(bad.status).toBe(400);
    const { error } = (await bad.json()) as { error: { code: string; param?: string } };
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', param: 'locale' });
  });
});
