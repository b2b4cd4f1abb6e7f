/**
 * The API reference at /docs (public/docs.html, built by scripts/openapi.mjs from the OpenAPI
 * document) renders in Chromium with nothing fetched from another origin, no CSP violation and
 * no page error, and holds the Errors entries that error bodies' `doc_url` point at.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { ErrorCode } from '../../shared/errors';
import { launch } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

test('/docs renders offline: no request leaves the origin, every error code has its anchor', async () => {
  const base = inject('baseUrl');
  const page = await browser.newPage();
  const outside: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(base) && !url.startsWith('data:') && !url.startsWith('blob:')) {
      outside.push(url);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  const response = await page.goto(`${base}/docs`);
  expect(response?.status()).toBe(200);
  // Redoc 3 posts usage traces to Redocly a while after load unless told not to (redocly.yaml,
  // `telemetry: off`): checked in the page's options, as waiting for nothing proves nothing.
  const html = (await response?.text()) ?? '';
  expect(html.includes('"disableTelemetry":true'), "Redoc's telemetry is off").toBe(true);
  // The landing page holds the Errors section; an operation is one click away (Redoc runs).
  await page.getByRole('heading', { name: 'Errors' }).waitFor();
  for (const code of Object.values(ErrorCode)) {
    expect(await page.locator(`[id="error-${code}"]`).count(), code).toBe(1);
  }
  await page.getByText('Sessions', { exact: true }).first().click();
  await page.getByText('Create a checkout session').first().waitFor();
  const document = await page.request.get(`${base}/openapi.json`);
  expect(document.status()).toBe(200);
  expect(((await document.json()) as { openapi: string }).openapi).toBe('3.1.0');
  expect(outside, 'requests to other origins').toEqual([]);
  expect(problems).toEqual([]);
  await page.close();
});
