/**
 * Collected, refunded and net per currency as a table: Home's figures and the Reports page's
 * settlement alike. At 360 px each row stacks, its cells labelled.
 * @module
 */
import { html } from 'lit';
import { money, t } from './i18n';

/** The sums of `perCurrency` (console/report.ts), one entry a currency. */
export type CurrencySums = [string, { collected: number; refunded: number; net: number }][];

/** The table of `sums`. */
export function netTable(sums: CurrencySums) {
  return html`<table class="stack">
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
            <td data-label=${t('currency')}>${currency}</td>
            <td data-label=${t('collected')} class="num">${money(s.collected, null)}</td>
            <td data-label=${t('refunded')} class="num">${money(s.refunded, null)}</td>
            <td data-label=${t('net')} class="num">${money(s.net, null)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}
