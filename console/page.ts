/**
 * What every page shares: the shared styles, a load state, and the console's navigation.
 * @module
 */
import { html, LitElement, type TemplateResult } from 'lit';
import { ApiError } from './api';
import { t } from './i18n';
import { shared } from './styles';

/** Navigates within the app (history API) without reloading the shell. */
export function go(path: string): void {
  history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** A page: `load()` runs when it connects; `body()` renders once loaded. */
export abstract class ConsolePage extends LitElement {
  static override styles = [shared];
  static override properties = {
    loading: { state: true },
    error: { state: true },
    notice: { state: true },
  };
  // Declared, set in the constructor: a class field would shadow Lit's reactive accessor.
  declare protected loading: boolean;
  declare protected error: string | null;
  declare protected notice: string | null;

  constructor() {
    super();
    this.loading = true;
    this.error = null;
    this.notice = null;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.reload();
  }

  /** Runs `load()` and records its error. */
  protected async reload(): Promise<void> {
    this.loading = true;
    this.error = null;
    try {
      await this.load();
    } catch (error) {
      this.error = messageOf(error);
    } finally {
      this.loading = false;
    }
  }

  /** Runs an action; says done or its error, then reloads. */
  protected async act(action: () => Promise<unknown>): Promise<void> {
    this.notice = null;
    try {
      await action();
      this.notice = t('done');
      await this.reload();
    } catch (error) {
      this.error = messageOf(error);
    }
  }

  protected abstract load(): Promise<void>;
  protected abstract body(): TemplateResult;

  override render() {
    return html`${this.notice ? html`<p class="notice" role="status">${this.notice}</p>` : ''}
    ${this.error ? html`<p class="error" role="alert">${t('failed')}: ${this.error}</p>` : ''}
    ${this.loading ? html`<p class="muted" role="status">${t('loading')}</p>` : ''} ${this.body()}`;
  }
}

/** The sentence of an error. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** A status badge. */
export function badge(status: string): TemplateResult {
  return html`<span class="status ${status}">${status}</span>`;
}
