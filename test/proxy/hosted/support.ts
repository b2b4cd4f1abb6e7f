// Shared setup of the hosted-page suites (hosted-page.test.ts, hosted-page-policy.test.ts): the
// page as a browser reads it (HTMLRewriter), its CSP and widget links, and session clocks.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { ProxyEnv } from '../../../worker/env';
import worker from '../../../worker/index';
import { BASE, createSession, ref, seenBodies, waitForSession } from '../helpers';
import { passSessionDeadline } from '../sessions/support';

export interface Page {
  status: number;
  headers: Headers;
  html: string;
  lang: string | null;
  scripts: { src: string | null; nonce: string | null; type: string | null; text: string }[];
  styles: { nonce: string | null }[];
  images: string[];
  /** `href` of every `<a>` (decoded). */
  links: string[];
  /** Attributes of `<unified-checkout>` (decoded), or null without one. */
  widget: Record<string, string> | null;
  /** `data-*` attributes of `<main id="hosted">` (decoded). */
  main: Record<string, string>;
  /** The text of every `<h1>`. */
  headings: string[];
}

/** HTML attribute text → its value (the entities hono/html writes, and numeric ones). */
export function decode(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export async function read(res: Response): Promise<Page> {
  const html = await res.text();
  seenBodies.push(html);
  const page: Page = {
    status: res.status,
    headers: res.headers,
    html,
    lang: null,
    scripts: [],
    styles: [],
    images: [],
    links: [],
    widget: null,
    main: {},
    headings: [],
  };
  let script: Page['scripts'][number] | null = null;
  let heading = -1;
  const attrs = (e: Element) =>
    Object.fromEntries([...e.attributes].map(([k, v]) => [k, decode(v ?? '')]));
  await new HTMLRewriter()
    .on('html', { element: (e) => void (page.lang = e.getAttribute('lang')) })
    .on('script', {
      element: (e) => {
        script = {
          src: e.getAttribute('src'),
          nonce: e.getAttribute('nonce'),
          type: e.getAttribute('type'),
          text: '',
        };
        page.scripts.push(script);
      },
      text: (t) => void (script!.text += t.text),
    })
    .on('style', { element: (e) => void page.styles.push({ nonce: e.getAttribute('nonce') }) })
    .on('img', { element: (e) => void page.images.push(decode(e.getAttribute('src') ?? '')) })
    .on('a', { element: (e) => void page.links.push(decode(e.getAttribute('href') ?? '')) })
    .on('unified-checkout', { element: (e) => void (page.widget = attrs(e)) })
    .on('main#hosted', { element: (e) => void (page.main = attrs(e)) })
    .on('h1', {
      element: () => void (heading = page.headings.push('') - 1),
      text: (t) => void (page.headings[heading] += t.text),
    })
    .transform(new Response(html))
    .text();
  return page;
}

/**
 * The chunk of `language`'s first screens as the widget build lists it
 * (public/widget/languages.json, served by the assets binding): `/widget/fr-….js`.
 */
export async function chunkOf(language: string): Promise<string> {
  const list = await (env as ProxyEnv).ASSETS!.fetch('https://assets.local/widget/languages.json');
  expect(list.status, 'build the widget first (npm run build:widget)').toBe(200);
  const chunk = ((await list.json()) as Record<string, string>)[language];
  expect(chunk).toMatch(new RegExp(`^widget/${language}-[\\w-]+\\.js$`));
  return `/${chunk}`;
}

/**
 * What the page's module script imports, each also preloaded by a `<link rel="modulepreload">`
 * in the head (the module and the page language's chunk); `[]` without a widget.
 */
export function widgetImports(page: Page): string[] {
  const module = page.scripts.find((x) => x.type === 'module');
  const imports = [...(module?.text ?? '').matchAll(/import "([^"]+)";/g)].map((m) => m[1]!);
  const preloads = [...page.html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)];
  expect(preloads.map((m) => m[1])).toEqual(imports);
  return imports;
}

/** The Link header of a page in `language`: the module and that language's chunk. */
export async function widgetLinks(language: string): Promise<string> {
  return `</widget.es.js>; rel=modulepreload, <${await chunkOf(language)}>; rel=modulepreload`;
}

/** GET /pay/:id as a browser asks for it. */
export async function hosted(path: string, headers: Record<string, string> = {}): Promise<Page> {
  return read(await exports.default.fetch(new Request(`${BASE}/pay/${path}`, { headers })));
}

/** The same, through the Worker's fetch handler with some settings changed (a deployment's). */
export async function hostedWith(overrides: Partial<ProxyEnv>, path: string): Promise<Page> {
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request(`${BASE}/pay/${path}`) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return read(res);
}

/** The CSP's directives by name. */
export function csp(page: Page): Map<string, string[]> {
  const header = page.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

export const session = (extra: Record<string, unknown> = {}) =>
  createSession({
    amount: 1500,
    currency: 'KES',
    reference: ref('hosted'),
    return_url: 'https://shop.example/thanks?order=42',
    ...extra,
  });

/** Moves the session's and its attempts' deadlines into the past and runs the alarm. */
export function passDeadlines(id: string): Promise<void> {
  return passSessionDeadline(id, { attempts: true, due: "kind != 'reconcile'" });
}

/** Ends the session's time (and its attempts' input windows) now; it is expired. */
export async function expire(id: string): Promise<void> {
  await passSessionDeadline(id, { attempts: true });
  await waitForSession(id, 'expired');
}
