/**
 * Bundle sizes, all measured the same way in the same run: `gzip -9 -n` of the file (GNU gzip,
 * no name or time stamp in the header), or — where no gzip program is installed — Node's zlib
 * at level 9 (a different deflate implementation: about 1% larger on these files; the method
 * used is reported). Measured: the built widget.js, Paystack's browser bundle as its package
 * ships it, and Adyen Web built from bench/peers/adyen-dropin.js (tree-shaken to its Drop-in)
 * with Vite exactly like widget.js.
 * @module
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib/servers.mjs';
import { tempDir } from './lib/temp.mjs';

/** Whether `gzip -9 -n` is available (else zlib level 9 is used). */
const hasGzip = spawnSync('gzip', ['--version'], { stdio: 'ignore' }).status === 0;

/** The compression used for every size, as reported in results.md. */
export const GZIP_METHOD = hasGzip ? 'gzip -9 -n' : 'Node zlib, level 9';

/**
 * Gzipped size in bytes of a file (see {@link GZIP_METHOD}).
 *
 * @example
 * gzipBytes('public/widget.js'); // 16113
 * @param {string} file
 */
export function gzipBytes(file) {
  if (hasGzip) {
    const out = spawnSync('gzip', ['-9', '-n', '-c', file], { maxBuffer: 1 << 28 });
    if (out.status === 0) return out.stdout.length;
  }
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** Newest modification time (ms) of the files below `dir`. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

/**
 * Builds the widget (`npm run build:widget`) when public/widget.js is missing or older than
 * its sources (widget/, shared/, vite.config.ts); answers whether it built.
 *
 * @example
 * ensureWidgetBuilt();
 */
export function ensureWidgetBuilt() {
  const bundle = path.join(root, 'public/widget.js');
  const sources = Math.max(
    newest(path.join(root, 'widget')),
    newest(path.join(root, 'shared')),
    statSync(path.join(root, 'vite.config.ts')).mtimeMs,
  );
  if (existsSync(bundle) && statSync(bundle).mtimeMs >= sources) return false;
  const built = spawnSync(
    path.join(root, 'node_modules/.bin/vite'),
    ['build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) throw new Error('npm run build:widget failed');
  return true;
}

/**
 * Builds bench/peers/adyen-dropin.js with Vite like widget.js (IIFE, minified, es2022) into a
 * temporary directory; answers the paths of its JS and CSS.
 *
 * @example
 * const { js, css } = await buildAdyenDropin();
 */
export async function buildAdyenDropin() {
  const { build } = await import('vite');
  const outDir = tempDir('uc-bench-adyen-');
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      lib: {
        entry: path.join(root, 'bench/peers/adyen-dropin.js'),
        name: 'AdyenDropin',
        formats: ['iife'],
        fileName: () => 'adyen-dropin.js',
        cssFileName: 'adyen-dropin',
      },
      outDir,
      emptyOutDir: true,
      minify: true,
      sourcemap: false,
      target: 'es2022',
    },
  });
  const files = readdirSync(outDir);
  const css = files.find((f) => f.endsWith('.css'));
  return {
    js: path.join(outDir, 'adyen-dropin.js'),
    css: css ? path.join(outDir, css) : null,
  };
}

/**
 * The Paystack peer the first load is compared with. Fetched on demand, not a devDependency:
 * it declares Node 22 in `engines`, and `npm ci` on the project's Node 20 would warn
 * (EBADENGINE) for a file only the bench reads. `npm pack` downloads the published tarball
 * without installing it (no engine check, no scripts).
 */
export const PAYSTACK_VERSION = '2.25.0';

/** dist/inline.js of @paystack/inline-js@{@link PAYSTACK_VERSION}, in a temp dir of this run. */
function paystackInline() {
  const dir = tempDir('uc-bench-paystack-');
  const packed = spawnSync(
    'npm',
    ['pack', `@paystack/inline-js@${PAYSTACK_VERSION}`, '--pack-destination', dir, '--silent'],
    { cwd: dir, encoding: 'utf8' },
  );
  if (packed.status !== 0) {
    throw new Error(`npm pack @paystack/inline-js@${PAYSTACK_VERSION} failed: ${packed.stderr}`);
  }
  const tarball = path.join(dir, packed.stdout.trim().split('\n').pop() ?? '');
  const untar = spawnSync('tar', ['-xzf', tarball, '-C', dir], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`tar -xzf ${tarball} failed: ${untar.stderr}`);
  return path.join(dir, 'package/dist/inline.js');
}

/**
 * `widget_gzip_bytes` and `peer_gzip_bytes`, measured in this run.
 *
 * @example
 * const { results, notes } = await measureSizes();
 */
export async function measureSizes() {
  const rebuilt = ensureWidgetBuilt();
  // The first load of an English page (scripts/widget-size.mjs): the classic loader, the ES
  // module and the English chunk (the first screens' words); the other chunks (later steps,
  // other languages, the transport) load on demand.
  const chunkDir = path.join(root, 'public/widget');
  const chunks = readdirSync(chunkDir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(chunkDir, f));
  const english = chunks.filter((f) => /^en-[\w-]+\.js$/.test(path.basename(f)));
  if (english.length !== 1) throw new Error('public/widget/ should hold one en-*.js chunk');
  const firstLoad = [
    path.join(root, 'public/widget.js'),
    path.join(root, 'public/widget.es.js'),
    ...english,
  ];
  const later = chunks.filter((f) => !english.includes(f));
  // Every language's first load, as `npm test`'s size check counts it (scripts/widget-size.mjs).
  const perLanguage = spawnSync(process.execPath, ['scripts/widget-size.mjs', '--json'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (perLanguage.status !== 0 && !perLanguage.stdout)
    throw new Error(`scripts/widget-size.mjs: ${perLanguage.stderr}`);
  const languages = JSON.parse(perLanguage.stdout);
  const paystack = paystackInline();
  const adyen = await buildAdyenDropin();
  /** @type {Record<string, number>} */
  const peers = {
    '@paystack/inline-js dist/inline.js': gzipBytes(paystack),
    '@adyen/adyen-web Drop-in + Card (JS)': gzipBytes(adyen.js),
  };
  if (adyen.css) peers['@adyen/adyen-web Drop-in (CSS)'] = gzipBytes(adyen.css);
  return {
    results: {
      widget_gzip_bytes: firstLoad.reduce((sum, f) => sum + gzipBytes(f), 0),
      widget_raw_bytes: firstLoad.reduce((sum, f) => sum + statSync(f).size, 0),
      widget_total_gzip_bytes: [...firstLoad, ...later].reduce((sum, f) => sum + gzipBytes(f), 0),
      widget_first_load_gzip_bytes_by_language: languages.first_load_gzip,
      widget_first_load_gzip_bytes_worst: languages.first_load_max_gzip,
      peer_gzip_bytes: peers,
    },
    notes: {
      method: GZIP_METHOD,
      widgetRebuilt: rebuilt,
      versions: {
        '@paystack/inline-js': PAYSTACK_VERSION,
        '@adyen/adyen-web': packageVersion('@adyen/adyen-web'),
      },
    },
  };
}

/** @param {string} name */
function packageVersion(name) {
  return JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8'))
    .version;
}
