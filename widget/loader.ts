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
import { UNLOADABLE, wantedLanguage } from './languages';

/** The language chunks' files by language, relative to widget.es.js (set by the build). */
declare const __UC_LANGUAGE_CHUNKS__: Record<string, string>;

const script =
  (document.currentScript as HTMLScriptElement | null) ??
  // Loaded with type="module" (no currentScript): the last widget.js on the page.
  [...document.querySelectorAll<HTMLScriptElement>('script[src*="widget.js"]')].pop();
const entry = new URL('widget.es.js', script?.src || location.href);

// The page's language is a chunk of its own, which the element would only ask for once the
// module has run: start it beside the module (the element's own import() then finds it under
// way). The language is the one the first element on the page will pick (its `locale`
// attribute, else the browser's), so it waits for the page to be parsed when the script is
// in the head.
function startLanguage(): void {
  const language = wantedLanguage(
    document.querySelector('unified-checkout')?.getAttribute('locale') ?? '',
    navigator.languages,
  );
  const chunk = __UC_LANGUAGE_CHUNKS__[language];
  if (chunk) import(/* @vite-ignore */ new URL(chunk, entry).href).catch(() => undefined);
}
if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', startLanguage, { once: true });
} else {
  startLanguage();
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
