/**
 * Live step "transfer": the NGN virtual account to pay into, with copy buttons and the
 * account's 30-minute countdown.
 * @module
 */
import { html, type TemplateResult } from 'lit';
import { formatCountdown } from '../format';
import type { Translation } from '../localize';
import { renderWaiting } from './progress';

/** What the transfer step needs. */
export interface TransferProps {
  t: Translation;
  bankName: string;
  accountNumber: string;
  /** Formatted amount to transfer. */
  amount: string;
  /** The amount as digits, for the clipboard. */
  amountDigits: string;
  /** Epoch ms when the account closes. */
  expiresAt: number;
  now: number;
  onCopy: (what: string, text: string) => void;
}

function row(
  t: Translation,
  label: string,
  shown: string,
  copyText: string | null,
  onCopy: TransferProps['onCopy'],
): TemplateResult {
  return html`<div>
    <dt>${label}</dt>
    <dd>
      <span>${shown}</span>
      ${
        copyText === null
          ? ''
          : html`<button
              part="button copy"
              type="button"
              aria-label=${t.copy(label)}
              @click=${() => onCopy(label, copyText)}
            >
              ${t.copyButton}
            </button>`
      }
    </dd>
  </div>`;
}

/**
 * Renders the bank-transfer details.
 *
 * @example
 * renderTransfer({ t, bankName, accountNumber, amount: '₦5,000', amountDigits: '5000', expiresAt, now, onCopy });
 */
export function renderTransfer(p: TransferProps): TemplateResult {
  const { t } = p;
  const expired = p.now >= p.expiresAt;
  return html`<h2 part="heading" tabindex="-1">${t.transferHeading}</h2>
    <p>${t.transferBody(p.amount)}</p>
    <dl part="details">
      ${row(t, t.bankName, p.bankName, null, p.onCopy)}
      ${row(t, t.accountNumber, p.accountNumber, p.accountNumber, p.onCopy)}
      ${row(t, t.amount, p.amount, p.amountDigits, p.onCopy)}
    </dl>
    <p>
      <span role="timer" part="countdown"
        >${expired ? t.accountExpired : t.accountExpiresIn(formatCountdown(p.expiresAt, p.now))}</span
      >
    </p>
    ${renderWaiting(t.transferWaiting)}`;
}
