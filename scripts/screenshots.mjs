// Screenshots of every step of <unified-checkout> on the demo page, in Chromium driven by
// playwright-core, against the real dev stack (proxy + sandbox) on port 8798.
//   node scripts/screenshots.mjs          → docs/screenshots/widget-*.png and hosted-*.png
//   node scripts/screenshots.mjs --hosted → only the hosted checkout page's (docs/screenshots/hosted-*.png:
//                                           /pay/:id at 360 px, light and dark, English and French)
// Builds the widget first. The demo page is served with the proxy's strict CSP; any CSP
// violation or page error makes the script fail. Two steps that only a clock can reach quickly
// (expired, and the short "wait" after an OTP) are shown by applying the session's real view
// with that status, the same path the stream takes.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs';
import { startDevStack } from '../test/support/dev-stack.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, 'docs/screenshots');
const PORT = 8798;

mkdirSync(out, { recursive: true });
await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
const stack = await startDevStack({ port: PORT });
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  headless: true,
  args: chromiumArgs,
});
const problems = [];
const taken = [];

async function createSession(body) {
  const res = await fetch(`${stack.base}/dev/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reference: `shot-${Date.now()}-${Math.random()}`, ...body }),
  });
  const session = await res.json();
  if (!res.ok) throw new Error(`POST /dev/sessions → ${res.status} ${JSON.stringify(session)}`);
  return session.id;
}

/** A page of the demo shop on a new session (or on `session` when given). */
async function open(body, { locale = 'en', theme = 'light', session } = {}) {
  const context = await browser.newContext({
    viewport: { width: 1000, height: 900 },
    colorScheme: theme === 'dark' ? 'dark' : 'light',
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // Refused requests (a wrong OTP, an unknown session) are expected and logged by the browser.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(`console error: ${message.text()}`);
    }
  });
  const id = session ?? (await createSession(body));
  const url = new URL('/demo/', stack.base);
  url.searchParams.set('session', id);
  url.searchParams.set('locale', locale);
  url.searchParams.set('theme', theme);
  await page.goto(url.toString());
  await page.evaluate(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  return { page, id, widget: page.locator('unified-checkout') };
}

async function step(widget, name, timeout = 15_000) {
  await widget.evaluate(
    (el, [wanted, ms]) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const check = () =>
          el.step === wanted
            ? resolve()
            : Date.now() - started > ms
              ? reject(new Error(`step ${wanted} not reached (at ${el.step})`))
              : setTimeout(check, 50);
        check();
      }),
    [name, timeout],
  );
  await widget.evaluate((el) => el.updateComplete);
}

async function shot(target, name) {
  const file = path.join(out, `widget-${name}.png`);
  await target.screenshot({ path: file, animations: 'disabled' });
  taken.push(name);
}

/** Applies the session's current view with `patch` applied (see the header comment). */
async function applyPatched(widget, patch) {
  await widget.evaluate((el, p) => {
    const view = structuredClone(el.view);
    el.applyView({
      ...view,
      ...p.view,
      attempt: p.attempt ? { ...view.attempt, ...p.attempt } : view.attempt,
      seq: view.seq + 1000,
    });
    return el.updateComplete;
  }, patch);
}

async function pay(widget, mobile) {
  await widget.locator('#mobile').fill(mobile);
  await widget.locator('[part~=primary]').click();
}

const onlyHosted = process.argv.includes('--hosted');

/** The hosted page (`checkout_url`) of a new session on a 360 px phone. */
async function openHosted(body, { locale, theme }) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale,
    colorScheme: theme,
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`page error (hosted): ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error (hosted): ${message.text()}`);
  });
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  const res = await fetch(`${stack.base}/dev/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reference: `order-${Date.now().toString(36)}`, ...body }),
  });
  const session = await res.json();
  if (!res.ok) throw new Error(`POST /dev/sessions → ${res.status} ${JSON.stringify(session)}`);
  await page.goto(session.checkout_url);
  return { page, widget: page.locator('unified-checkout') };
}

