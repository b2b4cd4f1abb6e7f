/**
 * Needs attention: sessions in `requires_action`, refunds and payouts in `needs_review`, each
 * linked, with Reconcile now for the roles that may; and the anomalies a refund settles, each
 * with its refund call as a button behind a confirmation.
 * @module
 */
import { html } from 'lit';
import {
  anomalyRefundKey,
  heldReasons,
  refundableAnomalies,
  type RefundableAnomaly,
} from '../anomalies';
import { api, type Page } from '../api';
import { can } from '../can';
import { money, t, tf, when } from '../i18n';
import { badge, ConsolePage } from '../page';
import type { StringKey } from '../strings/en';

interface Item {
  kind: 'session' | 'refund' | 'payout';
  id: string;
  status: string;
  /** Why it needs a person (the session's `checkout.requires_action` reason). */
  reason: StringKey;
  amount: number;
  currency: string;
  at: string;
}

/** The button's words: "Refund 500 KES to 254******000". */
/** A `checkout.requires_action` reason's words. */
const REASONS: Readonly<Record<string, StringKey>> = {
  mismatch: 'reasonMismatch',
  needs_review: 'reasonNeedsReview',
  success_after_failure: 'reasonSuccessAfterFailure',
};

const refundLabel = (a: RefundableAnomaly) => {
  const amount = money(a.body.amount, a.body.currency);
  return a.to ? tf('refundTo', { amount, to: a.to }) : tf('refundOf', { amount });
};

class AttentionPage extends ConsolePage {
  static override properties = {
    ...ConsolePage.properties,
    items: { state: true },
    anomalies: { state: true },
    confirming: { state: true },
  };
  declare items: Item[];
  declare anomalies: RefundableAnomaly[];
  /** The event id of the anomaly whose refund waits for confirmation. */
  declare confirming: string | null;

  constructor() {
    super();
    this.items = [];
    this.anomalies = [];
    this.confirming = null;
  }

  protected override async load(): Promise<void> {
    type Row = {
      id?: string;
      reference?: string;
      status: string;
      amount: number;
      currency: string;
      created_at?: string;
      created?: string;
    };
    const [sessions, refunds, payouts, anomalies, reasons] = await Promise.all([
      api<Page<Row>>('/sessions?status=requires_action&limit=100'),
      api<Page<Row>>('/refunds?status=needs_review&limit=100'),
      api<Page<Row>>('/payouts?status=needs_review&limit=100'),
      refundableAnomalies(api),
      heldReasons(api),
    ]);
    this.anomalies = anomalies;
    const item =
      (kind: Item['kind']) =>
      (r: Row): Item => ({
        kind,
        id: (r.id ?? r.reference)!,
        status: r.status,
        // A refund or payout is here only for the horizon; a session says why it holds.
        reason:
          REASONS[kind === 'session' ? (reasons.get(r.id!) ?? '') : 'needs_review'] ??
          'reasonNeedsReview',
        amount: r.amount,
        currency: r.currency,
        at: (r.created_at ?? r.created)!,
      });
    this.items = [
      ...sessions.data.map(item('session')),
      ...refunds.data.map(item('refund')),
      ...payouts.data.map(item('payout')),
    ];
  }

  private reconcilePath(item: Item): string {
    return item.kind === 'session'
      ? `/sessions/${item.id}/reconcile`
      : item.kind === 'refund'
        ? `/refunds/${item.id}/reconcile`
        : `/payouts/${item.id}/reconcile`;
  }

  private sendRefund(anomaly: RefundableAnomaly): void {
    this.confirming = null;
    void this.act(() => api(anomaly.path, 'POST', anomaly.body, anomalyRefundKey(anomaly)));
  }

  private anomalyList() {
    if (this.anomalies.length === 0) return '';
    const allowed = can('POST', '/sessions/:id/refunds');
    return html`<h2>${t('anomalies')}</h2>
      <ul class="plain">
        ${this.anomalies.map(
          (a) =>
            html`<li class="card">
              <a href="/console/payments/${a.sessionId}">${a.reference}</a> · ${badge(a.kind)} ·
              ${when(a.at)}
              <p>${a.message}</p>
              ${
                !allowed
                  ? ''
                  : this.confirming === a.event
                    ? html`<div class="row" role="group" aria-label=${refundLabel(a)}>
                        <p>${t('refundConfirm')}</p>
                        <button type="button" class="danger" @click=${() => this.sendRefund(a)}>
                          ${t('confirm')}: ${refundLabel(a)}
                        </button>
                        <button
                          type="button"
                          class="quiet"
                          @click=${() => (this.confirming = null)}
                        >
                          ${t('cancel')}
                        </button>
                      </div>`
                    : html`<button type="button" @click=${() => (this.confirming = a.event)}>
                        ${refundLabel(a)}
                      </button>`
              }
            </li>`,
        )}
      </ul>`;
  }

  protected override body() {
    return html`<h1>${t('attention')}</h1>
      ${this.items.length === 0 && this.anomalies.length === 0 && !this.loading ? html`<p>${t('none')}</p>` : ''}
      <table class="stack">
        <tbody>
          ${this.items.map(
            (i) =>
              html`<tr>
                <td data-label=${t('reference')}>
                  ${i.kind === 'session' ? html`<a href="/console/payments/${i.id}">${i.id}</a>` : html`<code>${i.id}</code>`}
                </td>
                <td data-label=${t('status')}>${badge(i.status)}</td>
                <td data-label=${t('reason')}>${t(i.reason)}</td>
                <td data-label=${t('amount')} class="num">${money(i.amount, i.currency)}</td>
                <td data-label=${t('created')}>${when(i.at)}</td>
                <td data-label=${t('actions')}>
                  ${
                    can(
                      'POST',
                      i.kind === 'session'
                        ? '/sessions/:id/reconcile'
                        : i.kind === 'refund'
                          ? '/refunds/:id/reconcile'
                          : '/payouts/:ref/reconcile',
                    )
                      ? html`<button
                          type="button"
                          class="quiet"
                          @click=${() => this.act(() => api(this.reconcilePath(i), 'POST'))}
                        >
                          ${t('reconcile')}
                        </button>`
                      : ''
                  }
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
      ${this.anomalyList()}`;
  }
}

customElements.define('uc-console-attention', AttentionPage);
