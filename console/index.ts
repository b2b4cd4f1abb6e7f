/**
 * The console app (docs/console.md): `<uc-console>`, the header, the navigation and the current
 * page, each page a chunk of its own loaded when first opened. Routes on the client under
 * `/console/`; the Worker answers every such path with the same shell.
 * @module
 */
import { css, html, LitElement } from 'lit';
import { language, t } from './i18n';
import { go } from './page';
import type { StringKey } from './strings/en';

/** Each page: its path segment, its title's key, and its chunk. */
const PAGES: { path: string; key: StringKey; load: () => Promise<unknown> }[] = [
  { path: '', key: 'home', load: () => import('./pages/home') },
  {
    path: 'payments',
    key: 'payments',
    load: () => Promise.all([import('./pages/payments'), import('./pages/payment')]),
  },
  { path: 'attention', key: 'attention', load: () => import('./pages/attention') },
  { path: 'refunds', key: 'refunds', load: () => import('./pages/refunds') },
  { path: 'payouts', key: 'payouts', load: () => import('./pages/payouts') },
  { path: 'batches', key: 'batches', load: () => import('./pages/batches') },
  { path: 'webhooks', key: 'webhooks', load: () => import('./pages/webhooks') },
  { path: 'reports', key: 'reports', load: () => import('./pages/reports') },
  { path: 'health', key: 'health', load: () => import('./pages/health') },
];

/** The body's own sheet (the shell carries no CSS file and no inline style). */
const bodySheet = new CSSStyleSheet();
bodySheet.replaceSync('body{margin:0;background:#f4f5f8}');
document.adoptedStyleSheets = [...document.adoptedStyleSheets, bodySheet];

class ConsoleApp extends LitElement {
  static override properties = { page: { state: true }, ready: { state: true } };
  static override styles = css`
    :host {
      display: block;
      font:
        15px/1.45 system-ui,
        sans-serif;
      color: #1b1f27;
    }
    .skip {
      position: absolute;
      left: -9999px;
    }
    .skip:focus {
      left: 0.5rem;
      top: 0.5rem;
      background: #fff;
      padding: 0.4rem;
      z-index: 2;
    }
    header {
      background: #132033;
      color: #fff;
      padding: 0.5rem 0.8rem;
      display: flex;
      flex-wrap: wrap;
      gap: 0.4rem 1rem;
      align-items: center;
    }
    header strong {
      font-size: 1.05rem;
    }
    header .who {
      font-size: 0.8rem;
      opacity: 0.9;
      overflow-wrap: anywhere;
      flex: 1 1 10rem;
    }
    header button {
      font: inherit;
      background: none;
      color: #fff;
      border: 1px solid #8fa3c0;
      border-radius: 6px;
      min-height: 2.25rem;
      padding: 0 0.6rem;
      cursor: pointer;
    }
    nav ul {
      list-style: none;
      margin: 0;
      padding: 0.25rem 0.5rem;
      display: flex;
      gap: 0.1rem 0.25rem;
      overflow-x: auto;
      background: #fff;
      border-bottom: 1px solid #d9dce3;
    }
    nav a {
      display: block;
      padding: 0.55rem 0.6rem;
      color: #1b1f27;
      text-decoration: none;
      white-space: nowrap;
      border-radius: 6px;
    }
    nav a[aria-current='page'] {
      background: #dfe8fb;
      color: #0b3d91;
      font-weight: 600;
    }
    nav a:focus-visible,
    header button:focus-visible,
    .skip:focus-visible {
      outline: 3px solid #f2a900;
      outline-offset: 1px;
    }
    main {
      padding: 0.9rem;
      max-width: 72rem;
      margin: 0 auto;
    }
  `;
  declare page: string;
  declare ready: boolean;

  constructor() {
    super();
    this.page = '';
    this.ready = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('popstate', () => void this.route());
    void this.route();
  }

  /** Loads the current path's page chunk, then renders it. */
  private async route(): Promise<void> {
    const [section = ''] = location.pathname.replace(/^\/console\/?/, '').split('/');
    const page = PAGES.find((p) => p.path === section) ?? PAGES[0]!;
    this.ready = false;
    await page.load();
    this.page = page.path;
    this.ready = true;
    document.title = `${t(page.key)} · ${t('title')}`;
  }

  private follow(event: MouseEvent, path: string): void {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    go(path);
    this.renderRoot.querySelector('main')?.focus();
  }

  private switchLanguage(): void {
    document.documentElement.lang = language() === 'fr' ? 'en' : 'fr';
    this.requestUpdate();
    void this.route();
  }

  private current() {
    const rest = location.pathname.replace(/^\/console\/?/, '').split('/');
    if (!this.ready) return html`<p role="status">${t('loading')}</p>`;
    switch (this.page) {
      case 'payments':
        return rest[1]
          ? html`<uc-console-payment session-id=${rest[1]}></uc-console-payment>`
          : html`<uc-console-payments></uc-console-payments>`;
      case 'attention':
        return html`<uc-console-attention></uc-console-attention>`;
      case 'refunds':
        return html`<uc-console-refunds></uc-console-refunds>`;
      case 'payouts':
        return html`<uc-console-payouts></uc-console-payouts>`;
      case 'batches':
        return html`<uc-console-batches></uc-console-batches>`;
      case 'webhooks':
        return html`<uc-console-webhooks></uc-console-webhooks>`;
      case 'reports':
        return html`<uc-console-reports></uc-console-reports>`;
      case 'health':
        return html`<uc-console-health></uc-console-health>`;
      default:
        return html`<uc-console-home></uc-console-home>`;
    }
  }

  override render() {
    const email = this.getAttribute('email') ?? '';
    const role = this.getAttribute('user-role') ?? '';
    // A button, not a link: the target is inside this element's shadow root.
    return html`<button
        type="button"
        class="skip"
        @click=${() => this.renderRoot.querySelector('main')?.focus()}
      >
        ${t('skip')}
      </button>
      <header>
        <strong>${t('title')}</strong>
        <span class="who">${t('signedInAs')} ${email} · ${t('role')}: ${role}</span>
        <button
          type="button"
          lang=${language() === 'fr' ? 'en' : 'fr'}
          @click=${() => this.switchLanguage()}
        >
          ${t('language')}
        </button>
      </header>
      <nav aria-label=${t('nav')}>
        <ul>
          ${PAGES.map((p) => {
            const href = `/console/${p.path}`;
            return html`<li>
              <a
                href=${href}
                aria-current=${this.page === p.path ? 'page' : 'false'}
                @click=${(e: MouseEvent) => this.follow(e, href)}
                >${t(p.key)}</a
              >
            </li>`;
          })}
        </ul>
      </nav>
      <main id="main" tabindex="-1">${this.current()}</main>`;
  }
}

customElements.define('uc-console', ConsoleApp);