async function hostedShot(page, name) {
  const file = path.join(out, `hosted-${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  taken.push(`hosted-${name}`);
}

async function hostedShots() {
  for (const [locale, theme] of [
    ['en-KE', 'light'],
    ['fr-CI', 'dark'],
  ]) {
    const language = locale.slice(0, 2);
    const { page, widget } = await openHosted(
      {
        amount: 1500,
        currency: 'KES',
        return_url: `${stack.base}/demo/`,
        metadata: {
          description: language === 'fr' ? '2 paniers de mangues' : '2 baskets of mangoes',
        },
      },
      { locale, theme },
    );
    await step(widget, 'choose');
    await hostedShot(page, `choose-${language}-${theme}`);
    await widget.locator('[part~=primary]').click();
    await step(widget, 'form');
    await pay(widget, '712345000');
    await step(widget, 'success');
    await page.locator('#uc-return').waitFor({ state: 'visible' });
    await hostedShot(page, `success-${language}-${theme}`);
    await page.context().close();
  }
}

try {
  if (onlyHosted) {
    await hostedShots();
  } else {
    {
      const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
      const page = await context.newPage();
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await page.goto(`${stack.base}/demo/`);
      await shot(page, '01-demo-setup');
      // The demo's own path: create the session from the page, mount, keep the id in the URL.
      await page.getByRole('button', { name: 'Create checkout' }).click();
      await step(page.locator('unified-checkout'), 'choose');
      if (!new URL(page.url()).searchParams.get('session')?.startsWith('cs_')) {
        problems.push(`the demo did not put the session in the URL: ${page.url()}`);
      }
      await context.close();
    }
    {
      const { page, widget } = await open({ amount: 2500, currency: 'XOF' });
      await step(widget, 'choose');
      await shot(widget, '02-choose');
      await page.context().close();
    }
    {
      const { page, widget } = await open({
        amount: 1500,
        currency: 'KES',
        methods: ['send money'],
      });
      await step(widget, 'form');
      await widget.locator('#mobile').fill('07123');
      await widget.locator('[part~=primary]').click();
      await shot(widget, '03-form-phone-errors');
      await pay(widget, '0712 345 005');
      await step(widget, 'approve');
      await shot(widget, '04-approve');
      await page.reload();
      await step(widget, 'approve');
      await shot(widget, '05-approve-after-reload');
      await page.context().close();
    }
    {
      const { page, widget } = await open({ amount: 450, currency: 'ZAR', methods: ['bank_id'] });
      await step(widget, 'form');
      await widget.locator('#name').fill('Thabo Mbeki');
      await widget.locator('#id_number').fill('8001015009088');
      await widget.locator('[part~=primary]').click();
      await shot(widget, '06-form-bank-id-checksum');
      await page.context().close();
    }
    {
      const { page, widget } = await open({
        amount: 5000,
        currency: 'NGN',
        customer: { first_name: 'Ada', last_name: 'Obi' },
      });
      await step(widget, 'form');
      await shot(widget, '07-form-virtual-account');
      await widget.locator('#bank_code').selectOption('17002');
      await widget.locator('[part~=primary]').click();
      await step(widget, 'transfer');
      await shot(widget, '08-transfer');
      await page.context().close();
    }
    {
      const { page, widget } = await open({
        amount: 2000,
        currency: 'XOF',
        country_id: 3,
        methods: ['Orange'],
      });
      await step(widget, 'form');
      await pay(widget, '0712345000');
      await step(widget, 'otp');
      await widget.locator('#otp').fill('123456');
      await widget.locator('[part~=primary]').click();
      await widget.locator('#otp-error:not(:empty)').waitFor();
      await shot(widget, '09-otp-wrong-code');
      await applyPatched(widget, { attempt: { next: { type: 'wait' } } });
      await step(widget, 'wait');
      await shot(widget, '10-wait');
      await page.context().close();
    }
    {
      const { page, widget } = await open({
        amount: 2500,
        currency: 'XOF',
        country_id: 9,
        methods: ['Wave'],
      });
      await step(widget, 'form');
      await pay(widget, '771234000');
      await step(widget, 'redirect');
      await shot(widget, '11-redirect');
      await page.context().close();
    }
    {
      const { page, widget } = await open({
        amount: 1500,
        currency: 'KES',
        methods: ['send money'],
      });
      await step(widget, 'form');
      await pay(widget, '712345000');
      await step(widget, 'success');
      await shot(widget, '12-success');
      await page.context().close();
    }
    {
      const { page, widget } = await open({ amount: 700, currency: 'KES' });
      await step(widget, 'choose');
      await widget.locator('[part~=primary]').click();
      await pay(widget, '712345001');
      await step(widget, 'failure');
      await shot(widget, '13-failure');
      await applyPatched(widget, { view: { status: 'expired', can_retry: false } });
      await step(widget, 'expired');
      await shot(widget, '14-expired');
      await page.context().close();
    }
    {
      const { page, widget } = await open({}, { session: 'cs_doesnotexist0000000000000' });
      await step(widget, 'error');
      await shot(widget, '15-error');
      await page.context().close();
    }
    for (const [locale, theme] of [
      ['en', 'dark'],
      ['fr', 'light'],
      ['sw', 'light'],
      ['pt', 'dark'],
    ]) {
      const { page, widget } = await open({ amount: 2500, currency: 'XOF' }, { locale, theme });
      await step(widget, 'choose');
      await widget.locator('[part~=primary]').click();
      await widget.locator('[part~=primary]').click(); // shows the validation messages
      await shot(widget, `16-form-${locale}-${theme}`);
      await page.context().close();
    }
    await hostedShots();
  }
} finally {
  await browser.close();
  await stack.stop();
}

console.log(`${taken.length} screenshots in ${path.relative(root, out)}/: ${taken.join(', ')}`);
if (problems.length > 0) {
  console.error(`Problems on the demo page:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
