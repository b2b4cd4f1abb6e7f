// `npm run sandbox`: the sandbox alone on http://127.0.0.1:8788 (its own state and inspector port).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { cli } from './cli.mjs';

cli(import.meta.url);

const child = spawn(
  path.resolve('node_modules/.bin/wrangler'),
  [
    'dev',
    '-c',
    'sandbox/wrangler.toml',
    '--port',
    '8788',
    '--ip',
    '127.0.0.1',
    '--inspector-port',
    '9230',
    '--persist-to',
    path.resolve('.wrangler/sandbox-state'),
    '--show-interactive-dev-session=false',
    '--var',
    'SANDBOX_PUBLIC_URL:http://127.0.0.1:8788',
  ],
  {
    stdio: 'inherit',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  },
);
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => process.exit(code ?? 0));
