// Makes sure Debian's browser engines are present for the widget and end-to-end suites
// (Chromium, Firefox ESR, WebKitGTK; test/support/engines.mjs): installs what is missing with
// apt-get when running as root (CI), otherwise says how. Under CI=true, or for an engine named
// in UC_ENGINES, a missing engine is an error: a run that skipped an engine is never green.
import { spawnSync } from 'node:child_process';
import { PACKAGES, engineInstalled, selectedEngines } from '../test/support/engines.mjs';

/** @returns {import('../test/support/engines.mjs').Engine[]} the engines the suites will run */
export function ensureBrowsers() {
  const wanted = selectedEngines();
  let absent = wanted.filter((engine) => !engineInstalled(engine));
  if (absent.length === 0) return wanted;
  const packages = absent.flatMap((engine) => PACKAGES[engine]);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log(
      `Missing browser engine(s) ${absent.join(', ')}: apt-get install ${packages.join(' ')}…`,
    );
    const install = () =>
      spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).status === 0;
    if (!install()) {
      spawnSync('apt-get', ['update'], { stdio: 'inherit' });
      install();
    }
    absent = wanted.filter((engine) => !engineInstalled(engine));
    if (absent.length === 0) return wanted;
  }
  const how = `apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  const named = Boolean(process.env.UC_ENGINES && process.env.UC_ENGINES.trim());
  // Chromium is never optional: the end-to-end suite (playwright-core) runs in it alone.
  if (process.env.CI === 'true' || named || absent.includes('chromium')) {
    console.error(`✖ Browser engine(s) missing: ${absent.join(', ')}. Install with \`${how}\`.`);
    process.exit(1);
  }
  console.warn(
    `⚠ Browser engine(s) missing: ${absent.join(', ')}; the suites leave them out ` +
      `(CI would fail). Install with \`sudo ${how}\`.`,
  );
  return wanted.filter((engine) => !absent.includes(engine));
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureBrowsers().join(' '));
