// The command line of every `npm run` script: `--help` (or `-h`) prints the script's usage (the
// comment at the top of its file) and exits 0; an unknown option or a missing value prints one
// line and exits 2, never a stack trace.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { parseArgs } from 'node:util';

/**
 * The leading `//` comment of a script file, without the slashes.
 * @param {string} file
 * @returns {string}
 */
export function usageOf(file) {
  const lines = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('//')) break;
    lines.push(line.replace(/^\/\/ ?/, ''));
  }
  return lines.join('\n').trim();
}

/** How a script calls itself in one-line messages: `npm run <name>` when run by npm. */
const scriptName = (file) =>
  process.env.npm_lifecycle_script?.includes(path.basename(file))
    ? `npm run ${process.env.npm_lifecycle_event}`
    : `node ${path.relative(process.cwd(), file)}`;

/**
 * Parses `args` against `options` (node:util parseArgs, strict). `passThrough`: the script hands
 * its arguments to another tool (vitest, web-test-runner), so only `--help` is its own.
 *
 * @example
 * const { values } = cli(import.meta.url, { key: { type: 'string' } });
 * @param {string} url the script's import.meta.url
 * @param {import('node:util').ParseArgsConfig['options']} [options]
 * @param {{ args?: string[], passThrough?: boolean, positionals?: boolean }} [how]
 */
export function cli(url, options = {}, how = {}) {
  const file = fileURLToPath(url);
  const args = how.args ?? process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usageOf(file));
    process.exit(0);
  }
  if (how.passThrough) return { values: {}, positionals: args };
  try {
    return parseArgs({ args, options, allowPositionals: how.positionals ?? false, strict: true });
  } catch (error) {
    const unknown = /Unknown option '([^']+)'/.exec(error.message)?.[1];
    const said = unknown
      ? `unknown option ${unknown}`
      : error.message.split('\n')[0].replace(/\.$/, '');
    console.error(`${scriptName(file)}: ${said} (--help shows the usage)`);
    process.exit(2);
  }
}
