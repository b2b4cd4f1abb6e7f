/**
 * The payer's flows on a merchant page, step by step (each step a screenshot): shared by the
 * end-to-end cases and, through them, the gallery (docs/gallery.md) (`npm run screenshots` runs the same
 * suite and keeps the steps marked `gallery`).
 * @module
 */
import type { Page } from 'playwright-core';
import type {
  MerchantBackend,
  MerchantSession,
  SandboxControl,
  WebhookInbox,
} from './support/backend';
import type { CaseRun } from './support/case-run';
import { Widget, type Field, type Step } from './support/widget';

/** Everything a case needs besides the browser: the merchant's backend and page, the sandbox. */
export interface World {
  base: string;
  /**
   * The merchant's checkout page, to be followed by `?session=cs_…`: the demo shop the proxy
   * serves in development (public/demo, same origin as the widget, strict CSP from public/_headers).
   */
  checkoutPage: string;
  /** Another merchant's page on another origin with its own strict CSP (support/shop-server.ts). */
  shopPage: string;
  backend: MerchantBackend;
  sandbox: SandboxControl;
  inbox: WebhookInbox;
}

/**
 * Opens the merchant's checkout page on a session and waits for the widget's first step.
 *
 * @example
 * const widget = await openCheckout(run, world, session, 'choose');
 */
export async function openCheckout(
  run: CaseRun,
  world: World,
  session: MerchantSession,
  first: Step,
  gallery?: string,
): Promise<Widget> {
  const widget = new Widget(run.page);
  await run.step(
    'open',
    async () => {
      await run.goto(`${world.checkoutPage}?session=${session.id}`);
      await widget.waitForStep(first);
    },
    { gallery },
  );
  return widget;
}

/**
 * Picks a method on the choice step; lands on its form.
 *
 * @example
 * await chooseMethod(run, widget, 'M-PESA');
 */
export async function chooseMethod(
  run: CaseRun,
  widget: Widget,
  label: string,
  gallery?: string,
): Promise<void> {
  await run.step(
    `choose-${slug(label)}`,
    async () => {
      await widget.choose(label);
      await widget.waitForStep('form');
    },
    { gallery },
  );
}

/**
 * Fills the form and pays; waits for the live step the method leads to.
 *
 * @example
 * await fillAndPay(run, widget, { mobile: '712345000' }, 'approve');
 */
export async function fillAndPay(
  run: CaseRun,
  widget: Widget,
  values: Partial<Record<Field, string>>,
  next: Step,
  gallery?: { form?: string; next?: string },
): Promise<void> {
  await run.step('fill-form', () => widget.fill(values), { gallery: gallery?.form });
  await run.step(
    'pay',
    async () => {
      const mark = run.events.length;
      await widget.submit();
      await run.waitForStepEvent(next, mark);
    },
    { gallery: gallery?.next },
  );
}

/**
 * On the failure step: "Try again" (same method), back to the form.
 *
 * @example
 * await tryAgain(run, widget);
 */
export async function tryAgain(run: CaseRun, widget: Widget): Promise<void> {
  await run.step('try-again', async () => {
    await widget.press('Try again');
    await widget.waitForStep('form');
  });
}

/**
 * A redirect method authorized in a popup: "Continue to …" opens the sandbox's page in a
 * popup, the payer approves or declines there, the popup closes itself on the return page.
 *
 * @example
 * await authorizeInPopup(run, widget, 'Approve');
 */
export async function authorizeInPopup(
  run: CaseRun,
  widget: Widget,
  decision: 'Approve' | 'Decline',
  gallery?: string,
): Promise<void> {
  const popup: Page = await run.step('open-popup', async () => {
    const [opened] = await Promise.all([run.page.waitForEvent('popup'), widget.pressPrimary()]);
    return opened;
  });
  await run.step(
    'sandbox-page',
    async () => {
      await popup.locator('button', { hasText: decision }).waitFor();
    },
    { page: popup, gallery },
  );
  await run.step(`${decision.toLowerCase()}-in-popup`, async () => {
    await Promise.all([
      popup.waitForEvent('close', { timeout: 10_000 }),
      popup.locator('button', { hasText: decision }).click(),
    ]);
  });
}

/**
 * A redirect method with the popup blocked: the widget sends the whole page to the sandbox's
 * page; after the decision the proxy's return page sends the payer back to the merchant's
 * page (the session's return_url), where the widget is mounted again.
 *
 * @example
 * await authorizeFullPage(run, widget, world, 'Decline');
 */
export async function authorizeFullPage(
  run: CaseRun,
  widget: Widget,
  world: World,
  decision: 'Approve' | 'Decline',
): Promise<void> {
  await run.step('continue-full-page', async () => {
    await Promise.all([
      run.page.waitForURL((url) => url.pathname.includes('/sandbox/pay/')),
      widget.pressPrimary(),
    ]);
    await run.page.locator('button', { hasText: decision }).waitFor();
  });
  await run.step(`${decision.toLowerCase()}-full-page`, async () => {
    await Promise.all([
      run.page.waitForURL((url) => url.href.startsWith(world.checkoutPage), { timeout: 10_000 }),
      run.page.locator('button', { hasText: decision }).click(),
    ]);
    const back = new URL(run.page.url()).searchParams.get('session');
    if (!back) throw new Error(`back on the merchant page without ?session=: ${run.page.url()}`);
  });
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
