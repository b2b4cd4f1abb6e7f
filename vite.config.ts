import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parseAst } from 'rolldown/parseAst';
import { build, defineConfig, type Plugin, type Rollup } from 'vite';
import { MANGLED_NAMES } from './widget/mangled-names.ts';

type Node = { type?: string; [key: string]: unknown };
type Quasi = { start: number; end: number; tail: boolean; value: { raw: string } };

const minifiers: Record<string, (raw: string) => string> = {
  // Line breaks between two tags are source formatting: dropped. Other whitespace runs collapse
  // to one space, which renders the same outside <pre>. (Text beside an expression keeps its
  // space: `</span> ${x}`.) Whitespace before the `>` or `/>` that ends a tag goes: after an
  // attribute (`" >`, `required />`, `</span >`) or an attribute's expression (`=${x} >`).
  html: (raw) =>
    raw
      .replace(/>\s*\n\s*</g, '><')
      .replace(/\s+/g, ' ')
      .replace(/(["\w])\s(\/?>)/g, '$1$2')
      .replace(/^\s(\/?>)/, '$1'),
  css: (raw) =>
    raw
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .replace(/\s*([{};,>])\s*/g, '$1')
      .replace(/:\s+/g, ':')
      .replace(/;}/g, '}')
      .replace(/=(['"])([a-zA-Z_][\w-]*)\1\]/g, '=$2]')
      .replace(/([\s:,(])0\.(\d)/g, '$1.$2'),
};

/**
 * Shrinks the text of Lit's html`` and css`` templates in widget/ sources (the JS minifier
 * leaves template text alone). Parsed with rolldown's parser, so only real tagged templates
 * change; a quasi whose offsets do not match its text is left as it is.
 */
function minifyLitTemplates(): Plugin {
  return {
    name: 'minify-lit-templates',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/widget\/.*\.ts$/.test(id) || !/(html|css)`/.test(code)) return null;
      const edits: { start: number; end: number; text: string }[] = [];
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(visit);
        if (!node || typeof node !== 'object') return;
        const n = node as Node;
        const tag = n.tag as Node | undefined;
        const minify =
          n.type === 'TaggedTemplateExpression' && tag?.type === 'Identifier'
            ? minifiers[tag.name as string]
            : undefined;
        if (minify) {
          for (const quasi of (n.quasi as { quasis: Quasi[] }).quasis) {
            const start = quasi.start + 1;
            const end = quasi.end - (quasi.tail ? 1 : 2);
            if (code.slice(start, end) !== quasi.value.raw) continue;
            edits.push({ start, end, text: minify(quasi.value.raw) });
          }
        }
        for (const [key, value] of Object.entries(n)) if (key !== 'tag') visit(value);
      };
      visit(parseAst(code, { lang: 'ts' }, id));
      edits.sort((a, b) => b.start - a.start);
      let out = code;
      for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
      return { code: out, map: null };
    },
  };
}

/**
 * Drops what of Lit's production build the widget never uses: the version lists it pushes onto
 * `globalThis` (`litHtmlVersions` and the like, read only by Lit's development build to warn
 * of several copies) and the call of the SSR hydration hook (`litElementHydrateSupport`: the
 * widget renders on the client only), each an expression statement replaced by `void 0`; and
 * shortens the two messages of errors thrown only on a misuse of Lit's API (a CSSResult built
 * by hand, a template's strings not from a tagged literal: the check stays). A Lit release
 * that spells them otherwise is left as it is (the size budget then says so).
 */
function trimLit(): Plugin {
  const LIT = /\/node_modules\/(lit-html|lit-element|@lit\/reactive-element)\/[\w-]+\.js$/;
  return {
    name: 'trim-lit',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!LIT.test(id)) return null;
      const out = code
        .replace(
          /\(\w+\.(litHtml|litElement|reactiveElement)Versions\?\?=\[\]\)\.push\("[\d.]+"\)/g,
          'void 0',
        )
        .replace(/\w+\.litElementHydrateSupport\?\.\(\{LitElement:\w+\}\)/g, 'void 0')
        .replace(/Error\("CSSResult is not constructable[^"]*"\)/, 'Error("lit: css")')
        .replace(/Error\("invalid template strings array"\)/, 'Error("lit: html")');
      return out === code ? null : { code: out, map: null };
    },
  };
}

/** Short names: `_` and one character, then two (`_0`…`_Z`, `_00`…). */
const SHORT = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const shortName = (i: number): string =>
  i < SHORT.length
    ? `_${SHORT[i]}`
    : `_${SHORT[Math.floor(i / SHORT.length) - 1]}${SHORT[i % SHORT.length]}`;

/**
 * Renames the widget's private members, the names listed in widget/mangled-names.ts, to short
 * names, the same in every chunk (rolldown's own property mangling works on single-chunk builds
 * only). Runs on the minified chunks: each property position (member access, object or class
 * key) whose name is listed is renamed from one table built over all chunks, the entry's
 * most frequent first. The build fails when a listed name is not in the bundle (a stale list), and when a
 * `_`-prefixed member is not listed (add it, or the bundle grows by its long name).
 */
export function mangleInternalProps(names: readonly string[] = MANGLED_NAMES): Plugin {
  const listed = new Set<string>(names);
  return {
    name: 'mangle-internal-props',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rollup.OutputChunk => file.type === 'chunk',
      );
      type Spot = { start: number; end: number; name: string; shorthand: boolean };
      const spots = new Map<Rollup.OutputChunk, Spot[]>();
      const counts = new Map<string, number>();
      /** Occurrences in the entry (widget.es.js), which every first load fetches. */
      const inEntry = new Map<string, number>();
      const unlisted = new Set<string>();
      for (const chunk of chunks) {
        const found: Spot[] = [];
        const visit = (node: unknown): void => {
          if (Array.isArray(node)) return node.forEach(visit);
          if (!node || typeof node !== 'object') return;
          const n = node as Node;
          const key = (
            n.type === 'MemberExpression' && !n.computed
              ? n.property
              : (n.type === 'Property' ||
                    n.type === 'MethodDefinition' ||
                    n.type === 'PropertyDefinition') &&
                  !n.computed
                ? n.key
                : undefined
          ) as (Node & { start: number; end: number; name?: string }) | undefined;
          const name = key?.type === 'Identifier' ? (key.name ?? '') : '';
          if (listed.has(name)) {
            found.push({ start: key!.start, end: key!.end, name, shorthand: n.shorthand === true });
            counts.set(name, (counts.get(name) ?? 0) + 1);
            if (chunk.isEntry) inEntry.set(name, (inEntry.get(name) ?? 0) + 1);
          } else if (/^_[a-z]\w*$/.test(name)) {
            unlisted.add(name);
          }
          for (const value of Object.values(n))
            if (value && typeof value === 'object') visit(value);
        };
        visit(parseAst(chunk.code));
        spots.set(chunk, found);
      }
      const missing = [...listed].filter((name) => !counts.has(name));
      if (missing.length > 0 || unlisted.size > 0) {
        throw new Error(
          `mangle-internal-props: widget/mangled-names.ts lists names the bundle lacks (${missing.join(', ') || 'none'}) ` +
            `and lacks private members the bundle has (${[...unlisted].join(', ') || 'none'})`,
        );
      }
      // The shortest names go to the entry's most frequent, then to the chunks'.
      const rank = ([name, count]: [string, number]) => (inEntry.get(name) ?? 0) * 1e6 + count;
      const names = [...counts].sort((a, b) => rank(b) - rank(a) || (a[0] < b[0] ? -1 : 1));
      const short = new Map(names.map(([name], i) => [name, shortName(i)]));
      for (const [chunk, found] of spots) {
        let code = chunk.code;
        for (const spot of found.sort((a, b) => b.start - a.start)) {
          if (code.slice(spot.start, spot.end) !== spot.name) {
            throw new Error(
              `mangle-internal-props: ${spot.name} not at ${spot.start} in ${chunk.fileName}`,
            );
          }
          const renamed = short.get(spot.name)!;
          const text = spot.shorthand ? `${renamed}:${spot.name}` : renamed;
          code = code.slice(0, spot.start) + text + code.slice(spot.end);
        }
        chunk.code = code;
      }
    },
  };
}

/** Entries of the package export: `unified-checkout/widget` and its JSX-typed flavours. */
const PACKAGE_ENTRIES = [
  ['index', 'widget/index.ts'],
  ['react', 'widget/jsx/react.ts'],
  ['preact', 'widget/jsx/preact.ts'],
  ['solid', 'widget/jsx/solid.ts'],
] as const;

/**
 * After the module build: the classic loader `public/widget.js` (widget/loader.ts, an IIFE that
 * imports widget.es.js from beside itself), the ES module's type declarations
 * (public/widget.d.ts, re-exporting public/widget/types/), and the package export
 * `unified-checkout/widget` (dist/widget/, with its declarations).
 */
function loaderAndTypes(): Plugin {
  let done = false;
  /** The language chunks' files by language (`{ fr: 'widget/fr-….js' }`), for the hosted page. */
  const languageChunks: Record<string, string> = {};
  return {
    name: 'widget-loader-and-types',
    apply: 'build',
    buildStart() {
      // The chunks' names carry a hash: drop the previous build's.
      rmSync('public/widget', { recursive: true, force: true });
      // Each language's first screens, a chunk the entry names from its code
      // (widget/localize.ts, languageChunk): emitted here, as nothing imports them by name.
      for (const name of readdirSync('shared/strings')) {
        const code = /^([a-z]{2,3})\.ts$/.exec(name)?.[1];
        if (!code) continue;
        this.emitFile({
          type: 'chunk',
          id: `shared/strings/${name}`,
          fileName: `widget/${code}-${LANGUAGES_HASH}.js`,
        });
      }
    },
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        const language = LANGUAGE_FILE.exec(
          (file.type === 'chunk' && file.facadeModuleId) || '',
        )?.[1];
        if (language) languageChunks[language] = file.fileName;
      }
    },
    async closeBundle() {
      if (done) return;
      done = true;
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        // The loader starts the page's language chunk beside the module: it names it so.
        define: { __UC_LANGUAGES_HASH__: JSON.stringify(LANGUAGES_HASH) },
        build: {
          lib: {
            entry: 'widget/loader.ts',
            name: 'UnifiedCheckoutLoader',
            formats: ['iife'],
            fileName: () => 'widget.js',
          },
          outDir: 'public',
          emptyOutDir: false,
          minify: true,
          target: 'es2022',
        },
      });
      // The hosted page's QR code (public/hosted/qr.js): a module of its own, imported by the
      // hosted page on wide screens only; not a widget file (merchants' pages never load it).
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        build: {
          lib: { entry: 'widget/qr.ts', formats: ['es'], fileName: () => 'qr.js' },
          outDir: 'public/hosted',
          emptyOutDir: true,
          minify: true,
          target: 'es2022',
        },
      });
      // The console (console/, docs/console.md): its own bundle in public/console/assets/, an
      // entry and one chunk per page, served by the Worker behind Cloudflare Access. Nothing of
      // it is imported by the widget, whose files above do not change with it.
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        build: {
          lib: { entry: 'console/index.ts', formats: ['es'], fileName: () => 'console.js' },
          outDir: 'public/console/assets',
          emptyOutDir: true,
          minify: true,
          target: 'es2022',
          // Lib mode leaves an ES bundle's whitespace (for a consumer's tree-shaking): this one
          // is served as is, so the output is minified in full.
          rolldownOptions: { output: { chunkFileNames: '[name]-[hash].js', minify: true } },
        },
      });
      // The package export `unified-checkout/widget` (dist/widget/): the same module for a
      // merchant's bundler, Lit left as an import (a dependency of the package), and one entry
      // per JSX flavour (the same module, typed for React, Preact or Solid).
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        plugins: [minifyLitTemplates()],
        build: {
          lib: {
            entry: Object.fromEntries(
              PACKAGE_ENTRIES.map(([name, file]) => [name, file] as [string, string]),
            ),
            formats: ['es'],
            fileName: (_format, name) => `${name}.js`,
          },
          outDir: 'dist/widget',
          emptyOutDir: true,
          minify: false,
          target: 'es2022',
          rolldownOptions: {
            external: [/^lit(\/|$)/, /^@lit\//],
            preserveEntrySignatures: 'allow-extension',
            output: { chunkFileNames: 'chunks/[name]-[hash].js' },
          },
        },
      });
      for (const project of ['widget/tsconfig.types.json', 'widget/tsconfig.package.json']) {
        const tsc = spawnSync('node_modules/.bin/tsc', ['-p', project], { stdio: 'inherit' });
        if (tsc.status !== 0) throw new Error(`widget type declarations failed (${project})`);
      }
      writeFileSync(
        'public/widget.d.ts',
        '// Types of widget.es.js (and of the <unified-checkout> element and its events).\n' +
          "export * from './widget/types/widget/index';\n",
      );
      // The hosted page preloads its language's chunk (worker/hosted/widget-files.ts).
      writeFileSync('public/widget/languages.json', `${JSON.stringify(languageChunks)}\n`);
      for (const [name, file] of PACKAGE_ENTRIES) {
        const types = `./types/${file.replace(/\.ts$/, '')}`;
        writeFileSync(`dist/widget/${name}.d.ts`, `export * from '${types}';\n`);
      }
    },
  };
}

/** A language's first screens: shared/strings/<code>.ts (the step tables are in steps/). */
const LANGUAGE_FILE = /\/shared\/strings\/([a-z]{2,3})\.ts$/;

/**
 * One hash for every language chunk's name (`widget/fr-<hash>.js`), of all their sources
 * together: the entry and the loader then name a language's chunk from its code
 * (`__UC_LANGUAGES_HASH__`), where listing each chunk's own hashed name cost every language's
 * full name in both files' first load (about 140 B gzip for nine languages). A change to any
 * language renames them all, which only costs the other languages' cached copies.
 */
const LANGUAGES_HASH = (() => {
  const hash = createHash('sha256');
  for (const name of readdirSync('shared/strings').sort()) {
    if (/^[a-z]{2,3}\.ts$/.test(name))
      hash.update(name).update(readFileSync(`shared/strings/${name}`));
  }
  return hash.digest('base64url').slice(0, 8);
})();

// The widget: widget.es.js (the ES module entry: Lit, the element, English and the first
// screens) and its chunks in public/widget/ (the other steps and languages, loaded with
// import() beside it), widget.js (the classic loader) and the type declarations. Written into
// ./public, which the proxy serves as static assets (public/_headers lets other origins import
// them: module scripts are fetched with CORS).
export default defineConfig({
  publicDir: false,
  plugins: [trimLit(), minifyLitTemplates(), mangleInternalProps(), loaderAndTypes()],
  define: { __UC_LANGUAGES_HASH__: JSON.stringify(LANGUAGES_HASH) },
  build: {
    lib: {
      entry: 'widget/index.ts',
      formats: ['es'],
      fileName: () => 'widget.es.js',
    },
    outDir: 'public',
    emptyOutDir: false,
    minify: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      // The entry may export more than index.ts does (what its chunks import from it), so the
      // modules it shares with its chunks stay in it rather than in a chunk of their own.
      preserveEntrySignatures: 'allow-extension',
      output: {
        // A language's later strings (shared/strings/later/<code>.ts) apart from its first
        // screens' chunk (widget/<code>-<hash>.js), which the entry names from its code.
        chunkFileNames: (chunk) =>
          /\/shared\/strings\/later\/[a-z]{2,3}\.ts$/.test(chunk.facadeModuleId ?? '')
            ? 'widget/later-[name]-[hash].js'
            : 'widget/[name]-[hash].js',
        // Nothing bundles these files again: the tree-shaking hints (`/* @__PURE__ */`) can go.
        comments: { annotation: false },

        minify: {
          compress: true,
          mangle: true,
          codegen: { removeWhitespace: true },
        },
      },
    },
  },
});
