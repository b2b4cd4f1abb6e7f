// Where Debian's Chromium lives and the flags that keep it offline and quiet.
import { existsSync } from 'node:fs';

/** Flags for headless Chromium on a closed network (root, no sandbox, loopback only). */
export const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

/** The Chromium binary: $CHROME_PATH, else Debian's /usr/bin/chromium; throws a clear message when missing. */
export function chromiumPath() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p) => p && existsSync(p));
  if (!found) {
    throw new Error(
      'Chromium was not found. Install it with `sudo apt-get install -y chromium` ' +
        '(Debian/Ubuntu) or set CHROME_PATH to a Chromium or Chrome binary.',
    );
  }
  return found;
}
