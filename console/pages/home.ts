/**
 * Home: today and the last 7 days per currency (collected, refunded, net, from the settlement
 * report), and the "Needs attention" count, linked.
 * @module
 */
import { html } from 'lit';
import { api, type Page } from '../api';
import { money, t } from '../i18n';
import { ConsolePage } from '../page';
import { daysAgo, perCurrency, settlement, type NetRow } from '../report';

class HomePage extends ConsolePage {
  static override properties = {
    ...ConsolePage.properties,
    today: { state: true },
    week: { state: true },
    attention: { state: true },
  };
  declare today: NetRow[];
  declare week: NetRow[];
  declare attention: number;

  constructor() {
    super();
    this.today = [];
    this.week = [];
    this.attention = 0;
  }

  protected override async load(): Promise<void> {
    const now = new Date();
    const [week, sessions, refunds, payouts] = await Promise.all([
      settlement(daysAgo(6), now),
      api<Page<unknown>>('/sessions?status=requires_action&limit=100'),
      api<Page<unknown>>('/refunds?status=needs_review&limit=100'),
      api<Page<unknown>>('/payouts?status=needs_review&limit=100'),
    ]);
    const today = daysAgo(0).toISOString().slice(0, 10);
    this.week = week.net;
    this.today = week.net.filter((row) => row.day === today);
    this.attention = sessions.data.length + refunds.data.length + payouts.data.length;
  }

  private figures(title: string, rows: NetRow[]) {
    const sums = [...perCurrency(rows)];
    return html`<section class="card" aria-label=${title}>
      <h2>${title}</h2>
      ${sums.length === 0 ? html`<p class="muted">${t('none')}</p>` : ''}
      <table>
        <thead>
          <tr>
            <th>${t('currency')}</th>
            <th class="num">${t('collected')}</th>
            <th class="num">${t('refunded')}</th>
            <th class="num">${t('net')}</th>
          </tr>
        </thead>
        <tbody>
          ${sums.map(
            ([currency, s]) =>
              html`<tr>
                <td>${currency}</td>
                <td class="num">${money(s.collected, null)}</td>
                <td class="num">${money(s.refunded, null)}</td>
                <td class="num">${money(s.net, null)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </section>`;
  }

  protected override body() {
    return html`<h1>${t('home')}</h1>
      <p class="card">
        <a href="/console/attention">${t('attention')}: <strong>${this.attention}</strong></a>
      </p>
      ${this.figures(t('today'), this.today)} ${this.figures(t('week'), this.week)}`;
  }
}

customElements.define('uc-console-home', HomePage);
