/**
 * `<unified-checkout>`: the embeddable checkout element.
 * @module
 */
import { LitElement, css, html } from 'lit';

/**
 * The checkout element.
 *
 * @example
 * <script src="https://pay.example.com/widget.js"></script>
 * <unified-checkout session="cs_123"></unified-checkout>
 */
export class UnifiedCheckout extends LitElement {
  static override properties = {
    session: { type: String },
    endpoint: { type: String },
    locale: { type: String },
  };

  static override styles = css`
    :host {
      display: block;
      font-family: var(--uc-font-family, system-ui, sans-serif);
    }
  `;

  /** The checkout session id (`cs_…`) created by the merchant's backend. */
  declare session: string;
  /** Base URL of the proxy; defaults to the origin that served the script. */
  declare endpoint: string;
  /** `en`, `fr`, `sw` or `pt`; defaults to the browser's language. */
  declare locale: string;

  constructor() {
    super();
    this.session = '';
    this.endpoint = '';
    this.locale = '';
  }

  override render() {
    return html`<div part="panel" role="region" aria-label="Checkout">${this.session}</div>`;
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('unified-checkout')) {
  customElements.define('unified-checkout', UnifiedCheckout);
}

declare global {
  interface HTMLElementTagNameMap {
    'unified-checkout': UnifiedCheckout;
  }
}
