/**
 * Live step "transfer": the NGN virtual account to pay into, with copy buttons and the
 * account's 30-minute countdown.
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import { formatAmount } from '../../shared/amount-format';
import { formatCountdown, keepTicking } from '../clock';
import '../translations/steps/transfer';
import type { StepHost } from './host';
import { renderWaiting } from './progress';
import type { StepChunk } from '../step-chunks';

/** Copies a value, and says so in the live region. */
async function copy(h: StepHost, what: string, text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    h._announcement = h._t.copied(what);
  } catch {
    h._announcement = h._t.copyFailed;
  }
}

function row(h: StepHost, label: string, shown: string, copyText?: string): TemplateResult {
  return html`<div>
    <dt>${label}</dt>
    <dd>
      <span>${shown}</span>
      ${
        copyText === undefined
          ? nothing
          : html`<button
              part="button copy"
              type="button"
              aria-label=${h._t.copy(label)}
              @click=${() => copy(h, label, copyText)}
            >
              ${h._t.copyButton}
            </button>`
      }
    </dd>
  </div>`;
}

/**
 * Renders the bank-transfer details.
 *
 * @example
 * renderTransfer(this);
 */
export function renderTransfer(h: StepHost): TemplateResult | typeof nothing {
  const t = h._t;
  const next = h._next();
  if (next?.type !== 'bank_transfer') return nothing;
  const amount = formatAmount(next.amount, next.currency, h._tag);
  const expiresAt = Date.parse(next.expires_at);
  const now = Date.now();
  keepTicking(h);
  return html`<h2 part="heading" tabindex="-1">${t.transferHeading}</h2>
    <p>${t.transferBody(amount)}</p>
    <dl part="details">
      ${row(h, t.bankName, next.bank_name)}
      ${row(h, t.accountNumber, next.account_number, next.account_number)}
      ${row(h, t.amount, amount, String(next.amount))}
    </dl>
    <p>
      <span role="timer" part="countdown"
        >${
          now >= expiresAt ? t.accountExpired : t.accountExpiresIn(formatCountdown(expiresAt, now))
        }</span
      >
    </p>
    ${renderWaiting(t.transferWaiting)}`;
}

/** The step's chunk (step-chunks.ts). */
export const chunk: StepChunk = { render: renderTransfer, status: (h) => h._t.transferWaiting };
