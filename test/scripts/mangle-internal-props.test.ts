// The build's mangler (vite.config.ts, mangleInternalProps): it renames the private names that
// widget/mangled-names.ts lists, the same in every chunk, and fails the build when the list and
// the bundle disagree (an explicit list, not the `_` prefix).
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { mangleInternalProps } from '../../vite.config';
import { MANGLED_NAMES } from '../../widget/mangled-names';

/** Runs the plugin on chunks of `code` (the first is the entry); returns their code after it. */
function mangle(names: readonly string[], ...codes: string[]): string[] {
  const chunks = codes.map(
    (code, i) =>
      ({ type: 'chunk', code, fileName: `c${i}.js`, isEntry: i === 0 }) as Rollup.OutputChunk,
  );
  const hook = mangleInternalProps(names).generateBundle as (
    options: unknown,
    bundle: Record<string, Rollup.OutputChunk>,
  ) => void;
  hook.call({}, {}, Object.fromEntries(chunks.map((chunk) => [chunk.fileName, chunk])));
  return chunks.map((chunk) => chunk.code);
}

describe('mangleInternalProps', () => {
  it("renames the listed names in every chunk, the entry's most frequent shortest", () => {
    const [entry, chunk] = mangle(
      ['_alpha', '_beta'],
      'a._beta();a._alpha;a._alpha;let o={_beta:1};',
      'class X{_beta(){}_alpha=1}x.value=x._alpha;',
    );
    expect(entry).toBe('a._1();a._0;a._0;let o={_1:1};');
    expect(chunk).toBe('class X{_1(){}_0=1}x.value=x._0;');
  });

  it('fails when a listed name is not in the bundle', () => {
    expect(() => mangle(['_alpha', '_gone'], 'a._alpha;')).toThrow(
      /lists names the bundle lacks \(_gone\)/,
    );
  });

  it('fails when a private member of the bundle is not listed', () => {
    expect(() => mangle(['_alpha'], 'a._alpha;a._fresh;')).toThrow(
      /lacks private members the bundle has \(_fresh\)/,
    );
  });

  it('lists only `_` names, each once', () => {
    expect(MANGLED_NAMES.filter((name) => !/^_[a-z]\w*$/.test(name))).toEqual([]);
    expect(new Set(MANGLED_NAMES).size).toBe(MANGLED_NAMES.length);
  });
});
