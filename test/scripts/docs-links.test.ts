// The README is short and links into docs/, so every relative link of the
// README, docs/*.md, SECURITY.md, widget/README.md and sandbox/README.md must lead somewhere: an
// existing file or folder and, with a `#fragment` into Markdown, a heading of that file (GitHub's
// anchors). Links to other sites are not followed (nothing is downloaded at test time).
import {
  mkdtempSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

/** The Markdown files whose links are checked, relative to `base`. */
function checkedFiles(base: string): string[] {
  const docs = readdirSync(path.join(base, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  const others = ['README.md', 'SECURITY.md', 'widget/README.md', 'sandbox/README.md'];
  return [...others.filter((file) => isFile(path.join(base, file))), ...docs];
}

function isFile(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
}

/** The lines of a Markdown file outside fenced code blocks, with inline code spans blanked. */
function proseLines(text: string): string[] {
  let fence: string | null = null;
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      continue;
    }
    if (fence === null) out.push(line);
  }
  return out;
}

/** The anchor GitHub gives a heading's text (github-slugger: lower case, punctuation dropped). */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link counts by its text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor of a Markdown file: its headings' slugs, repeated ones numbered as GitHub does. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(text)) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** `[text](target)` and `![alt](target)` of a line, inline code excepted. */
function linkTargets(line: string): string[] {
  const prose = line.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
  return [
    ...prose.matchAll(/!?\[(?:[^\][]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g),
  ].map((match) => match[1]!);
}

/** Each relative link of `files` (under `base`) that leads to no file, folder or heading. */
function brokenLinks(base: string, files: string[]): string[] {
  const anchors = new Map<string, Set<string>>();
  const anchorsFor = (file: string) => {
    if (!anchors.has(file)) anchors.set(file, anchorsOf(readFileSync(file, 'utf8')));
    return anchors.get(file)!;
  };
  const broken: string[] = [];
  for (const file of files) {
    const from = path.join(base, file);
    for (const line of proseLines(readFileSync(from, 'utf8'))) {
      for (const target of linkTargets(line)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …
        const [pathPart = '', fragment] = target.split('#', 2);
        const to = pathPart === '' ? from : path.resolve(path.dirname(from), decodeURI(pathPart));
        const where = `${file}: (${target})`;
        if (!to.startsWith(base) || !statSync(to, { throwIfNoEntry: false })) {
          broken.push(`${where} no such file`);
        } else if (fragment !== undefined && to.endsWith('.md')) {
          if (!anchorsFor(to).has(decodeURIComponent(fragment)))
            broken.push(`${where} no heading with that anchor`);
        }
      }
    }
  }
  return broken;
}

describe('relative links in the documentation', () => {
  it('turns headings into the anchors GitHub gives them', () => {
    expect(slug("Allowing your page's origin")).toBe('allowing-your-pages-origin');
    expect(slug('Lists, search, the events feed and the settlement report')).toBe(
      'lists-search-the-events-feed-and-the-settlement-report',
    );
    expect(slug('`POST /v1/sessions/:id/refunds`')).toBe('post-v1sessionsidrefunds');
    expect(slug('Sandbox wiring: development versus production')).toBe(
      'sandbox-wiring-development-versus-production',
    );
    expect(slug('Rotating `SERVICE_SECRET_KEY` (the payment service’s key)')).toBe(
      'rotating-service_secret_key-the-payment-services-key',
    );
    expect([...anchorsOf('# A\n## Tests\n```\n## Not a heading\n```\n## Tests\n')]).toEqual([
      'a',
      'tests',
      'tests-1',
    ]);
  });

  it('finds a link to a missing file or heading, and none in code', () => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'docs-links-'));
    mkdirSync(path.join(base, 'docs'));
    writeFileSync(path.join(base, 'docs/a.md'), '# A\n\n## Real heading\n');
    writeFileSync(
      path.join(base, 'README.md'),
      [
        '# Readme',
        '[ok](docs/a.md#real-heading) [ok too](#readme) [site](https://example.com/x.md)',
        '[gone](docs/b.md) [no heading](docs/a.md#missing) `[in code](nowhere.md)`',
        '```md',
        '[in a fence](nowhere.md)',
        '```',
      ].join('\n'),
    );
    expect(brokenLinks(base, checkedFiles(base))).toEqual([
      'README.md: (docs/b.md) no such file',
      'README.md: (docs/a.md#missing) no heading with that anchor',
    ]);
  });

  it('lead to an existing file and heading, from the README and every page of docs/', () => {
    const files = checkedFiles(root);
    expect(files).toContain('README.md');
    expect(files).toContain('docs/benchmarks.md');
    expect(brokenLinks(root, files)).toEqual([]);
  });
});
