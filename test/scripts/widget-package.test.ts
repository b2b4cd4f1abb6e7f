// The package export `unified-checkout/widget` (dist/widget/, built by `npm run build:widget`):
// the React and plain-HTML examples of docs/embedding.md (examples/) type-check against it,
// `<unified-checkout>` is typed in React, Preact and Solid JSX, and a wrong prop is an error (the
// typing is real, not `any`). Each check is a `tsc` run over files that import the package by its name.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, scratchProject, typecheck } from '../support/scratch-tsc';

const scratch = path.join(root, 'test-results/widget-package');

/** A scratch project of one file (inside the package, so its name resolves to itself). */
const project = (name: string, file: string, source: string, options: object) =>
  scratchProject(path.join(scratch, name), file, source, options);

beforeAll(() => {
  if (!existsSync(path.join(root, 'dist/widget/index.d.ts'))) {
    throw new Error('dist/widget/ is missing: run `npm run build:widget` first (npm test does).');
  }
  rmSync(scratch, { recursive: true, force: true });
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('unified-checkout/widget', () => {
  it('compiles the React example (examples/react)', () => {
    const run = typecheck('examples/react/tsconfig.json');
    expect(run.output).toBe('');
    expect(run.status).toBe(0);
  }, 60_000);

  it('compiles the plain-HTML example script (examples/html, checkJs)', () => {
    const run = typecheck('examples/html/tsconfig.json');
    expect(run.output).toBe('');
    expect(run.status).toBe(0);
  }, 60_000);

  it('refuses a wrong prop or attribute type (React JSX, and the DOM element in plain JS)', () => {
    const react = typecheck(
      project(
        'react-bad',
        'bad.tsx',
        "import 'unified-checkout/widget/react';\n" +
          'export const A = () => <unified-checkout session={42} />;\n' +
          'export const B = () => <unified-checkout session="cs_1" theme="blue" />;\n',
        { jsx: 'react-jsx' },
      ),
    );
    expect(react.status).not.toBe(0);
    expect(react.output.match(/error TS2322/g)).toHaveLength(2);

    const html = typecheck(
      project(
        'html-bad',
        'bad.js',
        "// @ts-check\n/** @typedef {import('unified-checkout/widget').UnifiedCheckout} U */\n" +
          "const el = document.querySelector('unified-checkout');\n" +
          'if (el) el.session = 42;\n' +
          "el?.addEventListener('checkout-success', (e) => e.detail.nope);\n",
        { allowJs: true, checkJs: true },
      ),
    );
    expect(html.status).not.toBe(0);
    expect(html.output).toMatch(/error TS2322/);
    expect(html.output).toMatch(/error TS2339: Property 'nope'/);
  }, 60_000);

  it('types <unified-checkout session={id} /> in Preact and Solid JSX', () => {
    const good = (id: string) => `<unified-checkout session={${id}} locale="fr" theme="dark" />`;
    const preact = typecheck(
      project(
        'preact',
        'ok.tsx',
        "import 'unified-checkout/widget/preact';\n" +
          `export const A = ({ id }: { id: string }) => ${good('id')};\n` +
          '// @ts-expect-error a session is a string\n' +
          `export const B = () => ${good('42')};\n`,
        { jsx: 'react-jsx', jsxImportSource: 'preact' },
      ),
    );
    expect(preact.output).toBe('');
    expect(preact.status).toBe(0);
    const solid = typecheck(
      project(
        'solid',
        'ok.tsx',
        "import 'unified-checkout/widget/solid';\n" +
          `export const A = (props: { id: string }) => ${good('props.id')};\n` +
          '// @ts-expect-error a session is a string\n' +
          `export const B = () => ${good('42')};\n`,
        { jsx: 'preserve', jsxImportSource: 'solid-js' },
      ),
    );
    expect(solid.output).toBe('');
    expect(solid.status).toBe(0);
  }, 60_000);
});
