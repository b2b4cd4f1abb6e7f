/**
 * A size profile of widget.js: the widget is built again into a temporary directory with the
 * project's own vite.config.ts (same plugins and minifier, minus the step that writes the
 * translations and type declarations into public/), with a source map; every byte of the
 * minified IIFE is attributed to the source file its mapping points at, and the gzip size is
 * split in proportion. Used by `npm run bench -- --profile`.
 * @module
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './servers.mjs';
import { tempDir } from './temp.mjs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Decodes one source-map segment (base64 VLQ) into its numbers.
 *
 * @example
 * decodeVlq('AAAA'); // [0, 0, 0, 0]
 * @param {string} segment
 */
export function decodeVlq(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/**
 * Bytes of generated code per source file, from a source map and the generated text.
 *
 * @example
 * bytesBySource(code, map); // Map { 'node_modules/lit-html/…' => 9000, … }
 * @param {string} code
 * @param {{ sources: string[], mappings: string }} map
 */
export function bytesBySource(code, map) {
  /** @type {Map<string, number>} */
  const out = new Map();
  const lines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((lineMappings, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    let column = 0;
    /** @type {{ column: number, source: number | null }[]} */
    const segments = [];
    for (const segment of lineMappings.split(',')) {
      if (!segment) continue;
      const [dColumn, dSource] = decodeVlq(segment);
      column += dColumn;
      if (dSource !== undefined) source += dSource;
      segments.push({ column, source: dSource !== undefined ? source : null });
    }
    if (segments.length === 0 || segments[0].column > 0) {
      const first = segments[0]?.column ?? line.length;
      out.set('(unmapped)', (out.get('(unmapped)') ?? 0) + first);
    }
    segments.forEach((seg, i) => {
      const end = segments[i + 1]?.column ?? line.length;
      const name = seg.source === null ? '(unmapped)' : (map.sources[seg.source] ?? '(unmapped)');
      out.set(name, (out.get(name) ?? 0) + Math.max(0, end - seg.column));
    });
  });
  return out;
}

/**
 * Groups a source (a path relative to the map's directory): packages by name, the project's
 * files by their path in the repository.
 *
 * @param {string} source
 * @param {string} mapDir
 */
function groupOf(source, mapDir) {
  if (source.startsWith('(')) return source;
  const full = path.resolve(mapDir, source.replace(/\?.*$/, ''));
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(full);
  return pkg ? pkg[1] : path.relative(root, full);
}

/**
 * Builds widget.js with a source map in a temp dir and answers its bytes by source group.
 *
 * @example
 * const profile = await widgetSizeProfile(16107);
 * @param {number} gzipTotal the gzip size of the real widget.js, split in proportion
 */
export async function widgetSizeProfile(gzipTotal) {
  const { build, loadConfigFromFile } = await import('vite');
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    path.join(root, 'vite.config.ts'),
    root,
    'warn',
  );
  if (!loaded) throw new Error('vite.config.ts did not load');
  const config = loaded.config;
  const outDir = tempDir('uc-bench-widget-');
  const plugins = (config.plugins ?? [])
    .flat()
    .filter((p) => p && p.name !== 'widget-translations-and-types');
  await build({
    ...config,
    configFile: false,
    root,
    logLevel: 'warn',
    plugins,
    build: {
      ...config.build,
      lib: { ...config.build.lib, formats: ['iife'], fileName: () => 'widget.js' },
      outDir,
      emptyOutDir: true,
      sourcemap: true,
    },
  });
  const code = readFileSync(path.join(outDir, 'widget.js'), 'utf8');
  const map = JSON.parse(readFileSync(path.join(outDir, 'widget.js.map'), 'utf8'));
  /** @type {Map<string, number>} */
  const groups = new Map();
  for (const [source, bytes] of bytesBySource(code, map)) {
    const group = groupOf(source, outDir);
    groups.set(group, (groups.get(group) ?? 0) + bytes);
  }
  const total = [...groups.values()].reduce((a, b) => a + b, 0);
  return [...groups.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([group, bytes]) => ({
      source: group,
      minified_bytes: bytes,
      share: Math.round((bytes / total) * 1000) / 10,
      gzip_bytes_est: Math.round((bytes / total) * gzipTotal),
    }));
}
