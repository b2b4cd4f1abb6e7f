// Which key scope may call which merchant API route is one table, worker/keys/route-scopes.ts.
// The OpenAPI document's `security` of each merchant operation and the scope tables of
// docs/api.md are made from it (the table is checked here, word for word);
// the router's answers per scope are checked against it in
// test/proxy/keys/scope-enforcement.test.ts. `UPDATE_SCOPE_TABLE=1 npx vitest run --project
// shared test/scripts/route-scopes.test.ts` rewrites the docs' tables after a change.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCOPE_GRANTS, scopesFor } from '../../worker/keys/route-scopes';
import { buildDocument, documentModule } from '../../scripts/openapi.mjs';

const root = path.resolve(import.meta.dirname, '../..');
// Generated from the Worker's app, once (a few seconds: Vite's runner loads the app).
const document = (await buildDocument()) as {
  paths: Record<string, Record<string, { security: { merchantKey?: string[] }[] }>>;
};
const operations: { audience: string; method: 'get' | 'post'; path: string }[] = (
  await documentModule()
).appOperations();

/** The docs' table, as the docs must hold it between its two marker comments. */
function scopeTable(): string {
  const rows = SCOPE_GRANTS.map((grant) => [
    grant.path === '*' ? `\`${grant.method} /v1/…\`` : `\`${grant.method} /v1${grant.path}\``,
    ['full', ...grant.scopes].map((s) => `\`${s}\``).join(', '),
    grant.note,
  ]);
  rows.push(['anything else', '`full`', 'every other route']);
  const header = ['Route', 'Scopes', 'For'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const START = '<!-- scope table: worker/keys/route-scopes.ts -->';
const END = '<!-- end of the scope table -->';

/** The table `file` holds between the markers; with UPDATE_SCOPE_TABLE=1, rewritten first. */
function tableIn(file: string): string {
  const where = path.join(root, file);
  let text = readFileSync(where, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  expect(start, `${file} holds the scope table between ${START} and ${END}`).toBeGreaterThan(-1);
  if (process.env.UPDATE_SCOPE_TABLE === '1') {
    text = `${text.slice(0, start + START.length)}\n\n${scopeTable()}\n\n${text.slice(end)}`;
    writeFileSync(where, text);
    return scopeTable();
  }
  return text.slice(start + START.length, end).trim();
}

describe('the scope table', () => {
  it('is the one in docs/api.md, word for word', () => {
    for (const file of ['docs/api.md']) {
      expect(tableIn(file), `${file}'s scope table (paste the expected one)`).toBe(scopeTable());
    }
  });

  it("is each merchant operation's security in the OpenAPI document", () => {
    for (const operation of operations.filter((o) => o.audience === 'merchant')) {
      const entry = document.paths[operation.path]![operation.method]!;
      expect(entry.security, `${operation.method} ${operation.path}`).toEqual([
        { merchantKey: scopesFor(operation.method, operation.path) },
      ]);
    }
  });

  it('lets a checkout key (a storefront) list the payment methods, and no more than it needs', () => {
    expect(scopesFor('get', '/v1/payment-methods')).toEqual(['full', 'checkout', 'read']);
    expect(scopesFor('post', '/v1/payouts')).toEqual(['full']);
    expect(scopesFor('get', '/v1/payouts/{ref}')).toEqual(['full', 'read']);
    expect(scopesFor('post', '/v1/sessions/{id}/expire')).toEqual(['full']);
  });
});
