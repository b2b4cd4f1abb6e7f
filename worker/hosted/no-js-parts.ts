/**
 * The pieces every no-JS step shares: the form token, the refusal above a form, the heading and
 * the link back to the shop.
 * @module
 */
import { html } from 'hono/html';
import { FORM_TOKEN } from './form-guard';
import type { Markup, NoJsStep } from './no-js-state';

export function tokenField(s: NoJsStep): Markup {
  return html`<input type="hidden" name="${FORM_TOKEN}" value="${s.token}" />`;
}

export function formAlert(s: NoJsStep): Markup | '' {
  const r = s.refused;
  return r
    ? html`<p id="uc-form-error" class="alert" role="alert" data-code="${r.code}">${r.text}</p>`
    : '';
}

export function heading(text: string): Markup {
  return html`<h2 id="uc-step-heading">${text}</h2>`;
}

export function returnLink(s: NoJsStep): Markup | '' {
  return s.returnHref
    ? html`<p><a class="button" href="${s.returnHref}">${s.returnText}</a></p>`
    : '';
}
