/**
 * Every HTTP response body (and live-stream message) the suite saw, saved under
 * test-results/e2e/ for the secret sweep at the end of the run: one JSON line per body.
 * @module
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { E2E } from './config';

/** One saved body and where it came from (the secret sweep's input shape). */
export interface SavedBody {
  source: string;
  text: string;
}

/** What the browser and the merchant's backend saw (swept). */
export const SEEN = path.join(E2E.artifacts, 'responses.jsonl');
/**
 * What the tests' sandbox control calls saw (kept, not swept): the emulated upstream's control
 * surface shows full phone numbers by design, and it is not part of the product.
 */
export const UPSTREAM_CONTROL = path.join(E2E.artifacts, 'sandbox-control.jsonl');

/**
 * Appends one body to a log.
 *
 * @example
 * saveBody(SEEN, `GET ${url} → 200`, await res.text());
 */
export function saveBody(file: string, source: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, JSON.stringify({ source, text } satisfies SavedBody) + '\n');
}

/**
 * Reads a log back.
 *
 * @example
 * const texts = readBodies(SEEN);
 */
export function readBodies(file: string): SavedBody[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SavedBody);
}
