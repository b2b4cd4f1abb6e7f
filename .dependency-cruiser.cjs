// The import-circle check: `npm test`'s "import circles" lane and `npm run circles` run
// `depcruise -c .dependency-cruiser.cjs worker sandbox widget shared`, which fails on a circle
// that is not in KNOWN_CIRCLES below. docs/design.md, "Import circles", says how it works.

/**
 * Circles allowed to stay: none. Each entry would name one loop exactly, by its files in
 * import order (the last imports the first); dependency-cruiser reports a circle per import
 * that closes one, and matches it against this list by its exact set of files.
 * test/scripts/import-circles.test.ts keeps the list exact (an entry whose circle is gone
 * fails it), so it stays empty: break a new loop rather than listing it.
 * @type {string[][]}
 */
const KNOWN_CIRCLES = [];

/** One dependency-cruiser "known violation" per circle (it matches a cycle by its members). */
const knownViolations = KNOWN_CIRCLES.map((files) => ({
  type: 'cycle',
  from: files[0],
  to: files[1 % files.length],
  rule: { name: 'no-circular', severity: 'error' },
  cycle: [...files.slice(1), files[0]].map((name) => ({ name, dependencyTypes: [] })),
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Files must not import each other in a loop, type-only imports included. Break the ' +
        'loop (move the shared types to their own file, or pass the dependency in); ' +
        'docs/design.md, "Import circles".',
      from: {},
      to: { circular: true },
    },
    {
      name: 'durable-knows-no-domain',
      severity: 'error',
      comment:
        'worker/durable/ is the object base (task queue, outbox, object tables): it knows no ' +
        'kind of record. What it needs from one (webhook fan-out, index sink, secrets) is a ' +
        'port each object passes in (worker/durable/ports.ts, worker/object-ports.ts).',
      from: { path: '^worker/durable/' },
      to: { path: '^worker/(session|payout|payout-batch|ledger|webhook-endpoints|index-store)/' },
    },
  ],
  options: {
    // swc parses TypeScript and keeps every import, `import type` and `export type … from` too,
    // so a type-only edge closes a circle like any other. (dependency-cruiser's tsc parser needs
    // TypeScript's JavaScript API, which TypeScript 7 no longer ships.)
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // Our own code only: packages, `cloudflare:*` and Node built-ins are leaves anyway.
    includeOnly: '^(worker|sandbox|widget|shared)/',
    // Generated and built files are not sources.
    exclude: { path: '(^|/)(dist|node_modules)/|\\.d\\.ts$' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
    },
    knownViolations,
  },
};
