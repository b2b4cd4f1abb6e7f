/**
 * A payment (`/console/payments/:session_id`): the session, a timeline of its history,
 * callbacks heard and webhooks (each with its delivery tries), its refunds (with their own
 * webhooks), and the actions the role allows: refund (prefilled with what is refundable),
 * expire, resend a webhook, reconcile now, erase the payer's data (typing the reference).
 * @module
 */
import { html } from 'lit';
import { api } from '../api';
import { can } from '../can';
import { money, t, when } from '../i18n';
import { badge, ConsolePage } from '../page';

interface Webhook {
  id: string;
  type: string;
  status: string;
  tries: number;
  created_at: string;
  deliveries: { at: string; status: number | null; error: string | null }[];
}

interface Session {
  id: string;
  status: string;
  amount: number;
  currency: string;
  reference: string;
  customer: Record<string, unknown> | null;
  created_at: string;
  expires_at: string;
  attempts: { id: string; status: string; method: string; amount?: number; created_at?: string }[];
  history: { seq: number; at: string; type: string; attempt_id: string | null }[];
  callbacks: { received_at: string; status: string | null; attempt_id: string | null }[];
  webhooks: Webhook[];
  refunds: {
    id: string;
    amount: number;
    currency: string;
    status: string;
    reason: string | null;
    created: string;
  }[];
  redacted_at: string | null;
}

/** One line of the timeline. */
interface Entry {
  at: string;
  kind: string;
  text: string;
  webhook?: { id: string; owner: string };
  tries?: Webhook['deliveries'];
}

/** Refunds that still count against what was paid. */
const SPENT = new Set(['pending', 'succeeded', 'needs_review', 'requires_action']);

class PaymentPage extends ConsolePage {
  static override properties = {
    ...ConsolePage.properties,
    session: { state: true },
    refundWebhooks: { state: true },
    erasing: { state: true },
  };
  declare session: Session | null;
  declare refundWebhooks: Map<string, Webhook[]>;
  declare erasing: boolean;

  constructor() {
    super();
    this.session = null;
    this.refundWebhooks = new Map();
    this.erasing = false;
  }

  private get sessionId(): string {
    return this.getAttribute('session-id') ?? '';
  }

  protected override async load(): Promise<void> {
    const session = await api<Session>(`/sessions/${encodeURIComponent(this.sessionId)}`);
    const details = await Promise.all(
      session.refunds.map((r) => api<{ webhooks: Webhook[] }>(`/refunds/${r.id}`)),
    );
    this.refundWebhooks = new Map(session.refunds.map((r, i) => [r.id, details[i]!.webhooks]));
    this.session = session;
  }

  private refundable(s: Session): number {
    if (s.status !== 'succeeded') return 0;
    const spent = s.refunds
      .filter((r) => SPENT.has(r.status))
      .reduce((sum, r) => sum + r.amount, 0);
    return Math.max(0, s.amount - spent);
  }

  private timeline(s: Session): Entry[] {
    const entries: Entry[] = [
      ...s.history.map((h) => ({
        at: h.at,
        kind: t('event'),
        text: `${h.type}${h.attempt_id ? ` · ${h.attempt_id}` : ''}`,
      })),
      ...s.callbacks.map((c) => ({
        at: c.received_at,
        kind: t('callback'),
        text: `${c.status ?? '?'}${c.attempt_id ? ` · ${c.attempt_id}` : ''}`,
      })),
      ...s.webhooks.map((w) => ({
        at: w.created_at,
        kind: t('webhook'),
        text: `${w.type} · ${w.status}`,
        webhook: { id: w.id, owner: `/sessions/${s.id}` },
        tries: w.deliveries,
      })),
    ];
    for (const [refund, hooks] of this.refundWebhooks) {
      for (const w of hooks) {
        entries.push({
          at: w.created_at,
          kind: t('webhook'),
          text: `${w.type} · ${w.status}`,
          webhook: { id: w.id, owner: `/refunds/${refund}` },
          tries: w.deliveries,
        });
      }
    }
    return entries.sort((a, b) => a.at.localeCompare(b.at));
  }

  private refund(event: SubmitEvent): void {
    event.preventDefault();
    const element = event.target as HTMLFormElement;
    const form = new FormData(element);
    const reason = String(form.get('reason') ?? '').trim();
    // Another number than the payer's (optional): sent once, then cleared from the form, so the
    // page keeps no full number (the answer shows it masked).
    const mobile = String(form.get('dest_mobile') ?? '').replace(/[^\d]/g, '');
    const method = String(form.get('dest_method') ?? '').trim();
    const body = {
      amount: Number(form.get('amount')),
      ...(reason ? { reason } : {}),
      ...(mobile ? { destination: { method, mobile } } : {}),
    };
    (element.elements.namedItem('dest_mobile') as HTMLInputElement).value = '';
    void this.act(() => api(`/sessions/${this.sessionId}/refunds`, 'POST', body));
  }

  /** The payout method the refund defaults to: the one of the attempt that paid. */
  private paidMethod(s: Session): string {
    return [...s.attempts].reverse().find((a) => a.status === 'succeeded')?.method ?? '';
  }

  private erase(event: SubmitEvent): void {
    event.preventDefault();
    const typed = String(new FormData(event.target as HTMLFormElement).get('confirm') ?? '');
    if (typed !== this.session?.reference) return;
    this.erasing = false;
    void this.act(() => api(`/sessions/${this.sessionId}/redact`, 'POST'));
  }

