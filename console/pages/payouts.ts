/** Payouts: `GET /payouts` with filters; finance creates a single payout. @module */
import { html } from 'lit';
import { ATTEMPT_STATUSES } from '../../shared/status';
import { api } from '../api';
import { can } from '../can';
import { money, t, when } from '../i18n';
import { badge } from '../page';
import { ListPage, type Column } from './list';

interface Payout {
  reference: string;
  status: string;
  amount: number;
  currency: string;
  payment_method_type: string;
  country_id: number | null;
  created_at: string;
}

class PayoutsPage extends ListPage<Payout> {
  protected path = '/payouts';
  protected heading = 'payouts' as const;
  protected override statuses = ATTEMPT_STATUSES;
  protected columns: Column<Payout>[] = [
    { key: 'reference', cell: (p) => p.reference },
    { key: 'status', cell: (p) => badge(p.status) },
    { key: 'amount', cell: (p) => money(p.amount, p.currency), num: true },
    { key: 'method', cell: (p) => p.payment_method_type },
    { key: 'created', cell: (p) => when(p.created_at) },
  ];

  private create(event: SubmitEvent): void {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const field = (name: string) => String(form.get(name) ?? '').trim();
    const body = {
      reference: field('reference'),
      amount: Number(field('amount')),
      currency: field('currency').toUpperCase(),
      country_id: Number(field('country_id')),
      payment_method_type: field('method'),
      mobile: field('mobile'),
    };
    void this.act(() => api('/payouts', 'POST', body));
  }

  protected override extra() {
    if (!can('POST', '/payouts')) return '';
    return html`<details class="card">
      <summary>${t('payoutCreate')}</summary>
      <form class="filters" @submit=${this.create}>
        <label>${t('reference')}<input name="reference" required /></label>
        <label>${t('amount')}<input name="amount" type="number" min="1" required /></label>
        <label>${t('currency')}<input name="currency" maxlength="3" required /></label>
        <label>${t('country')}<input name="country_id" inputmode="numeric" required /></label>
        <label>${t('method')}<input name="method" required /></label>
        <label
          >${t('mobile')}<input name="mobile" inputmode="tel" autocomplete="off" required
        /></label>
        <button type="submit">${t('create')}</button>
      </form>
    </details>`;
  }
}

customElements.define('uc-console-payouts', PayoutsPage);
