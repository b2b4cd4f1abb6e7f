/**
 * How the suite opens pages (support/page-load.ts, through CaseRun.goto): a load that hangs is
 * tried once more and what it waited for is named; a second hang fails the step, naming the
 * request. A Node server stands in for a dev stack that leaves its first answers unsent (the
 * fault cannot be caused in wrangler).
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { launch } from './browser';
import { CaseRun } from './support/case-run';

let browser: Browser;
let server: Server;
let base: string;
/** How many of the next page loads the server leaves unanswered. */
let hang = 0;
const held: ServerResponse[] = [];

beforeAll(async () => {
  browser = await launch();
  server = createServer((request, response) => {
    if (request.url === '/favicon.ico') return void response.writeHead(404).end();
    if (hang > 0) {
      hang--;
      held.push(response);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' }).end('<title>page</title>loaded');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const response of held) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await browser?.close();
});

test('a load left unanswered once is tried once more, and the request named', async () => {
  const run = await CaseRun.open(browser, 'case-run-retry');
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    hang = 1;
    const response = await run.goto(`${base}/shop`, 1000);
    expect(response?.status()).toBe(200);
    expect(await run.page.textContent('body')).toBe('loaded');
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /did not load in 1 s; trying once more\. Unanswered: GET http:\/\/127\.0\.0\.1:\d+\/shop \(\d+\.\d s\)/,
    );
  } finally {
    warn.mockRestore();
    await run.close();
  }
});

test('a load left unanswered twice fails the step, naming the request', async () => {
  const run = await CaseRun.open(browser, 'case-run-hang');
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    hang = 2;
    await expect(run.step('open', () => run.goto(`${base}/shop`, 1000))).rejects.toThrow(
      /step 01-open failed: page\.goto: Timeout 1000ms exceeded[\s\S]*unanswered requests: GET http:\/\/127\.0\.0\.1:\d+\/shop/,
    );
  } finally {
    warn.mockRestore();
    await run.close();
  }
});
