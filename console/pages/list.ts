/**
 * A filtered, cursor-paged list of the merchant API (refunds, payouts): its columns and filters
 * given by the page that uses it.
 * @module
 */
import { html, type TemplateResult } from 'lit';
import { api, type Page } from '../api';
import { t } from '../i18n';
import type { StringKey } from '../strings/en';
import { ConsolePage } from '../page';

/** A column: its title and its cell. */
export interface Column<T> {
  key: StringKey;
  cell: (row: T) => TemplateResult | string;
  num?: boolean;
}

/** A list page over `path` (e.g. `/refunds`) with a status filter. */
export abstract class ListPage<T> extends ConsolePage {
  static override properties = {
    ...ConsolePage.properties,
    rows: { state: true },
    next: { state: true },
  };
  declare rows: T[];
  declare next: string | null;
  protected filter = new URLSearchParams();
  private cursor: string | null = null;
  protected abstract path: string;
  protected abstract heading: StringKey;
  protected abstract columns: Column<T>[];
  protected statuses: readonly string[] = [];

  constructor() {
    super();
    this.rows = [];
    this.next = null;
  }

  protected override async load(): Promise<void> {
    const query = new URLSearchParams(this.filter);
    query.set('limit', '50');
    if (this.cursor) query.set('starting_after', this.cursor);
    const page = await api<Page<T>>(`${this.path}?${query}`);
    this.rows = page.data;
    this.next = page.has_more ? page.next_cursor : null;
  }

  private apply(event: SubmitEvent): void {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    this.filter = new URLSearchParams();
    for (const [name, value] of form)
      if (String(value).trim()) this.filter.set(name, String(value).trim());
    this.cursor = null;
    void this.reload();
  }

  /** Anything the page shows above its list (a create form). */
  protected extra(): TemplateResult | string {
    return '';
  }

  protected override body() {
    return html`<h1>${t(this.heading)}</h1>
      ${this.extra()}
      <form class="filters" @submit=${this.apply}>
        <label>${t('reference')}<input name="reference" /></label>
        <label
          >${t('status')}
          <select name="status">
            <option value="">${t('any')}</option>
            ${this.statuses.map((s) => html`<option>${s}</option>`)}
          </select>
        </label>
        <label>${t('currency')}<input name="currency" maxlength="3" /></label>
        <button type="submit">${t('apply')}</button>
      </form>
      ${this.rows.length === 0 && !this.loading ? html`<p>${t('none')}</p>` : ''}
      <table class="stack">
        <thead>
          <tr>
            ${this.columns.map((c) => html`<th class=${c.num ? 'num' : ''}>${t(c.key)}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${this.rows.map(
            (row) =>
              html`<tr>
                ${this.columns.map((c) => html`<td data-label=${t(c.key)} class=${c.num ? 'num' : ''}>${c.cell(row)}</td>`)}
              </tr>`,
          )}
        </tbody>
      </table>
      <div class="row">
        ${this.cursor ? html`<button type="button" class="quiet" @click=${() => ((this.cursor = null), this.reload())}>${t('first')}</button>` : ''}
        ${this.next ? html`<button type="button" class="quiet" @click=${() => ((this.cursor = this.next), this.reload())}>${t('next')}</button>` : ''}
      </div>`;
  }
}