  private actions(s: Session) {
    const refundable = this.refundable(s);
    return html`<h2>${t('actions')}</h2>
      <div class="row">
        ${
          can('POST', '/sessions/:id/expire') && ['open', 'requires_action'].includes(s.status)
            ? html`<button
                type="button"
                class="quiet"
                @click=${() => this.act(() => api(`/sessions/${s.id}/expire`, 'POST'))}
              >
                ${t('expire')}
              </button>`
            : ''
        }
        ${
          can('POST', '/sessions/:id/reconcile')
            ? html`<button
                type="button"
                class="quiet"
                @click=${() => this.act(() => api(`/sessions/${s.id}/reconcile`, 'POST'))}
              >
                ${t('reconcile')}
              </button>`
            : ''
        }
        ${
          can('POST', '/sessions/:id/redact') && !s.redacted_at
            ? html`<button type="button" class="danger" @click=${() => (this.erasing = true)}>
                ${t('erase')}
              </button>`
            : ''
        }
      </div>
      ${
        this.erasing
          ? html`<form class="card row" @submit=${this.erase}>
              <label
                >${t('eraseConfirm')} (${s.reference})<input
                  name="confirm"
                  autocomplete="off"
                  required
              /></label>
              <button type="submit" class="danger">${t('confirm')}</button>
              <button type="button" class="quiet" @click=${() => (this.erasing = false)}>
                ${t('cancel')}
              </button>
            </form>`
          : ''
      }
      ${
        can('POST', '/sessions/:id/refunds') && refundable > 0
          ? html`<form class="card filters" aria-label=${t('refund')} @submit=${this.refund}>
              <label
                >${t('refundAmount')} (${s.currency})
                <input
                  name="amount"
                  type="number"
                  min="1"
                  max=${refundable}
                  step="any"
                  required
                  .value=${String(refundable)}
                />
              </label>
              <label>${t('reason')}<input name="reason" maxlength="200" /></label>
              <fieldset class="wide">
                <legend>${t('refundDestination')}</legend>
                <label
                  >${t('refundMobile')}<input
                    name="dest_mobile"
                    inputmode="numeric"
                    pattern="[0-9 +]{8,18}"
                    autocomplete="off"
                /></label>
                <label
                  >${t('refundMethod')}<input
                    name="dest_method"
                    maxlength="64"
                    .value=${this.paidMethod(s)}
                /></label>
              </fieldset>
              <button type="submit">${t('refund')}</button>
            </form>`
          : ''
      }`;
  }

  protected override body() {
    const s = this.session;
    if (!s) return html``;
    return html`<h1>${s.reference}</h1>
      <dl class="card">
        <dt>${t('session')}</dt>
        <dd><code>${s.id}</code></dd>
        <dt>${t('status')}</dt>
        <dd>${badge(s.status)}</dd>
        <dt>${t('amount')}</dt>
        <dd>${money(s.amount, s.currency)}</dd>
        <dt>${t('refundable')}</dt>
        <dd>${money(this.refundable(s), s.currency)}</dd>
        <dt>${t('created')}</dt>
        <dd>${when(s.created_at)}</dd>
        <dt>${t('expires')}</dt>
        <dd>${when(s.expires_at)}</dd>
        <dt>${t('customer')}</dt>
        <dd>
          ${s.customer ? Object.entries(s.customer).map(([k, v]) => html`${k}: ${String(v)}<br />`) : '—'}
        </dd>
      </dl>
      ${this.actions(s)}
      <h2>${t('attempts')}</h2>
      <table class="stack">
        <thead>
          <tr>
            <th>id</th>
            <th>${t('status')}</th>
            <th>${t('method')}</th>
          </tr>
        </thead>
        <tbody>
          ${s.attempts.map(
            (a) =>
              html`<tr>
                <td data-label="id"><code>${a.id}</code></td>
                <td data-label=${t('status')}>${badge(a.status)}</td>
                <td data-label=${t('method')}>${a.method}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      <h2>${t('refunds')}</h2>
      ${s.refunds.length === 0 ? html`<p class="muted">${t('none')}</p>` : ''}
      <table class="stack">
        <tbody>
          ${s.refunds.map(
            (r) =>
              html`<tr>
                <td data-label="id"><code>${r.id}</code></td>
                <td data-label=${t('status')}>${badge(r.status)}</td>
                <td data-label=${t('amount')} class="num">${money(r.amount, r.currency)}</td>
                <td data-label=${t('created')}>${when(r.created)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      <h2>${t('timeline')}</h2>
      <ol class="timeline">
        ${this.timeline(s).map(
          (e) =>
            html`<li>
              <span class="muted">${when(e.at)} · ${e.kind}</span><br />${e.text}
              ${e.tries?.length ? html`<span class="muted"> (${e.tries.length} ${t('tries')}: ${e.tries.map((d) => d.status ?? d.error).join(', ')})</span>` : ''}
              ${
                e.webhook &&
                can(
                  'POST',
                  `${e.webhook.owner.startsWith('/refunds') ? '/refunds/:id' : '/sessions/:id'}/webhooks/:event/resend`,
                )
                  ? html`<button
                      type="button"
                      class="quiet"
                      @click=${() => this.act(() => api(`${e.webhook!.owner}/webhooks/${e.webhook!.id}/resend`, 'POST'))}
                    >
                      ${t('resend')}
                    </button>`
                  : ''
              }
            </li>`,
        )}
      </ol>`;
  }
}

customElements.define('uc-console-payment', PaymentPage);
