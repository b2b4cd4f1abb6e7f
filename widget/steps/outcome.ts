/**
 * Result and notice steps: the notices "success", "failure" (with the reason and, while the
 * session is open, a retry), "lapsed" (the input window closed; a retry), "mismatch" and
 * "needs_review" (the shop resolves them; no retry), "closed_confirming" and "expired". (The
 * "error" step is in the entry: steps/error.ts.)
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { CheckoutView, LapseReason } from '../../shared/view';
import type { CheckoutStep } from '../events';
import type { Translation } from '../localize';
import { hasChoice } from '../step';
import '../translations/steps/outcome';
import type { StepHost } from './host';
import { dispatchOutcome } from '../outcome-events';
import type { StepChunk } from '../step-chunks';

/**
 * The heading and sentences of a notice step (`success`, `failure`, `lapsed`, `mismatch`,
 * `needs_review`, `closed_confirming`, `expired`), shown and announced in the live region
 * alike; `[]` for the other steps. A failure gives its kind, then the upstream's reason when it
 * gave one.
 *
 * @example
 * noticeText(t, view, 'lapsed', 'KES 1,500');
 * // ['The code expired', 'If you did pay, this page will update.']
 * noticeText(t, view, 'failure', 'KES 1,500');
 * // ['Payment not completed', 'The payment did not go through.', 'Reason: Declined (PM-001)']
 */
function noticeText(
  t: Translation,
  view: CheckoutView,
  step: CheckoutStep,
  amount: string,
): string[] {
  const next = view.attempt?.next;
  const reason = view.attempt?.failure;
  const why = [reason?.message, reason?.code && `(${reason.code})`].filter(Boolean).join(' ');
  const texts: Partial<Record<CheckoutStep, string[]>> = {
    success: [t.successHeading, t.successBody(amount)],
    failure: [
      t.failureHeading,
      view.status === 'failed' ? t.failureClosed : t.failureFailed,
      why && t.failureReason(why),
    ],
    // The step of an `input_lapsed` next action (see stepFor).
    lapsed: [t.lapse[(next as { reason?: LapseReason } | null)?.reason as LapseReason], t.ifPaid],
    mismatch: [t.reviewHeading, t.mismatchBody],
    needs_review: [t.reviewHeading, t.reviewBody],
    // The session expired or closed: say it is closed to new payments.
    closed_confirming: [t.failureClosed, t.closedConfirming, t.ifPaid],
    expired: [t.expiredHeading, t.expiredBody],
  };
  return (texts[step] ?? []).filter(Boolean);
}

/** "Try again" (same method) or "Use another method" after a failure. */
function retry(h: StepHost, choose: boolean): void {
  h._dismissed = h._view?.attempt?.id ?? null;
  h._choosing = choose;
  h._problems = {};
  h._formError = '';
}

/**
 * Renders a notice step: a badge, the heading, the sentences and, after a failure or a lapsed
 * input while the session allows a new attempt, "Try again" (same method) and "Use another
 * method". Never a retry for `mismatch`, `needs_review` or `closed_confirming`.
 *
 * @example
 * renderNotice(this);
 */
export function renderNotice(h: StepHost): TemplateResult | typeof nothing {
  const t = h._t;
  const view = h._view;
  const step = h.step;
  if (!view) return nothing;
  const [heading, ...lines] = noticeText(t, view, step, h._amount());
  return html`<div part="badge" aria-hidden="true" class=${step}>
      ${step === 'success' ? '✓' : step === 'failure' ? '✕' : '!'}
    </div>
    <h2 part="heading" tabindex="-1">${heading}</h2>
    ${lines.map((line) => html`<p>${line}</p>`)}
    ${
      view.can_retry && (step === 'failure' || step === 'lapsed')
        ? html`<div class="actions">
            <button part="button primary" type="button" @click=${() => retry(h, false)}>
              ${t.retry}
            </button>
            ${
              hasChoice(view)
                ? html`<button part="button" type="button" @click=${() => retry(h, true)}>
                    ${t.otherMethod}
                  </button>`
                : nothing
            }
          </div>`
        : nothing
    }`;
}

/** The notices' chunk (step-chunks.ts): each outcome's event follows its notice on screen. */
export const chunk: StepChunk = {
  render: renderNotice,
  status: (h, step) => (h._view ? noticeText(h._t, h._view, step, h._amount()).join(' ') : ''),
  outcome: dispatchOutcome,
};
