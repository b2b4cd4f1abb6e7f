/**
 * Reports: the settlement report for a date range, a plain SVG chart of collected, refunded and
 * net per day for one currency, and the report's CSV.
 * @module
 */
import { html, svg } from 'lit';
import { apiText, download } from '../api';
import { money, t } from '../i18n';
import { netTable } from '../net-table';
import { ConsolePage } from '../page';
import { daysAgo, perCurrency, settlement, type NetRow } from '../report';

const WIDTH = 320;
const HEIGHT = 140;
const SERIES = [
  ['collected', '#0b57d0'],
  ['refunded', '#b3261e'],
  ['net', '#0f5a2a'],
] as const;

class ReportsPage extends ConsolePage {
  static override properties = {
    ...ConsolePage.properties,
    rows: { state: true },
    currency: { state: true },
  };
  declare rows: NetRow[];
  declare currency: string;
  private from = daysAgo(6);
  private to = new Date();

  constructor() {
    super();
    this.rows = [];
    this.currency = '';
  }

  protected override async load(): Promise<void> {
    this.rows = (await settlement(this.from, this.to)).net;
    const currencies = [...perCurrency(this.rows).keys()];
    if (!currencies.includes(this.currency)) this.currency = currencies[0] ?? '';
  }

  private apply(event: SubmitEvent): void {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    this.from = new Date(`${String(form.get('from'))}T00:00:00Z`);
    this.to = new Date(new Date(`${String(form.get('to'))}T00:00:00Z`).getTime() + 86_400_000);
    void this.reload();
  }

  private async csv(): Promise<void> {
    const query = new URLSearchParams({
      from: this.from.toISOString(),
      to: this.to.toISOString(),
      format: 'csv',
    });
    download(
      `settlement-${query.get('from')!.slice(0, 10)}.csv`,
      await apiText(`/reports/settlement?${query}`),
    );
  }

  private chart() {
    const rows = this.rows
      .filter((r) => (r.currency ?? '—') === this.currency)
      .sort((a, b) => a.day.localeCompare(b.day));
    if (rows.length === 0) return html`<p class="muted">${t('none')}</p>`;
    const top = Math.max(1, ...rows.flatMap((r) => [r.collected, r.refunded, Math.abs(r.net)]));
    const step = WIDTH / rows.length;
    const bar = step / 4;
    return html`<svg
        viewBox="0 0 ${WIDTH} ${HEIGHT + 16}"
        width="100%"
        role="img"
        aria-label="${t('chart')} (${this.currency})"
      >
        ${rows.map((r, i) =>
          SERIES.map(([key, color], j) => {
            const h = (Math.max(0, r[key]) / top) * HEIGHT;
            return svg`<rect x=${i * step + j * bar + bar / 2} y=${HEIGHT - h} width=${bar} height=${h} fill=${color}><title>${r.day} ${t(key)} ${money(r[key], this.currency)}</title></rect>`;
          }),
        )}
        ${rows.map((r, i) => svg`<text x=${i * step + step / 2} y=${HEIGHT + 12} font-size="9" text-anchor="middle">${r.day.slice(5)}</text>`)}
      </svg>
      <p class="muted">
        ${SERIES.map(
          ([key, color]) =>
            html`<svg width="10" height="10" aria-hidden="true">
                <rect width="10" height="10" fill=${color}></rect>
              </svg>
              ${t(key)} `,
        )}
      </p>`;
  }

  protected override body() {
    const sums = [...perCurrency(this.rows)];
    return html`<h1>${t('reports')}</h1>
      <form class="filters" @submit=${this.apply}>
        <label
          >${t('from')}<input
            name="from"
            type="date"
            required
            .value=${this.from.toISOString().slice(0, 10)}
        /></label>
        <label
          >${t('to')}<input
            name="to"
            type="date"
            required
            .value=${new Date(this.to.getTime() - 1).toISOString().slice(0, 10)}
        /></label>
        <button type="submit">${t('apply')}</button>
        <button type="button" class="quiet" @click=${() => this.act(() => this.csv())}>
          ${t('download')}
        </button>
      </form>
      <h2>${t('settlement')}</h2>
      ${netTable(sums)}
      <h2>${t('chart')}</h2>
      ${
        sums.length > 1
          ? html`<label
              >${t('currency')}<select
                @change=${(e: Event) => (this.currency = (e.target as HTMLSelectElement).value)}
              >
                ${sums.map(([c]) => html`<option ?selected=${c === this.currency}>${c}</option>`)}
              </select></label
            >`
          : ''
      }
      ${this.chart()}`;
  }
}

customElements.define('uc-console-reports', ReportsPage);
