import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { parseAst } from 'rolldown/parseAst';
import { build, defineConfig, type Plugin } from 'vite';

type Node = { type?: string; [key: string]: unknown };
type Quasi = { start: number; end: number; tail: boolean; value: { raw: string } };

const minifiers: Record<string, (raw: string) => string> = {
  // Line breaks between two tags are source formatting: dropped. Other whitespace runs collapse
  // to one space, which renders the same outside <pre>. (Text beside an expression keeps its
  // space: `</span> ${x}`.)
  html: (raw) => raw.replace(/>\s*\n\s*</g, '><').replace(/\s+/g, ' '),
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

/** Locales shipped beside widget.js, loaded on demand (English is inside widget.js). */
const LOADABLE_LOCALES = ['fr', 'sw', 'pt'];

/**
 * After the main bundle: each non-English translation as its own small IIFE
 * (public/widget/translations/<code>.js, which registers itself), and the ES module's type
 * declarations (public/widget.d.ts, re-exporting public/widget/types/).
 */
function translationsAndTypes(): Plugin {
  let done = false;
  return {
    name: 'widget-translations-and-types',
    apply: 'build',
    async closeBundle() {
      if (done) return;
      done = true;
      for (const code of LOADABLE_LOCALES) {
        await build({
          configFile: false,
          logLevel: 'warn',
          publicDir: false,
          plugins: [minifyLitTemplates()],
          build: {
            lib: {
              entry: `widget/translations/${code}.ts`,
              name: `UnifiedCheckoutTranslation_${code}`,
              formats: ['iife'],
              fileName: () => `${code}.js`,
            },
            outDir: 'public/widget/translations',
            emptyOutDir: false,
            minify: true,
            target: 'es2022',
          },
        });
      }
      const tsc = spawnSync('node_modules/.bin/tsc', ['-p', 'widget/tsconfig.types.json'], {
        stdio: 'inherit',
      });
      if (tsc.status !== 0) throw new Error('widget type declarations failed');
      writeFileSync(
        'public/widget.d.ts',
        '// Types of widget.es.js (and of the <unified-checkout> element and its events).\n' +
          "export * from './widget/types/widget/index';\n",
      );
    },
  };
}

// The widget bundle: widget.js (IIFE, for a <script> tag) and widget.es.js (ES module), plus
// the translations and type declarations above. Written into ./public, which the proxy serves
// as static assets.
export default defineConfig({
  publicDir: false,
  plugins: [minifyLitTemplates(), translationsAndTypes()],
  build: {
    lib: {
      entry: 'widget/index.ts',
      name: 'UnifiedCheckout',
      formats: ['iife', 'es'],
      fileName: (format) => (format === 'iife' ? 'widget.js' : 'widget.es.js'),
    },
    outDir: 'public',
    emptyOutDir: false,
    minify: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Private members are `_`-prefixed (Lit's convention) and renamed short here; Lit's
        // own internals use `_$…` and public API names never start with `_`.
        minify: {
          compress: true,
          mangle: true,
          codegen: { removeWhitespace: true },
          mangleProps: { include: /^_[a-z]/ },
        },
      },
      // The IIFE has no import.meta (it finds its URL through document.currentScript).
      onLog: (level, log, handler) => {
        if (log.code !== 'EMPTY_IMPORT_META') handler(level, log);
      },
    },
  },
});
