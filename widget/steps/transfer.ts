/**
 * Live step "transfer": the NGN virtual account to pay into, with copy buttons and the
 * account's 30-minute countdown.
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import { formatAmount } from '../../shared/amount-format';
import { copyValue } from '../actions/copy-value';
import { clock, formatCountdown, keepTicking } from '../clock';
import { withLaterStrings } from '../later-strings';
import type { Translation } from '../localize';
import type { StepChunk } from './chunk';
import { renderWaiting } from './progress';
import type { StepState } from './state';

function row(
  s: StepState,
  t: Translation,
  label: string,
  shown: string,
  copyText?: string,
): TemplateResult {
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
              aria-label=${t.copy(label)}
              @click=${() => s._act((a) => copyValue(a, t, label, copyText))}
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
 * renderTransfer(state, t);
 */
export function renderTransfer(s: StepState, t: Translation): TemplateResult | typeof nothing {
  const next = s._view?.attempt?.next;
  if (next?.type !== 'bank_transfer') return nothing;
  const amount = formatAmount(next.amount, next.currency, s._host._tag);
  const expiresAt = Date.parse(next.expires_at);
  const now = clock.now();
  return html`<h2 part="heading" tabindex="-1">${t.transferHeading}</h2>
    <p>${t.transferBody(amount)}</p>
    <dl part="details">
      ${row(s, t, t.bankName, next.bank_name)}
      ${row(s, t, t.accountNumber, next.account_number, next.account_number)}
      ${row(s, t, t.amount, amount, String(next.amount))}
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

/** The step's chunk (step-chunks.ts): the countdown ticks. Ready once its strings are there. */
export const chunk: Promise<StepChunk> = withLaterStrings({
  render: renderTransfer,
  status: (_s, t) => t.transferWaiting,
  attach: (s) => keepTicking(s._host),
});
