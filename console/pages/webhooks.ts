/**
 * Webhooks: the endpoints (health, events, sub-merchant), create and edit (admin; the secret is
 * shown once), roll the secret with a day's overlap, the deliveries log per endpoint, replay
 * a chosen time range (the last hour unless changed).
 * @module
 */
import { html } from 'lit';
import { api, type Page } from '../api';
import { can } from '../can';
import { t, when } from '../i18n';
import { badge, ConsolePage } from '../page';

interface Endpoint {
  id: string;
  url: string;
  enabled_events: string[];
  sub_merchant_id: string | null;
  status: string;
  disabled_reason: string | null;
  failing_since: string | null;
  previous_secret_expires_at: string | null;
}

interface Delivery {
  id: string;
  event_id: string;
  event_type: string;
  status: string;
  http_status: number | null;
  error: string | null;
  attempt: number;
  created_at: string;
}

const OVERLAP_SECONDS = 86_400;

/** A `datetime-local` input's value for `date`, in the browser's time zone (to the minute). */
function localInput(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/**
 * The replay range the form starts with: the last hour, ending at the next whole minute (the
 * input shows minutes, and an end rounded down would leave out this minute's events).
 */
function lastHour(): { from: string; to: string } {
  const to = new Date(Math.ceil(Date.now() / 60_000) * 60_000);
  return { from: localInput(new Date(to.getTime() - 3_600_000)), to: localInput(to) };
}

class WebhooksPage extends ConsolePage {
  static override properties = {
    ...ConsolePage.properties,
    endpoints: { state: true },
    secret: { state: true },
    deliveries: { state: true },
  };
  /** Set once, when the page opens: a reload after an action keeps what the user typed. */
  private readonly range = lastHour();
  declare endpoints: Endpoint[];
  declare secret: string | null;
  declare deliveries: { id: string; rows: Delivery[] } | null;

  constructor() {
    super();
    this.endpoints = [];
    this.secret = null;
    this.deliveries = null;
  }

  protected override async load(): Promise<void> {
    this.endpoints = (await api<Page<Endpoint>>('/webhook-endpoints')).data;
  }

  private fields(form: FormData) {
    const events = String(form.get('events') ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const sub = String(form.get('sub_merchant_id') ?? '').trim();
    return {
      url: String(form.get('url') ?? '').trim(),
      enabled_events: events.length ? events : ['*'],
      sub_merchant_id: sub || null,
    };
  }

  private create(event: SubmitEvent): void {
    event.preventDefault();
    const body = this.fields(new FormData(event.target as HTMLFormElement));
    void this.act(async () => {
      const made = await api<{ secret: string }>('/webhook-endpoints', 'POST', body);
      this.secret = made.secret;
    });
  }

  private edit(event: SubmitEvent, id: string): void {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const body = { ...this.fields(form), status: form.get('enabled') ? 'enabled' : 'disabled' };
    void this.act(() => api(`/webhook-endpoints/${id}`, 'PATCH', body));
  }

  private roll(id: string): void {
    void this.act(async () => {
      const rolled = await api<{ secret: string }>(`/webhook-endpoints/${id}/roll-secret`, 'POST', {
        expires_in: OVERLAP_SECONDS,
      });
      this.secret = rolled.secret;
    });
  }

  /** Replays the form's range; a refusal (a replay running, the day's allowance, a range the
   * API rejects) shows as the page's error, in the API's words. */
  private replay(event: SubmitEvent, id: string): void {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    // A datetime-local value has no offset: Date reads it in the browser's time zone.
    const iso = (name: string) => new Date(String(form.get(name))).toISOString();
    void this.act(() =>
      api(`/webhook-endpoints/${id}/replay`, 'POST', { from: iso('from'), to: iso('to') }),
    );
  }

  private async showDeliveries(id: string): Promise<void> {
    const page = await api<Page<Delivery>>(`/webhook-endpoints/${id}/deliveries?limit=50`);
    this.deliveries = { id, rows: page.data };
  }

  private endpoint(e: Endpoint) {
    const admin = can('PATCH', '/webhook-endpoints/:id');
    return html`<section class="card" aria-label=${e.url}>
      <p>
        <code>${e.url}</code> ${badge(e.status)}
        ${e.failing_since ? html`${badge('failed')} <span class="muted">${when(e.failing_since)}</span>` : ''}
      </p>
      <p class="muted">
        ${e.enabled_events.join(', ')}${e.sub_merchant_id ? ` · ${e.sub_merchant_id}` : ''}${e.previous_secret_expires_at ? ` · ${when(e.previous_secret_expires_at)}` : ''}
      </p>
      ${
        admin
          ? html`<form class="filters" @submit=${(ev: SubmitEvent) => this.edit(ev, e.id)}>
              <label>${t('url')}<input name="url" type="url" required .value=${e.url} /></label>
              <label
                >${t('events')}<input name="events" .value=${e.enabled_events.join(', ')}
              /></label>
              <label
                >sub_merchant_id<input name="sub_merchant_id" .value=${e.sub_merchant_id ?? ''}
              /></label>
              <label
                ><span>${t('enabled')}</span
                ><input name="enabled" type="checkbox" ?checked=${e.status === 'enabled'}
              /></label>
              <button type="submit">${t('save')}</button>
            </form>`
          : ''
      }
      <div class="row">
        <button
          type="button"
          class="quiet"
          @click=${() => this.act(() => this.showDeliveries(e.id))}
        >
          ${t('deliveries')}
        </button>
        ${can('POST', '/webhook-endpoints/:id/roll-secret') ? html`<button type="button" class="quiet" @click=${() => this.roll(e.id)}>${t('rollSecret')}</button>` : ''}
      </div>
      ${
        can('POST', '/webhook-endpoints/:id/replay')
          ? html`<form class="filters" @submit=${(ev: SubmitEvent) => this.replay(ev, e.id)}>
              <label
                >${t('from')}<input
                  name="from"
                  type="datetime-local"
                  required
                  .value=${this.range.from}
              /></label>
              <label
                >${t('to')}<input name="to" type="datetime-local" required .value=${this.range.to}
              /></label>
              <button type="submit" class="quiet">${t('replay')}</button>
            </form>`
          : ''
      }
      ${
        this.deliveries?.id === e.id
          ? html`<ul>
              ${this.deliveries.rows.length === 0 ? html`<li>${t('none')}</li>` : ''}${this.deliveries.rows.map(
                (d) =>
                  html`<li>
                    ${when(d.created_at)} · ${d.event_type} · ${badge(d.status)}
                    ${d.http_status ?? d.error ?? ''}
                    <span class="muted">#${d.attempt} ${d.event_id}</span>
                  </li>`,
              )}
            </ul>`
          : ''
      }
    </section>`;
  }

  protected override body() {
    return html`<h1>${t('webhooks')}</h1>
      ${this.secret ? html`<p class="card" role="status">${t('secretOnce')} <code>${this.secret}</code></p>` : ''}
      ${
        can('POST', '/webhook-endpoints')
          ? html`<form class="card filters" aria-label=${t('create')} @submit=${this.create}>
              <label>${t('url')}<input name="url" type="url" required /></label>
              <label>${t('events')}<input name="events" /></label>
              <label>sub_merchant_id<input name="sub_merchant_id" /></label>
              <button type="submit">${t('create')}</button>
            </form>`
          : ''
      }
      <h2>${t('endpoints')}</h2>
      ${this.endpoints.length === 0 && !this.loading ? html`<p>${t('none')}</p>` : ''}
      ${this.endpoints.map((e) => this.endpoint(e))}`;
  }
}

customElements.define('uc-console-webhooks', WebhooksPage);
