/** Refunds: `GET /refunds` with filters, each linked to its payment. @module */
import { html } from 'lit';
import { ATTEMPT_STATUSES } from '../../shared/status';
import { money, when } from '../i18n';
import { badge } from '../page';
import { ListPage, type Column } from './list';

interface Refund {
  id: string;
  session: string | null;
  status: string;
  amount: number;
  currency: string;
  reference: string | null;
  created: string;
}

class RefundsPage extends ListPage<Refund> {
  protected path = '/refunds';
  protected heading = 'refunds' as const;
  protected override statuses = ATTEMPT_STATUSES;
  protected columns: Column<Refund>[] = [
    { key: 'reference', cell: (r) => html`<code>${r.id}</code> ${r.reference ?? ''}` },
    { key: 'status', cell: (r) => badge(r.status) },
    { key: 'amount', cell: (r) => money(r.amount, r.currency), num: true },
    {
      key: 'session',
      cell: (r) =>
        r.session ? html`<a href="/console/payments/${r.session}">${r.session}</a>` : '—',
    },
    { key: 'created', cell: (r) => when(r.created) },
  ];
}

customElements.define('uc-console-refunds', RefundsPage);
