/**
 * Needs attention: sessions in `requires_action`, refunds and payouts in `needs_review`, each
 * linked, with Reconcile now for the roles that may.
 * @module
 */
import { html } from 'lit';
import { api, type Page } from '../api';
import { can } from '../can';
import { money, t, when } from '../i18n';
import { badge, ConsolePage } from '../page';

interface Item {
  kind: 'session' | 'refund' | 'payout';
  id: string;
  status: string;
  amount: number;
  currency: string;
  at: string;
}

class AttentionPage extends ConsolePage {
  static override properties = { ...ConsolePage.properties, items: { state: true } };
  declare items: Item[];

  constructor() {
    super();
    this.items = [];
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
    const [sessions, refunds, payouts] = await Promise.all([
      api<Page<Row>>('/sessions?status=requires_action&limit=100'),
      api<Page<Row>>('/refunds?status=needs_review&limit=100'),
      api<Page<Row>>('/payouts?status=needs_review&limit=100'),
    ]);
    const item =
      (kind: Item['kind']) =>
      (r: Row): Item => ({
        kind,
        id: (r.id ?? r.reference)!,
        status: r.status,
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

  protected override body() {
    return html`<h1>${t('attention')}</h1>
      ${this.items.length === 0 && !this.loading ? html`<p>${t('none')}</p>` : ''}
      <table class="stack">
        <tbody>
          ${this.items.map(
            (i) =>
              html`<tr>
                <td data-label=${t('reference')}>
                  ${i.kind === 'session' ? html`<a href="/console/payments/${i.id}">${i.id}</a>` : html`<code>${i.id}</code>`}
                </td>
                <td data-label=${t('status')}>${badge(i.status)}</td>
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
      </table>`;
  }
}

customElements.define('uc-console-attention', AttentionPage);
