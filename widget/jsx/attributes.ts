/**
 * The attributes of `<unified-checkout>` as JSX props, shared by the React, Preact and Solid
 * typings beside this file.
 * @module
 */

/**
 * Attributes of `<unified-checkout>` (strings, as in HTML; `poll-interval` may be a number).
 *
 * @example
 * const props: UnifiedCheckoutAttributes = { session: 'cs_123', locale: 'fr', theme: 'dark' };
 */
export interface UnifiedCheckoutAttributes {
  /** The checkout session id (`cs_…`) from your backend's `POST /v1/sessions`. */
  session?: string;
  /** Base URL of the proxy. Set it when the widget is bundled into your app (the default is the origin that served the module). */
  endpoint?: string;
  /** `en`, `fr`, `sw` or `pt`, optionally with a region (`fr-CI`); defaults to the browser's languages. */
  locale?: string;
  /** `light`, `dark` or `auto` (follows `prefers-color-scheme`). */
  theme?: 'light' | 'dark' | 'auto';
  /** Milliseconds between status polls while the live stream is unavailable. */
  'poll-interval'?: number | string;
}
