// Checks that the widget is safe to import during server-side rendering: its modules are
// bundled for Node (Lit resolved to its Node build, which brings a small DOM shim) and
// imported in a fresh Node process that has no window, document, navigator or location. Any
// access to them at import time throws there. The element is then constructed once.
//   node scripts/widget-ssr-check.mjs      exits 1 on failure
// web-test-runner.config.mjs runs it before the widget suite.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Builds the SSR bundle and imports it in a child process; throws with its output on failure. */
export async function checkWidgetSsr() {
  const outDir = path.join(root, 'node_modules/.cache/unified-checkout-ssr');
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: { ssr: 'widget/index.ts', outDir, emptyOutDir: true },
  });
  const entry = pathToFileURL(path.join(outDir, 'index.js')).href;
  const probe = `
    const browserGlobals = ['window', 'document', 'navigator', 'location'].filter((g) => g in globalThis);
    if (browserGlobals.length) throw new Error('not a bare Node: ' + browserGlobals);
    const mod = await import(${JSON.stringify(entry)});
    if (globalThis.customElements?.get('unified-checkout') !== mod.UnifiedCheckout) {
      throw new Error('the element was not defined');
    }
    const el = new mod.UnifiedCheckout();
    if (el.step !== 'loading') throw new Error('unexpected step ' + el.step);
    console.log('SSR import ok: ' + Object.keys(mod).join(', '));
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
    cwd: root,
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`widget SSR import failed:\n${child.stderr}`);
  return child.stdout.trim();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(await checkWidgetSsr());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
