// The webhook verifier's examples in docs/webhooks.md (Express, node:http), type-checked as
// written against `unified-checkout/webhooks` with Node's and Express's own types: Node's
// `req.headers` (IncomingHttpHeaders) must be accepted as it is.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root, scratchProject, typecheck } from '../support/scratch-tsc';

const scratch = path.join(root, 'test-results/docs-examples');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The ```ts block of `doc` whose first line is `// <label>`. */
function example(doc: string, label: string): string {
  const text = readFileSync(path.join(root, doc), 'utf8');
  const block = [...text.matchAll(/```ts\n([\s\S]*?)```/g)]
    .map((match) => match[1])
    .find((code) => code.startsWith(`// ${label}\n`));
  if (!block) throw new Error(`${doc} has no \`\`\`ts block starting with // ${label}`);
  return block;
}

describe('docs/webhooks.md examples type-check', () => {
  for (const [label, types] of [
    ['Express', ['node', 'express']],
    ['node:http', ['node']],
  ] as const) {
    it(label, () => {
      const name = label.replace(/\W/g, '-');
      const tsconfig = scratchProject(
        path.join(scratch, name),
        'example.ts',
        example('docs/webhooks.md', label),
        {
          types,
          typeRoots: [path.join(root, 'node_modules/@types')],
          paths: { 'unified-checkout/webhooks': [path.join(root, 'shared/webhook-signature.ts')] },
        },
      );
      const run = typecheck(tsconfig);
      expect(run.output).toBe('');
      expect(run.status).toBe(0);
    });
  }
});
