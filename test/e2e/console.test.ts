/**
 * End to end, the console (docs/console.md) in Chromium on the dev stack, signed in through
 * /console/dev-login: a finance user finds a paid session by its reference, the phone's last
 * digits and its amount, refunds half to another number, and sees refund.succeeded in its
 * timeline; a viewer sees no Refund button, and a refund it forces with the console's own
 * headers gets 403 ROLE_FORBIDDEN; an admin creates a webhook endpoint and replays a range it
 * chooses to it (a reversed range shows the API's refusal). Every step saves a screenshot under test-results/e2e/<case>/.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch } from './browser';
import { axeViolations } from './support/axe';
import { MerchantBackend } from './support/backend';
import { CaseRun } from './support/case-run';
import { galleryDir } from './support/checkout-suite';

let browser: Browser;
let backend: MerchantBackend;
const base = inject('baseUrl');

beforeAll(async () => {
  backend = new MerchantBackend(base);
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

/** A KES session paid through the checkout API (the sandbox pays a number ending 000 at once). */
async function paidSession(amount: number) {
  const session = await backend.createSession({ amount, currency: 'KES' });
  await backend.payByPhone(session.id, '254712345000');
  return session;
}

/** Signs `page` in as a development user of `role`. */
async function signIn(run: CaseRun, role: string): Promise<void> {
  const response = await run.goto(`${base}/console/dev-login?role=${role}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await run.page.getByRole('heading', { name: 'Home' }).waitFor();
}

/** Every page of the app (`payment`: the paid session's). */
const PAGES = [
  '',
  'payments',
  'payment',
  'attention',
  'refunds',
  'payouts',
  'batches',
  'webhooks',
  'reports',
  'health',
];

/** A `datetime-local` value for `ms` (the browser and this process share the machine's zone). */
function localInput(ms: number): string {
  const date = new Date(ms);
  return new Date(ms - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** Support staff work from phones: the flows run at 360 px. */
const PHONE = { width: 360, height: 740 };

const refundButton = (page: Page) => page.getByRole('button', { name: 'Refund', exact: true });

test('finance refunds half from the console; a viewer cannot', async () => {
  const session = await paidSession(1500);
  const finance = await CaseRun.open(browser, 'console-finance-refund', {
    viewport: PHONE,
    galleryDir,
  });
  try {
    await signIn(finance, 'finance');
    const page = finance.page;
    await finance.step('home', () => page.getByText('Loading…').waitFor({ state: 'detached' }), {
      gallery: 'console-home-360',
    });
    await finance.step(
      'find-by-reference',
      async () => {
        await page.getByRole('link', { name: 'Payments', exact: true }).click();
        await page.getByLabel('Reference or session id').fill(session.reference);
        await page.getByLabel('Metadata (key=value)').fill('suite=e2e');
        await page.getByLabel("Phone's last 3 digits").fill('000');
        await page.getByLabel('Amount (exact)').fill('1500');
        await page.getByRole('button', { name: 'Search' }).click();
        await page.getByRole('link', { name: session.reference }).click();
        await page.getByRole('heading', { name: session.reference }).waitFor();
      },
      { gallery: 'console-payment-360' },
    );
    await finance.step(
      'refund-half',
      async () => {
        // The actions finance sees (the viewer's pages are checked below).
        expect(await axeViolations(page, 'uc-console')).toEqual([]);
        const amount = page.getByLabel('Amount to refund (KES)');
        expect(await amount.inputValue()).toBe('1500');
        await amount.fill('750');
        // To another number than the payer's (the method of the attempt that paid is prefilled).
        expect(await page.getByLabel('Its payout method').inputValue()).toBe('send money');
        await page.getByLabel('International number').fill('254712345678');
        await refundButton(page).click();
        await page.getByRole('status').filter({ hasText: 'Done.' }).waitFor();
      },
      { gallery: 'console-refund-360' },
    );
    await finance.step('timeline-says-refund-succeeded', async () => {
      const refund = (await backend.session(session.id)).refunds[0]!;
      expect(refund.amount).toBe(750);
      expect(refund.destination).toEqual({ method: 'send money', mobile: '254******678' });
      await backend.waitForRefund(refund.id, 'succeeded');
      await page.reload();
      await page
        .getByText(/refund\.succeeded/)
        .first()
        .waitFor();
    });
    expect(finance.violations, 'CSP violations').toEqual([]);
  } finally {
    await finance.close();
  }

  const viewer = await CaseRun.open(browser, 'console-viewer-refused');
  try {
    await signIn(viewer, 'viewer');
    await viewer.step('no-refund-button', async () => {
      await viewer.goto(`${base}/console/payments/${session.id}`);
      await viewer.page.getByRole('heading', { name: session.reference }).waitFor();
      expect(await refundButton(viewer.page).count()).toBe(0);
    });
    const forced = await viewer.page.evaluate(async (id) => {
      const response = await fetch(`/console/api/v1/sessions/${id}/refunds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-console': '1' },
        body: JSON.stringify({ amount: 100 }),
      });
      return {
        status: response.status,
        body: (await response.json()) as { error: { code: string } },
      };
    }, session.id);
    expect([forced.status, forced.body.error.code]).toEqual([403, 'ROLE_FORBIDDEN']);
    expect((await backend.session(session.id)).refunds).toHaveLength(1);
    await viewer.step(
      'axe-every-page',
      async () => {
        const found: Record<string, string[]> = {};
        for (const page of PAGES) {
          await viewer.goto(
            `${base}/console/${page === 'payment' ? `payments/${session.id}` : page}`,
          );
          await viewer.page.locator('uc-console h1').first().waitFor();
          await viewer.page.getByText('Loading…').waitFor({ state: 'detached' });
          found[page] = await axeViolations(viewer.page, 'uc-console');
        }
        expect(found).toEqual(Object.fromEntries(PAGES.map((p) => [p, []])));
        // The last page, Health, dates each rotation by name (the dev stack has no overlap).
        await viewer.page
          .getByText('SERVICE_SECRET_KEY · no previous secret', { exact: true })
          .waitFor();
      },
      { screenshot: false },
    );
    expect(viewer.violations, 'CSP violations').toEqual([]);
  } finally {
    await viewer.close();
  }
});

