// The one schema of the Worker's env (worker/config.ts): the names `npm run deploy` requires
// (worker/required-config.json) are the ones the Worker refuses to run without, and one message
// names every problem, those of single settings and those of the rules across settings alike.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../worker/config';
import type { ProxyEnv } from '../../../worker/env';
import required from '../../../worker/required-config.json';

/** The CONFIG_INVALID message of the suite's env with `vars` over it. */
function problemsWith(vars: Record<string, string>): string {
  try {
    loadConfig({ ...(env as unknown as ProxyEnv), ...vars } as ProxyEnv);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the configuration validated');
}

describe('the schema of the env', () => {
  it('refuses to run without each var and secret npm run deploy requires, naming each', () => {
    const names = [...required.vars, ...required.secrets];
    const message = problemsWith(Object.fromEntries(names.map((name) => [name, ' '])));
    for (const name of names) expect(message).toContain(`${name} is not set`);
  });

  it('names a malformed setting and a broken rule across settings in the same message', () => {
    const message = problemsWith({
      BRAND_COLOR: 'blue',
      INPUT_WINDOWS: '{"otp_operator": 0}',
      DEV_MODE: '',
      PUBLIC_BASE_URL: 'http://pay.shop.example',
    });
    expect(message).toContain('BRAND_COLOR must be a hex colour');
    expect(message).toContain('INPUT_WINDOWS.otp_operator must be minutes between 0 and 1440');
    expect(message).toContain('PUBLIC_BASE_URL must be an https:// URL');
    expect(message).toContain('holds a development credential');
  });
});
