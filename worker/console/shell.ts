/**
 * The console app's HTML shell: one page for every `/console/…` path (the app routes on the
 * client), loading the bundle built by Vite into public/console/ (vite.config.ts). It carries
 * the user's email and role for the menus; nothing else of the account. Served with the hosted
 * page's strictness: scripts and styles from this origin only, no inline code, framed by nobody.
 * @module
 */
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { ProxyApp } from '../app-env';
import { PAGE_CSP } from '../middleware/security-headers';

/** The console's Content-Security-Policy: the proxy's page policy (no inline code, no frames). */
export const CONSOLE_CSP = PAGE_CSP;

/** The language of the shell: French when the browser prefers it, else English. */
function languageOf(c: Context<ProxyApp>): 'en' | 'fr' {
  const accepted = (c.req.header('accept-language') ?? '').toLowerCase();
  return /^\s*fr\b/.test(accepted) ? 'fr' : 'en';
}

/**
 * The shell's answer.
 *
 * @example
 * app.get('/*', (c) => consoleShell(c));
 */
export function consoleShell(c: Context<ProxyApp>): Response | Promise<Response> {
  const user = c.var.consoleUser!;
  c.header('Content-Security-Policy', CONSOLE_CSP);
  c.header('X-Frame-Options', 'DENY');
  return c.html(
    html`<!doctype html>
      <html lang="${languageOf(c)}">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width,initial-scale=1" />
          <meta name="color-scheme" content="light" />
          <title>Console</title>
          <link rel="modulepreload" href="/console/assets/console.js" />
          <script type="module" src="/console/assets/console.js"></script>
        </head>
        <body>
          <uc-console email="${user.email}" user-role="${user.role}"></uc-console>
          <noscript>The console needs JavaScript.</noscript>
        </body>
      </html>`,
  );
}
