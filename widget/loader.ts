/**
 * `widget.js`: the classic `<script src=".../widget.js">` embed. It imports the ES module
 * `widget.es.js` from beside itself (its chunks then load beside that), so the one script tag
 * of every existing page keeps working; a page can also load `widget.es.js` directly with
 * `<script type="module">`. When the module cannot be loaded, each `<unified-checkout>` on the
 * page says so in plain text instead of staying blank. The module is also exposed as
 * `window.UnifiedCheckout` once loaded, as the single-file bundle was.
 *
 * @example
 * <script src="https://pay.example.com/widget.js"></script>
 * <unified-checkout session="cs_123"></unified-checkout>
 * @module
 */
import { checkoutUrl } from './api';
import { SUPPORTED_LOCALES, UNLOADABLE, wantedLanguage } from './languages';
import { startViewFetch } from './view-prefetch';

/** The hash in every language chunk's name (`widget/<code>-<hash>.js`, beside widget.es.js;
 * set by the build, vite.config.ts): the name of each follows from its language. */
declare const __UC_LANGUAGES_HASH__: string;

const script =
  (document.currentScript as HTMLScriptElement | null) ??
  // Loaded with type="module" (no currentScript): the last widget.js on the page.
  [...document.querySelectorAll<HTMLScriptElement>('script[src*="widget.js"]')].pop();
const entry = new URL('widget.es.js', script?.src || location.href);

// What the element would only ask for once the module has run, started beside the module
// (the element's own requests then find them under way), from the first element's attributes,
// so it waits for the page to be parsed when the script is in the head:
// - the page's language, a chunk of its own: the one the element will pick (its `locale`
//   attribute, else the browser's);
// - the element's first view (`GET /v1/checkout/:id` of its `session` under its `endpoint`,
//   else this script's origin, as the element resolves them), unless the page gave it one.
function startEarly(): void {
  const element = document.querySelector('unified-checkout');
  const language = wantedLanguage(
    element?.getAttribute('locale') ?? '',
    navigator.languages,
    SUPPORTED_LOCALES,
  );
  const chunk = new URL(`widget/${language}-${__UC_LANGUAGES_HASH__}.js`, entry).href;
  import(/* @vite-ignore */ chunk).catch(() => undefined);
  const session = element?.getAttribute('session');
  if (session && !element!.hasAttribute('initial-view')) {
    const endpoint = (element!.getAttribute('endpoint') || entry.origin).replace(/\/+$/, '');
    startViewFetch(checkoutUrl(endpoint, session));
  }
}
if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', startEarly, { once: true });
} else {
  startEarly();
}

// The element's room while its module loads, as its own styles hold it once defined (a
// constructed sheet: no <style> element, so the page's CSP needs nothing more).
try {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(
    'unified-checkout:not(:defined){display:block;min-height:var(--uc-min-height,24rem)}',
  );
  document.adoptedStyleSheets.push(sheet);
} catch {
  // A browser without constructed sheets, or with a frozen adoptedStyleSheets (before 2022):
  // the room is only held once the module has run.
}

import(/* @vite-ignore */ entry.href).then(
  (module: unknown) => {
    const scope = globalThis as { UnifiedCheckout?: unknown };
    scope.UnifiedCheckout ??= module;
  },
  (error: unknown) => {
    console.error('unified-checkout: widget.es.js could not be loaded', error);
    // Every <unified-checkout>, now or later, says so instead of staying blank.
    if (!customElements.get('unified-checkout')) {
      customElements.define(
        'unified-checkout',
        class extends HTMLElement {
          connectedCallback() {
            this.textContent = UNLOADABLE;
          }
        },
      );
    }
  },
);
