/**
 * Payments: the sessions list (`GET /sessions`) searched by reference or session id, metadata,
 * the phone's last digits or the amount, filtered by status, method, country, currency and
 * dates, paged by cursor, exported as CSV (every page of the current filter).
 * @module
 */
import { html } from 'lit';
import { SESSION_STATUSES } from '../../shared/status';
import { api, download, toCsv, type Page } from '../api';
import { money, t, when } from '../i18n';
import { badge, ConsolePage, go } from '../page';

/** A row of `GET /sessions`. */
interface SessionRow {
  id: string;
  status: string;
  amount: number;
  currency: string;
  reference: string;
  country_id: number | null;
  created_at: string;
  attempts: { method: string }[];
}

const STATUSES = SESSION_STATUSES;
const SESSION_ID = /^cs_[a-z2-7]{26}$/;
const CSV_COLUMNS = ['id', 'reference', 'status', 'amount', 'currency', 'country_id', 'created_at'];
/** How often the first page is read again for new payments. */
const REFRESH_MS = 15_000;
/** At most this many rows in one export (the report's CSV is for more). */
const EXPORT_MAX = 5000;

class PaymentsPage extends ConsolePage {
  static override properties = {
    ...ConsolePage.properties,
    rows: { state: true },
    next: { state: true },
  };
  declare rows: SessionRow[];
  declare next: string | null;
  private filter = new URLSearchParams();
  private cursor: string | null = null;

  private timer: ReturnType<typeof setInterval> | undefined;

  constructor() {
    super();
    this.rows = [];
    this.next = null;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // New payments appear on the first page without a reload (quietly: no loading notice).
    this.timer = setInterval(() => {
      if (this.cursor === null && !this.loading && document.visibilityState === 'visible') {
        this.load().catch(() => undefined);
      }
    }, REFRESH_MS);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.timer);
  }

  protected override async load(): Promise<void> {
    const query = new URLSearchParams(this.filter);
    query.set('limit', '50');
    if (this.cursor) query.set('starting_after', this.cursor);
    const page = await api<Page<SessionRow>>(`/sessions?${query}`);
    this.rows = page.data;
    this.next = page.has_more ? page.next_cursor : null;
  }

  private search(event: SubmitEvent): void {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const text = String(form.get('q') ?? '').trim();
    if (SESSION_ID.test(text)) return go(`/console/payments/${text}`);
    const filter = new URLSearchParams();
    if (text) filter.set('reference', text);
    const [key, ...value] = String(form.get('metadata') ?? '').split('=');
    if (key?.trim() && value.length > 0)
      filter.set(`metadata[${key.trim()}]`, value.join('=').trim());
    for (const name of [
      'status',
      'currency',
      'country_id',
      'method',
      'sub_merchant_id',
      'phone_last',
      'amount',
    ]) {
      const value = String(form.get(name) ?? '').trim();
      if (value) filter.set(name, name === 'currency' ? value.toUpperCase() : value);
    }
    for (const name of ['created_gte', 'created_lt']) {
      const value = String(form.get(name) ?? '');
      if (value) filter.set(name, new Date(`${value}T00:00:00Z`).toISOString());
    }
    this.filter = filter;
    this.cursor = null;
    void this.reload();
  }

  private async exportCsv(): Promise<void> {
    const rows: SessionRow[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams(this.filter);
      query.set('limit', '100');
      if (cursor) query.set('starting_after', cursor);
      const page: Page<SessionRow> = await api<Page<SessionRow>>(`/sessions?${query}`);
      rows.push(...page.data);
      cursor = page.has_more ? page.next_cursor : null;
    } while (cursor && rows.length < EXPORT_MAX);
    download('payments.csv', toCsv(CSV_COLUMNS, rows as unknown as Record<string, unknown>[]));
  }

  protected override body() {
    return html`<h1>${t('payments')}</h1>
      <form class="filters" role="search" @submit=${this.search}>
        <label class="wide"
          >${t('searchLabel')}<input name="q" type="search" autocomplete="off"
        /></label>
        <label
          >${t('status')}
          <select name="status">
            <option value="">${t('any')}</option>
            ${STATUSES.map((s) => html`<option>${s}</option>`)}
          </select></label
        >
        <label>${t('currency')}<input name="currency" maxlength="3" /></label>
        <label>${t('country')}<input name="country_id" inputmode="numeric" /></label>
        <label>${t('method')}<input name="method" /></label>
        <label>${t('subMerchant')}<input name="sub_merchant_id" /></label>
        <label>${t('metadata')}<input name="metadata" /></label>
        <label
          >${t('phoneLast')}<input
            name="phone_last"
            inputmode="numeric"
            pattern="[0-9]{3}"
            maxlength="3"
            autocomplete="off"
        /></label>
        <label
          >${t('amountExact')}<input name="amount" inputmode="numeric" pattern="[0-9]+"
        /></label>
        <label>${t('from')}<input name="created_gte" type="date" /></label>
        <label>${t('to')}<input name="created_lt" type="date" /></label>
        <button type="submit">${t('search')}</button>
        <button type="button" class="quiet" @click=${() => this.act(() => this.exportCsv())}>
          ${t('exportCsv')}
        </button>
      </form>
      ${this.rows.length === 0 && !this.loading ? html`<p>${t('none')}</p>` : ''}
      <table class="stack">
        <thead>
          <tr>
            <th>${t('reference')}</th>
            <th>${t('status')}</th>
            <th class="num">${t('amount')}</th>
            <th>${t('method')}</th>
            <th>${t('created')}</th>
          </tr>
        </thead>
        <tbody>
          ${this.rows.map(
            (row) =>
              html`<tr>
                <td data-label=${t('reference')}>
                  <a
                    href="/console/payments/${row.id}"
                    @click=${(e: Event) => (e.preventDefault(), go(`/console/payments/${row.id}`))}
                    >${row.reference}</a
                  >
                </td>
                <td data-label=${t('status')}>${badge(row.status)}</td>
                <td data-label=${t('amount')} class="num">${money(row.amount, row.currency)}</td>
                <td data-label=${t('method')}>
                  ${row.attempts.map((a) => a.method).join(', ') || '—'}
                </td>
                <td data-label=${t('created')}>${when(row.created_at)}</td>
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

customElements.define('uc-console-payments', PaymentsPage);
