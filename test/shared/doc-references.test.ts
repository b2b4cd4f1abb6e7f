// Every comment that cites a design document names a file of docs/ and, when it quotes
// a heading (`docs/design.md, "Money rules"`), a heading that file has. The old citations
// ("DESIGN.md §4", "the spec") are gone from every comment of the production code.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const SCANNED = ['worker', 'sandbox/src', 'widget', 'shared', 'scripts'];

/** Every .ts and .mjs file below `dir` (relative to the repository). */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = `${dir}/${name}`;
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path.join(root, relative)).isDirectory()) return sourceFiles(relative);
    return /\.(ts|mjs)$/.test(name) ? [relative] : [];
  });
}

/** Characters after which a `/` starts a regular expression rather than a division. */
const BEFORE_REGEX = /[(,=:[!&|?{};+\-*%<>~^]|\b(return|typeof|case|in|of|void|delete|throw)$/;

/**
 * The comments of a script, each as one line of text (comment markers and leading `*` removed;
 * a run of `//` lines is one comment). Strings, template literals and regular expressions are
 * skipped, so their contents are never taken for comments.
 *
 * @example
 * commentsOf("const a = '// no'; // yes\n/** and\n * this *\/"); // ['yes', 'and this']
 */
function commentsOf(source: string): string[] {
  const comments: string[] = [];
  const templates: number[] = []; // brace depth of each open `${`
  let depth = 0;
  let lastLineCommentEnd = -1; // where the last `//` comment ended, while it can continue
  let significant = '';
  let i = 0;
  const add = (text: string, start: number, line: boolean) => {
    const clean = text
      .split('\n')
      .map((l) => l.replace(/^\s*\*?\s?/, ''))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (line && lastLineCommentEnd >= 0 && /^\s*$/.test(source.slice(lastLineCommentEnd, start))) {
      comments[comments.length - 1] += ` ${clean}`;
    } else comments.push(clean);
  };
  const skipQuoted = (quote: string) => {
    for (i++; i < source.length && source[i] !== quote; i++) if (source[i] === '\\') i++;
    i++;
  };
  const skipTemplate = () => {
    for (i++; i < source.length; i++) {
      if (source[i] === '\\') i++;
      else if (source[i] === '`') return void i++;
      else if (source[i] === '$' && source[i + 1] === '{') {
        templates.push(depth);
        depth++;
        i += 2;
        return;
      }
    }
  };
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      add(source.slice(i + 2, stop), i, true);
      lastLineCommentEnd = stop;
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end;
      add(source.slice(i + 2, stop), i, false);
      lastLineCommentEnd = -1;
      i = stop + 2;
    } else if (c === "'" || c === '"') {
      skipQuoted(c);
      significant = 'x';
    } else if (c === '`') {
      skipTemplate();
      significant = 'x';
    } else if (c === '/' && (significant === '' || BEFORE_REGEX.test(significant))) {
      let inClass = false;
      for (i++; i < source.length && source[i] !== '\n'; i++) {
        if (source[i] === '\\') i++;
        else if (source[i] === '[') inClass = true;
        else if (source[i] === ']') inClass = false;
        else if (source[i] === '/' && !inClass) break;
      }
      i++;
      significant = 'x';
    } else if (c === '}' && templates.length > 0 && templates.at(-1) === depth - 1) {
      templates.pop();
      depth--;
      skipTemplate(); // the template literal resumes after this brace
    } else {
      if (c === '{') depth++;
      if (c === '}') depth--;
      if (!/\s/.test(c)) {
        const word = /^[\w$]+/.exec(source.slice(i))?.[0];
        significant = word ?? c;
        i += word ? word.length : 1;
        continue;
      }
      i++;
    }
  }
  return comments;
}

/** The headings of a Markdown file (outside code fences), without their `#` marks. */
function headingsOf(file: string): Set<string> {
  const headings = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(path.join(root, file), 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.+?)\s*$/.exec(line);
    if (heading) headings.add(heading[1]!);
  }
  return headings;
}

/** `docs/<file>.md` with the headings quoted after it (`, "Heading"`, repeated). */
const REFERENCE = /docs\/([\w.-]+\.md)((?:\s*,\s*"[^"]+")*)/g;
/** Citations the docs replaced. */
const OLD_CITATION = /DESIGN\.md|§|\b[Tt]he spec\b|\bspec's\b/;

interface Finding {
  file: string;
  problem: string;
}

function findings(): Finding[] {
  const out: Finding[] = [];
  const headings = new Map<string, Set<string> | null>();
  const headingsFor = (doc: string) => {
    if (!headings.has(doc)) {
      const exists = statSync(path.join(root, doc), { throwIfNoEntry: false })?.isFile();
      headings.set(doc, exists ? headingsOf(doc) : null);
    }
    return headings.get(doc)!;
  };
  for (const file of SCANNED.flatMap(sourceFiles)) {
    for (const comment of commentsOf(readFileSync(path.join(root, file), 'utf8'))) {
      const old = OLD_CITATION.exec(comment);
      if (old) {
        const at = Math.max(0, old.index - 60);
        out.push({ file, problem: `cites "${old[0]}": …${comment.slice(at, old.index + 60)}…` });
      }
      for (const [, name, quoted] of comment.matchAll(REFERENCE)) {
        const doc = `docs/${name}`;
        const known = headingsFor(doc);
        if (!known) {
          out.push({ file, problem: `${doc} does not exist` });
          continue;
        }
        for (const [, heading] of quoted!.matchAll(/"([^"]+)"/g)) {
          if (!known.has(heading!))
            out.push({ file, problem: `${doc} has no heading "${heading}"` });
        }
      }
    }
  }
  return out;
}

describe('documentation references in comments', () => {
  it('reads comments only, not strings, templates or regular expressions', () => {
    const source = [
      "const a = '// not a comment'; // one",
      'const b = `${"x" /* two */} // no ${`nested ${1}`}`;',
      'const c = /\\/\\/ no/.test(a) ? 1 / 2 : 3; /* three',
      ' * wraps */',
      '// four',
      '// continues',
    ].join('\n');
    expect(commentsOf(source)).toEqual(['one', 'two', 'three wraps', 'four continues']);
  });

  it('name a file of docs/ and headings it has, and no old citation remains', () => {
    expect(findings().map((f) => `${f.file}: ${f.problem}`)).toEqual([]);
  });
});
