/**
 * The payer's hands on `<unified-checkout>`: reads its step and view, fills its fields, presses
 * its buttons — through its open shadow root, as a person would, with no private API. The
 * step is the element's public `step` property (the same value its `checkout-step` events carry).
 * @module
 */
import type { Page } from 'playwright-core';
import type { CheckoutView } from '../../../shared/view';
import type { CheckoutStep } from '../../../widget/events';

/** Steps of the widget (the element's `step` property). */
export type Step = CheckoutStep;

/** Fields of the payment form, by their id in the widget. */
export type Field =
  | 'mobile'
  | 'first_name'
  | 'last_name'
  | 'name'
  | 'account_name'
  | 'bank_code'
  | 'id_number'
  | 'otp';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A page's `<unified-checkout>`. */
export class Widget {
  constructor(readonly page: Page) {}

  /** The element (Playwright's CSS engine pierces its open shadow root). */
  get root() {
    return this.page.locator('unified-checkout');
  }

  /** The step on screen, `absent` without an element, `navigating` while the page changes. */
  async step(): Promise<Step | 'absent' | 'navigating'> {
    try {
      return await this.page.evaluate(
        () =>
          (document.querySelector('unified-checkout') as (HTMLElement & { step?: Step }) | null)
            ?.step ?? 'absent',
      );
    } catch {
      return 'navigating';
    }
  }

  /** The element's latest view of the session (`null` before the first). */
  view(): Promise<CheckoutView | null> {
    return this.page.evaluate(
      () =>
        (
          document.querySelector('unified-checkout') as
            (HTMLElement & { view: CheckoutView | null }) | null
        )?.view ?? null,
    );
  }

  /** The visible text of the widget's body. */
  async text(): Promise<string> {
    return (await this.root.locator('[part~="body"]').innerText({ timeout: 2000 })).trim();
  }

  /**
   * Waits until the widget shows `step`; the error says what it shows instead.
   *
   * @example
   * await widget.waitForStep('success');
   */
  async waitForStep(step: Step, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let current = await this.step();
    while (current !== step) {
      if (Date.now() > deadline) {
        const text = await this.text().catch(() => '');
        throw new Error(
          `the widget shows step "${current}", not "${step}", after ${timeoutMs} ms` +
            (text ? `; it reads: ${JSON.stringify(text.slice(0, 300))}` : ''),
        );
      }
      await sleep(50);
      current = await this.step();
    }
  }

  /**
   * On the choice step: picks the country (when given) and the method by its label, then continues.
   *
   * @example
   * await widget.choose('Airtel');
   */
  async choose(methodLabel: string, countryId?: number): Promise<void> {
    if (countryId !== undefined) {
      await this.root.locator('select#country').selectOption(String(countryId));
    }
    await this.root.locator('[part~="option"]', { hasText: methodLabel }).click();
    await this.root.locator('form button[type="submit"]').click();
  }

  /**
   * Types into fields (a select takes the option's value).
   *
   * @example
   * await widget.fill({ mobile: '712345000' });
   */
  async fill(values: Partial<Record<Field, string>>): Promise<void> {
    for (const [field, value] of Object.entries(values)) {
      const control = this.root.locator(`#${field}`);
      const tag = await control.evaluate((el) => el.tagName);
      if (tag === 'SELECT') await control.selectOption(value);
      else await control.fill(value);
    }
  }

  /** The message shown under a field ('' when none). */
  async fieldProblem(field: Field): Promise<string> {
    return ((await this.root.locator(`#${field}-error`).textContent()) ?? '').trim();
  }

  /** Presses the form's submit button (Pay …, Confirm). */
  async submit(): Promise<void> {
    await this.root.locator('form button[type="submit"]').click();
  }

  /** Presses a button by its visible text. */
  async press(text: string | RegExp): Promise<void> {
    await this.root.locator('button', { hasText: text }).first().click();
  }

  /** Presses the step's primary button (e.g. "Continue to Wave"). */
  async pressPrimary(): Promise<void> {
    await this.root.locator('button[part~="primary"]').click();
  }
}
