/**
 * Home: today and the last 7 days per currency (collected, refunded, net, from the settlement
 * report), and the "Needs attention" count, linked: sessions, refunds and payouts to review
 * (the Needs attention page), disabled or failing webhook endpoints (Webhooks), failing
 * background tasks and integration errors (Health; `GET /diagnostics/summary` runs no check).
 * @module
 */
import { html } from 'lit';
import { api, type Page } from '../api';
import { money, t } from '../i18n';
import type { StringKey } from '../strings/en';
import { ConsolePage } from '../page';
import { daysAgo, perCurrency, settlement, type NetRow } from '../report';

/** One line of the "Needs attention" count. */
interface Count {
  key: StringKey;
  href: string;
  n: number;
}

interface Endpoint {
  status: 'enabled' | 'disabled';
  failing_since: string | null;
}

/** `GET /diagnostics/summary`. */
interface Summary {
  integration: { status: 'ok' | 'degraded' | 'unknown' };
  failing_tasks: unknown[] | null;
}

class HomePage extends ConsolePage {
  static override properties = {
    ...ConsolePage.properties,
    today: { state: true },
    week: { state: true },
    attention: { state: true },
  };
  declare today: NetRow[];
  declare week: NetRow[];
  declare attention: Count[];

  constructor() {
    super();
    this.today = [];
    this.week = [];
    this.attention = [];
  }

  protected override async load(): Promise<void> {
    const now = new Date();
    const [week, sessions, refunds, payouts, endpoints, summary] = await Promise.all([
      settlement(daysAgo(6), now),
      api<Page<unknown>>('/sessions?status=requires_action&limit=100'),
      api<Page<unknown>>('/refunds?status=needs_review&limit=100'),
      api<Page<unknown>>('/payouts?status=needs_review&limit=100'),
      api<Page<Endpoint>>('/webhook-endpoints'),
      api<Summary>('/diagnostics/summary'),
    ]);
    const today = daysAgo(0).toISOString().slice(0, 10);
    this.week = week.net;
    this.today = week.net.filter((row) => row.day === today);
    const failingEndpoints = endpoints.data.filter(
      (e) => e.status === 'disabled' || e.failing_since !== null,
    );
    this.attention = [
      {
        key: 'toReview',
        href: '/console/attention',
        n: sessions.data.length + refunds.data.length + payouts.data.length,
      },
      { key: 'endpointsFailing', href: '/console/webhooks', n: failingEndpoints.length },
      { key: 'tasksFailing', href: '/console/health', n: summary.failing_tasks?.length ?? 0 },
      {
        key: 'integrationDegraded',
        href: '/console/health',
        n: summary.integration.status === 'degraded' ? 1 : 0,
      },
    ];
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
      <section class="card" aria-labelledby="attention-total">
        <h2 id="attention-total">
          ${t('attention')}: <strong>${this.attention.reduce((sum, c) => sum + c.n, 0)}</strong>
        </h2>
        <ul class="plain">
          ${this.attention.map(
            (c) =>
              html`<li>
                <a href=${c.href}>${t(c.key)}: <strong>${c.n}</strong></a>
              </li>`,
          )}
        </ul>
      </section>
      ${this.figures(t('today'), this.today)} ${this.figures(t('week'), this.week)}`;
  }
}

customElements.define('uc-console-home', HomePage);
