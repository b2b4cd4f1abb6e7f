/**
 * A Node-side service for the workerd suites: the hostile-conditions tests POST the figures they
 * computed (how many malformed inputs, interleavings, forged callbacks…) and this writes them to
 * test-results/hostile-figures.json, which docs/testing.md, "Reliability", quotes.
 *
 * vitest.config.ts binds it to the proxy project as `HOSTILE_FIGURES` (a miniflare service
 * binding backed by a Node function). Body: `{ "<suite>": { "<figure>": number | string, … } }`;
 * each suite's entry is replaced whole, others are kept.
 * @module
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the figures land. */
export const FIGURES_FILE = path.resolve('test-results/hostile-figures.json');

type Figures = Record<string, Record<string, unknown>>;

function readFigures(file: string): Figures {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return parsed !== null && typeof parsed === 'object' ? (parsed as Figures) : {};
  } catch {
    return {};
  }
}

/**
 * The recorder: `POST /` merges suites into the file and answers the whole file; `GET /` answers it.
 *
 * @example
 * serviceBindings: { HOSTILE_FIGURES: figuresRecorder() }
 */
export function figuresRecorder(file = FIGURES_FILE): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method === 'GET') return Response.json(readFigures(file));
    if (request.method !== 'POST') return new Response('POST or GET', { status: 405 });
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return new Response('the body must be JSON', { status: 400 });
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return new Response('the body must be an object of suites', { status: 400 });
    }
    const figures = { ...readFigures(file), ...(body as Figures) };
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
    return Response.json(figures);
  };
}
