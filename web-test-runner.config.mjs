// Widget tests in Debian's Chromium (see test/support/chromium.mjs for the path and flags).
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { chromiumArgs, chromiumPath } from './test/support/chromium.mjs';

export default {
  files: 'test/widget/**/*.test.ts',
  nodeResolve: true,
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.widget.json' })],
  browsers: [
    chromeLauncher({
      launchOptions: { executablePath: chromiumPath(), headless: true, args: chromiumArgs },
    }),
  ],
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
};
