/**
 * The hosted page's language menu: every language of the strings, each named in itself, as
 * plain links to the same page with `?locale=` (a `<details>` disclosure: no JavaScript needed).
 * The page keeps the payer's place (`?method=`, `?retry=`) across the switch.
 * @module
 */
import { html } from 'hono/html';
import { LANGUAGES, type Language } from '../../shared/strings/languages';
import type { HostedLocale } from './locale';
import { widgetStrings } from './widget-strings';

type Markup = ReturnType<typeof html>;

/**
 * The menu, its summary naming the page's language.
 *
 * @example
 * languageMenu(ctx.locale, (code) => `/pay/cs_1?locale=${code}`);
 */
export function languageMenu(locale: HostedLocale, href: (code: Language) => string): Markup {
  const current = widgetStrings(locale.language);
  return html`<details class="langs">
    <summary lang="${current.$code}">${current.$name} <span aria-hidden="true">▾</span></summary>
    <ul>
      ${LANGUAGES.map((code) => {
        const t = widgetStrings(code);
        return html`<li>
          <a
            href="${href(code)}"
            hreflang="${code}"
            lang="${code}"
            dir="${t.$dir}"
            ${code === locale.language ? html`aria-current="true"` : ''}
            >${t.$name}</a
          >
        </li>`;
      })}
    </ul>
  </details>`;
}
