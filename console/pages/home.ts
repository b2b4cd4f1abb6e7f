/**
 * Home: today and the last 7 days per currency (collected, refunded, net, from the settlement
 * report), and the "Needs attention" count, linked: sessions, refunds and payouts to review
 * (the Needs attention page), disabled or failing webhook endpoints (Webhooks), failing
 * background tasks and integration errors (Health; `GET /diagnostics/summary` runs no check);
 * the last 24 hours' success rate and median time to pay per method and country
 * (`GET /reports/methods`).
 * @module
 */
import { html } from 'lit';
import { api, type Page } from '../api';
import { language, t } from '../i18n';
import type { StringKey } from '../strings/en';
import { netTable } from '../net-table';
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

/** A row of `GET /reports/methods`. */
interface MethodStats {
  method: string;
  country_id: number;
  attempts: number;
  unsettled: number;
  success_rate: number | null;
  median_seconds_to_pay: number | null;
}

const DAY_MS = 86_400_000;

/** A rate as a percentage in the page's language ("—" when nothing settled). */
const percent = (rate: number | null) =>
  rate === null
    ? '—'
    : new Intl.NumberFormat(language(), { style: 'percent', maximumFractionDigits: 1 }).format(
        rate,
      );

class HomePage extends ConsolePage {
  static override properties = {
    ...ConsolePage.properties,
    today: { state: true },
    week: { state: true },
    attention: { state: true },
    methods: { state: true },
  };
  declare today: NetRow[];
  declare week: NetRow[];
  declare attention: Count[];
  declare methods: MethodStats[];

  constructor() {
    super();
    this.today = [];
    this.week = [];
    this.attention = [];
    this.methods = [];
  }

  protected override async load(): Promise<void> {
    const now = new Date();
    const [week, sessions, refunds, payouts, endpoints, summary, methods] = await Promise.all([
      settlement(daysAgo(6), now),
      api<Page<unknown>>('/sessions?status=requires_action&limit=100'),
      api<Page<unknown>>('/refunds?status=needs_review&limit=100'),
      api<Page<unknown>>('/payouts?status=needs_review&limit=100'),
      api<Page<Endpoint>>('/webhook-endpoints'),
      api<Summary>('/diagnostics/summary'),
      api<{ data: MethodStats[] }>(
        `/reports/methods?${new URLSearchParams({
          from: new Date(now.getTime() - DAY_MS).toISOString(),
          to: now.toISOString(),
        })}`,
      ),
    ]);
    this.methods = methods.data;
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
      ${sums.length === 0 ? html`<p class="muted">${t('none')}</p>` : ''} ${netTable(sums)}
    </section>`;
  }

  private methodTable() {
    return html`<section class="card" aria-labelledby="methods-day">
      <h2 id="methods-day">${t('methodsDay')}</h2>
      ${this.methods.length === 0 ? html`<p class="muted">${t('none')}</p>` : ''}
      <table class="stack">
        <thead>
          <tr>
            <th>${t('method')}</th>
            <th>${t('country')}</th>
            <th class="num">${t('successRate')}</th>
            <th class="num">${t('medianToPay')}</th>
            <th class="num">${t('attempts')}</th>
          </tr>
        </thead>
        <tbody>
          ${this.methods.map(
            (m) =>
              html`<tr>
                <td data-label=${t('method')}>${m.method}</td>
                <td data-label=${t('country')}>${m.country_id}</td>
                <td data-label=${t('successRate')} class="num">${percent(m.success_rate)}</td>
                <td data-label=${t('medianToPay')} class="num">
                  ${m.median_seconds_to_pay === null ? '—' : `${m.median_seconds_to_pay} ${t('seconds')}`}
                </td>
                <td data-label=${t('attempts')} class="num">
                  ${m.attempts}${m.unsettled ? ` (${m.unsettled} ${t('unsettled')})` : ''}
                </td>
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
      ${this.figures(t('today'), this.today)} ${this.figures(t('week'), this.week)}
      ${this.methodTable()}`;
  }
}

customElements.define('uc-console-home', HomePage);
