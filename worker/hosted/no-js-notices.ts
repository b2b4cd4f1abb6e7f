/**
 * The no-JS steps that wait or tell: approve on the phone, transfer, redirect, wait and confirm
 * (each reloading itself, page.ts), and the notices (failure, lapsed, review) in the widget's
 * words (shared/notice-text.ts).
 * @module
 */
import { html } from 'hono/html';
import { formatAmount } from '../../shared/amount-format';
import type { CheckoutStep } from '../../shared/checkout-step';
import { noticeText } from '../../shared/notice-text';
import { waitText } from '../../shared/wait-text';
import { heading, returnLink } from './no-js-parts';
import type { Markup, NoJsStep } from './no-js-state';

/** The waiting steps' reload, for browsers that ignore the refresh. */
function checkAgain(s: NoJsStep): Markup {
  return html`<p><a href="${s.href('')}">${s.checkAgainText}</a></p>`;
}

/** The `approve` step. */
export function approve(s: NoJsStep): Markup {
  const { t, view } = s;
  const next = view.attempt?.next;
  const mobile = next?.type === 'approve_on_phone' ? next.mobile_masked : '';
  const amount = formatAmount(view.amount, view.currency, s.tag);
  return html`${heading(t.approveHeading)}
    <p>${t.approveSent(amount, `+${mobile}`)}</p>
    <ol>
      ${t.approveSteps.map((line) => html`<li>${line}</li>`)}
    </ol>
    <p role="status">${t.approveWaiting}</p>
    <p class="hint">${t.approveRetryHint}</p>
    ${checkAgain(s)}`;
}

/** The `transfer` step. */
export function transfer(s: NoJsStep): Markup {
  const { t, view } = s;
  const next = view.attempt?.next;
  if (next?.type !== 'bank_transfer') return waiting(s);
  const amount = formatAmount(next.amount, next.currency, s.tag);
  return html`${heading(t.transferHeading)}
    <p>${t.transferBody(amount)}</p>
    <dl>
      <div>
        <dt>${t.bankName}</dt>
        <dd>${next.bank_name}</dd>
      </div>
      <div>
        <dt>${t.accountNumber}</dt>
        <dd>${next.account_number}</dd>
      </div>
      <div>
        <dt>${t.amount}</dt>
        <dd>${amount}</dd>
      </div>
    </dl>
    <p role="status">${t.transferWaiting}</p>
    ${checkAgain(s)}`;
}

/** The `redirect` step. */
export function redirect(s: NoJsStep): Markup {
  const { t, view } = s;
  const next = view.attempt?.next;
  const label =
    view.countries.flatMap((c) => c.methods).find((m) => m.value === view.attempt?.method)?.label ??
    view.attempt?.method ??
    '';
  return html`${heading(t.redirectHeading(label))}
    <p>${t.redirectBody}</p>
    ${
      next?.type === 'redirect'
        ? html`<p><a class="button" href="${next.url}">${t.redirectButton(label)}</a></p>`
        : ''
    }
    <p role="status">${t.redirectWaiting}</p>`;
}

/** The `wait` and `confirming` steps. */
export function waiting(s: NoJsStep): Markup {
  return html`${heading(s.t.waitHeading)}
    <p role="status">${waitText(s.t, s.view)}</p>
    ${checkAgain(s)}`;
}

/** Failure, lapsed, mismatch, needs_review, closed_confirming: the widget's sentences. */
export function notice(s: NoJsStep, step: CheckoutStep): Markup {
  const { t, view } = s;
  const [title = t.errorHeading, ...lines] = noticeText(
    t,
    view,
    step,
    formatAmount(view.amount, view.currency, s.tag),
  );
  const retry = view.can_retry && (step === 'failure' || step === 'lapsed') && view.attempt;
  return html`${heading(title)} ${lines.map((line) => html`<p>${line}</p>`)}
  ${retry ? html`<p><a class="button" href="${s.href('', { retry: view.attempt!.id })}">${t.retry}</a></p>` : ''}
  ${step === 'lapsed' ? '' : returnLink(s)}`;
}
