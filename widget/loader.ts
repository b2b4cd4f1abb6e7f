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
const script =
  (document.currentScript as HTMLScriptElement | null) ??
  // Loaded with type="module" (no currentScript): the last widget.js on the page.
  [...document.querySelectorAll<HTMLScriptElement>('script[src*="widget.js"]')].pop();

import(/* @vite-ignore */ new URL('widget.es.js', script?.src || location.href).href).then(
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
            this.textContent =
              'The checkout could not be loaded. Check your connection and reload the page.';
          }
        },
      );
    }
  },
);
