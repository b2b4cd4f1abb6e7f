// The OpenAPI document (generated from the Worker's app by scripts/openapi.mjs): `redocly lint` passes it with no
// error (redocly.yaml), every error code has its anchor for `doc_url`, the typed client's
// committed types are generated from it, and the Node example type-checks against the package
// export `unified-checkout/client` (dist/client/, built by `npm run build:lib`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/errors';
import { buildDocument, clientTypes, errorDescriptions } from '../../scripts/openapi.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const scratch = path.join(root, 'test-results/openapi');
const document = (await buildDocument()) as Record<string, unknown>;

beforeAll(() => mkdirSync(scratch, { recursive: true }));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the OpenAPI document', () => {
  it('passes `redocly lint` with no error', () => {
    const file = path.join(scratch, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const run = spawnSync(
      path.join(root, 'node_modules/.bin/redocly'),
      ['lint', '--config', 'redocly.yaml', '--format', 'summary', file],
      { cwd: root, encoding: 'utf8' },
    );
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
  }, 30_000);

  it('has an Errors entry with the id error-<CODE> for every code, with its meaning', () => {
    const description = (document.info as { description: string }).description;
    for (const code of Object.values(ErrorCode)) {
      expect(description).toContain(`id="error-${code}"`);
      expect(errorDescriptions()[code], code).toBeTruthy();
    }
  });

  it('has one webhooks entry per event type', () => {
    expect(Object.keys(document.webhooks as object)).toHaveLength(18);
    expect(Object.keys(document.webhooks as object)).toEqual(
      expect.arrayContaining([
        'refund.succeeded',
        'refund.failed',
        'refund.canceled',
        'refund.anomaly',
        'payout_batch.approved',
        'payout_batch.paused',
        'payout_batch.completed',
      ]),
    );
  });

  it('generated the committed client types (else: npm run build:client-types)', async () => {
    const committed = readFileSync(path.join(root, 'client/api-types.ts'), 'utf8');
    expect(await clientTypes(document)).toBe(committed);
  });

  it('types the Node example against unified-checkout/client', () => {
    if (!existsSync(path.join(root, 'dist/client/client/index.d.ts'))) {
      throw new Error('dist/client/ is missing: run `npm run build:lib` first (npm test does).');
    }
    const run = spawnSync(
      path.join(root, 'node_modules/.bin/tsc'),
      ['-p', 'examples/node/tsconfig.json'],
      { cwd: root, encoding: 'utf8' },
    );
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
  }, 30_000);
});