test('an admin creates an endpoint and replays a chosen range', async () => {
  await paidSession(100);
  const admin = await CaseRun.open(browser, 'console-admin-replay', {
    viewport: PHONE,
    galleryDir,
  });
  // The proxy itself answers 404 there: the replayed events are tried and logged, and no other
  // suite's webhook inbox receives them.
  const url = `${base}/console-e2e-sink/${Date.now().toString(36)}`;
  try {
    await signIn(admin, 'admin');
    const page = admin.page;
    await admin.step(
      'create-endpoint',
      async () => {
        await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
        await page.getByRole('form', { name: 'Create' }).getByLabel('URL').fill(url);
        await page.getByRole('button', { name: 'Create', exact: true }).click();
        await page.getByText('The secret, shown once:').waitFor();
      },
      { gallery: 'console-webhooks-360' },
    );
    await admin.step('replay-a-range', async () => {
      const region = page.getByRole('region', { name: url });
      const from = region.getByLabel('From');
      const to = region.getByLabel('To', { exact: true });
      // The form starts at the last hour.
      const start = Date.parse(await from.inputValue());
      expect(Date.parse(await to.inputValue()) - start).toBe(3_600_000);
      // A range that ends before it starts: the API's refusal, in its words.
      await from.fill(await to.inputValue());
      await to.fill(localInput(start));
      await region.getByRole('button', { name: 'Replay', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'to must be after from' }).waitFor();
      // A chosen range (the last two hours) is the one sent.
      await from.fill(localInput(start - 3_600_000));
      await to.fill(localInput(start + 3_600_000));
      const sent = page.waitForRequest((r) => r.url().endsWith('/replay'));
      await region.getByRole('button', { name: 'Replay', exact: true }).click();
      expect((await sent).postDataJSON()).toEqual({
        from: new Date(start - 3_600_000).toISOString(),
        to: new Date(start + 3_600_000).toISOString(),
      });
      await page.getByRole('status').filter({ hasText: 'Done.' }).waitFor();
    });
    type Endpoints = { data: { id: string; url: string }[] };
    const endpoint = (await backend.get<Endpoints>('/v1/webhook-endpoints')).data.find(
      (e) => e.url === url,
    );
    expect(endpoint, 'the endpoint the admin created').toBeDefined();
    await backend.waitForGet<{ data: { http_status: number | null }[] }>(
      `/v1/webhook-endpoints/${endpoint!.id}/deliveries`,
      (page) => page.data.some((d) => d.http_status === 404),
    );
    expect(admin.violations, 'CSP violations').toEqual([]);
  } finally {
    await admin.close();
  }
});
