/**
 * Small helpers for driving `<unified-checkout>` in tests.
 * @module
 */
import { fixture, html, waitUntil } from '@open-wc/testing';
import '../../../widget/index';
import type { CheckoutStep } from '../../../widget/events';
import type { UnifiedCheckout } from '../../../widget/unified-checkout';
import type { CheckoutView } from '../../../shared/view';

/** Mounts an element without a session (no network) and applies `view`. */
export async function mountView(view: CheckoutView, locale = 'en'): Promise<UnifiedCheckout> {
  const el = await fixture<UnifiedCheckout>(
    html`<unified-checkout locale=${locale}></unified-checkout>`,
  );
  el.applyView(view);
  await el.updateComplete;
  return el;
}

/** The first element of the shadow root matching `selector`; throws when absent. */
export function q<T extends Element = HTMLElement>(el: UnifiedCheckout, selector: string): T {
  const found = el.shadowRoot?.querySelector<T>(selector);
  if (!found) throw new Error(`no ${selector} in <unified-checkout> (step ${el.step})`);
  return found;
}

/** Every element of the shadow root matching `selector`. */
export function qa<T extends Element = HTMLElement>(el: UnifiedCheckout, selector: string): T[] {
  return [...(el.shadowRoot?.querySelectorAll<T>(selector) ?? [])];
}

/** The visible text of the step body, whitespace collapsed. */
export function bodyText(el: UnifiedCheckout): string {
  return (q(el, '[part~="body"]').textContent ?? '').replace(/[ \t\r\n]+/g, ' ').trim();
}

/** The button whose text contains `label`. */
export function button(el: UnifiedCheckout, label: string): HTMLButtonElement {
  const found = qa<HTMLButtonElement>(el, 'button').find((b) => b.textContent?.includes(label));
  if (!found) throw new Error(`no button "${label}" (step ${el.step}): ${bodyText(el)}`);
  return found;
}

/** Types `value` into the field `#id` as a user would (input event). */
export async function type(el: UnifiedCheckout, id: string, value: string): Promise<void> {
  const input = q<HTMLInputElement | HTMLSelectElement>(el, `#${id}`);
  input.value = value;
  input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input'));
  await el.updateComplete;
}

/** Submits the step's form (as pressing its submit button would). */
export async function submit(el: UnifiedCheckout): Promise<void> {
  q<HTMLFormElement>(el, 'form').requestSubmit();
  await el.updateComplete;
}

/** Waits until the element shows `step`. */
export async function waitForStep(
  el: UnifiedCheckout,
  step: CheckoutStep,
  timeout = 8000,
): Promise<void> {
  await waitUntil(() => el.step === step, `step ${step} not reached (at ${el.step})`, {
    timeout,
    interval: 25,
  });
  await el.updateComplete;
}

/** The element focused inside the shadow root, if any. */
export function focused(el: UnifiedCheckout): Element | null {
  return el.shadowRoot?.activeElement ?? null;
}
