// `npm run build:openapi`: the OpenAPI document (public/openapi.json, served at GET /openapi.json)
// generated from the Worker's app (each route's contract and zod schemas), checked with
// `redocly lint` (errors fail), and the /docs page (public/docs.html) built from it by `redocly build-docs` with Redoc inlined: no
// script from any CDN. docs/api.md says how to add a route's entry.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runnerImport } from 'vite';
import { run } from './run.mjs';
import { cli } from './cli.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/**
 * Each error code's sentence, from the comment above it in shared/errors.ts.
 * @returns {Record<string, string>}
 */
export function errorDescriptions(
  source = readFileSync(path.join(root, 'shared/errors.ts'), 'utf8'),
) {
  const out = {};
  const pattern = /\/\*\*((?:(?!\*\/)[\s\S])*?)\*\/\s*([A-Z_]+): '\2'/g;
  for (const [, comment, code] of source.matchAll(pattern)) {
    out[code] = comment
      .split('\n')
      .map((line) => line.replace(/^\s*\*\s?/, '').trim())
      .filter(Boolean)
      .join(' ');
  }
  return out;
}

/**
 * worker/openapi/document.ts, loaded from the TypeScript sources through Vite's module runner
 * (once a process). The document walks the Worker's app, whose Durable Objects extend
 * `cloudflare:workers`' DurableObject: Node has no such module, so it is a stand-in here
 * (scripts/cloudflare-workers-stub.mjs; nothing runs an object).
 * @returns {Promise<any>} the module (its types stay with the Worker's tsconfig)
 */
export function documentModule() {
  loading ??= (async () => {
    // Vite's runner sets NODE_ENV=development when it is unset, and every process this one
    // starts afterwards (npm test's `vite build` of the widget) would inherit it and bundle
    // Lit's development build: keep NODE_ENV as it was.
    const nodeEnv = process.env.NODE_ENV;
    try {
      const { module } = await runnerImport(path.join(root, 'worker/openapi/document.ts'), {
        configFile: false,
        resolve: {
          alias: { 'cloudflare:workers': path.join(root, 'scripts/cloudflare-workers-stub.mjs') },
        },
      });
      return module;
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
  })();
  return loading;
}
/** @type {Promise<any> | undefined} */
let loading;

/** The document as JSON, generated from the Worker's app. */
export async function buildDocument() {
  const module = await documentModule();
  return module.openApiDocument({ errorDescriptions: errorDescriptions() });
}

/** The typed client's types (client/api-types.ts, committed) for a document. */
export async function clientTypes(document) {
  const { default: openapiTS } = await import('openapi-typescript');
  return openapiTS(document, { exportType: false });
}

/** Writes public/openapi.json, lints it (errors fail) and builds public/docs.html from it. */
export async function buildOpenApi() {
  const file = path.join(root, 'public/openapi.json');
  writeFileSync(file, `${JSON.stringify(await buildDocument())}\n`);
  run('redocly', ['lint', '--config', 'redocly.yaml', '--format', 'summary', file], 'OpenAPI lint');
  run(
    'redocly',
    [
      'build-docs',
      file,
      '--inlineBundle',
      '-o',
      'public/docs.html',
      '--title',
      'unified-checkout API',
    ],
    '/docs build',
  );
  const docs = path.join(root, 'public/docs.html');
  writeFileSync(docs, offline(readFileSync(docs, 'utf8')));
}

/**
 * The page as Redoc renders it, minus what would reach another origin: the Redocly badge's logo
 * (an image on their CDN; it hides itself when the image fails) and the browser's favicon request.
 * Telemetry is off in redocly.yaml. test/e2e/docs.test.ts checks that nothing leaves the origin.
 * @param {string} html
 */
export function offline(html) {
  return html
    .replaceAll('https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'data:,')
    .replaceAll('https://cdn.redoc.ly/redoc/logo-mini.svg', 'data:,')
    .replace('<head>', '<head>\n  <link rel="icon" href="data:,">');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (cli(import.meta.url, { 'client-types': { type: 'boolean' } }).values['client-types']) {
    // `npm run build:client-types`: regenerates the committed types of unified-checkout/client.
    const types = await clientTypes(await buildDocument());
    writeFileSync(path.join(root, 'client/api-types.ts'), types);
    console.log('✔ client/api-types.ts');
  } else await buildOpenApi();
}
