// Makes sure Debian's Chromium is present for the widget and end-to-end suites: installs it with
// apt-get when running as root (CI), otherwise says how.
import { spawnSync } from 'node:child_process';
import { chromiumPath } from '../test/support/chromium.mjs';

export function ensureChromium() {
  try {
    return chromiumPath();
  } catch (error) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
    if (isRoot && hasApt) {
      console.log('Chromium is missing; installing Debian package `chromium` with apt-get…');
      const install = () =>
        spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
          stdio: 'inherit',
          env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
        }).status === 0;
      if (!install()) {
        spawnSync('apt-get', ['update'], { stdio: 'inherit' });
        install();
      }
      return chromiumPath();
    }
    console.error(String(error instanceof Error ? error.message : error));
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
