/**
 * The hosted page's steps as plain HTML, for payers whose browser runs no JavaScript (Opera
 * Mini's extreme mode, feature phones, scripts turned off). The step is the widget's own
 * (shared/checkout-step.ts, from the same view), in the widget's words (shared/strings/):
 * the choice and the form are `<form>`s posting to `/pay/:id/choose` and `/pay/:id/attempt`, the
 * code is one posting to `/pay/:id/otp`, and the waiting steps reload themselves
 * (`<meta http-equiv="refresh">` inside `<noscript>`, page.ts). With JavaScript the widget takes
 * over from this markup once it is ready (takeover.ts); until then this is the page's form.
 * @module
 */
import { html } from 'hono/html';
import type { CheckoutStep } from '../../shared/checkout-step';
import { choose, form, otp } from './no-js-forms';
import { approve, notice, redirect, transfer, waiting } from './no-js-notices';
import { onlyMethod, type Markup, type NoJsStep } from './no-js-state';

/**
 * The no-JS step's card: `data-step` names it (as the widget's `step` property does).
 *
 * @example
 * html`${noJsCard(step, state)}`;
 */
export function noJsCard(step: CheckoutStep, s: NoJsStep): Markup {
  const chosen = s.chosen ?? onlyMethod(s.view);
  const inner =
    step === 'choose'
      ? choose(s)
      : step === 'form'
        ? chosen
          ? form(s, chosen)
          : choose(s)
        : step === 'otp'
          ? otp(s)
          : step === 'approve'
            ? approve(s)
            : step === 'transfer'
              ? transfer(s)
              : step === 'redirect'
                ? redirect(s)
                : step === 'wait' || step === 'confirming'
                  ? waiting(s)
                  : notice(s, step);
  return html`<section
    id="uc-nojs"
    class="card uc-nojs"
    aria-labelledby="uc-step-heading"
    data-step="${step === 'form' && !chosen ? 'choose' : step}"
  >
    ${inner}
  </section>`;
}
