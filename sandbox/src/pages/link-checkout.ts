/**
 * The hosted checkout page of a payment link: the link's business, item and amount, the payer
 * form prefilled with the link's details, on a Kenyan link the four payment types to pick from
 * (rules/link-payment-types.ts), and a plain HTML form POST (no script).
 * @module
 */
import { html } from 'hono/html';
import { KENYA_LINK_PAYMENT_TYPES, offersPaymentTypes } from '../rules/link-payment-types';
import type { PaymentLink } from '../store/payment-links';
import { paymentLinkUrl } from '../urls';
import { layout, type Markup } from './layout';

/** What the payer typed (shown again when the form is refused). */
export interface LinkForm {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  /** The payment type picked (Kenyan links only). */
  payment_type?: string | null;
}

/**
 * The checkout page of a link; `error` is shown above the form when a submission was refused.
 *
 * @example
 * c.html(linkCheckoutPage(link, link, env.SANDBOX_PUBLIC_URL), 200, headers);
 */
export function linkCheckoutPage(
  link: PaymentLink,
  form: LinkForm,
  publicUrl: string,
  error?: string,
): Markup {
  const field = (
    name: keyof LinkForm,
    label: string,
    type: string,
    autocomplete: string,
    required = false,
  ) =>
    html`<label for="${name}">${label}</label>
      <input
        id="${name}"
        name="${name}"
        type="${type}"
        autocomplete="${autocomplete}"
        value="${form[name] ?? ''}"
        ${required ? html`required` : ''}
      />`;
  return layout(
    link.business_name,
    publicUrl,
    html`<main class="card">
      <p class="badge">Sandbox — no real money</p>
      ${link.logo ? html`<img class="logo" src="${link.logo}" alt="${link.business_name}" />` : ''}
      <h1>${link.business_name}</h1>
      <p>${link.item_name}</p>
      <p class="amount">${link.amount} ${link.currency}</p>
      ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      <form class="pay-form" method="post" action="${paymentLinkUrl(publicUrl, link.id)}/pay">
        ${field('first_name', 'First name', 'text', 'given-name')}
        ${field('last_name', 'Last name', 'text', 'family-name')}
        ${field('email', 'Email', 'email', 'email')}
        ${field('phone', 'Phone number (country code first, digits only)', 'tel', 'tel', true)}
        ${
          offersPaymentTypes(link)
            ? html`<fieldset class="payment-types">
                <legend>Pay with</legend>
                ${KENYA_LINK_PAYMENT_TYPES.map(
                  (type) =>
                    html`<label
                      ><input
                        type="radio"
                        name="payment_type"
                        value="${type}"
                        ${form.payment_type === type ? html`checked` : ''}
                        required
                      />
                      ${type}</label
                    >`,
                )}
              </fieldset>`
            : ''
        }
        <button type="submit" class="pay">Pay ${link.amount} ${link.currency}</button>
      </form>
      <p class="hint">
        Sandbox: the phone number's last three digits decide the outcome (000 success, 001 failed,
        002 timeout, 003 no callback, 004 callback three times, 005 pending forever).
      </p>
    </main>`,
  );
}
