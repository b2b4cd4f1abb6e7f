// `npm run dev` adds the ALLOWED_ORIGINS of the environment and of .dev.vars to the stack's own
// origins instead of overriding them (scripts/dev.mjs → devAllowedOrigins), and honours
// MERCHANT_WEBHOOK_URL from both, or `--forward-to` (devWebhookTarget, forwardToArg).
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { devAllowedOrigins, devWebhookTarget, forwardToArg } from '../support/dev-stack.mjs';

const devVars = (text: string) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'uc-devvars-')), '.dev.vars');
  writeFileSync(file, text);
  return file;
};

describe('devAllowedOrigins', () => {
  it('keeps the stack origins and adds the environment and .dev.vars ones, once each', () => {
    const file = devVars(
      'SERVICE_SECRET_KEY=test-secret\nALLOWED_ORIGINS="https://tunnel.example,http://192.168.1.20:3000"\n',
    );
    const origins = devAllowedOrigins({
      port: 8787,
      env: { ALLOWED_ORIGINS: 'https://tunnel.example, http://10.0.0.5:8080' },
      devVarsFile: file,
    }).split(',');
    expect(origins).toEqual([
      'http://127.0.0.1:8787',
      'http://localhost:8787',
      'https://tunnel.example',
      'http://10.0.0.5:8080',
      'http://192.168.1.20:3000',
    ]);
  });

  it('is the stack origins alone when nothing else is set', () => {
    expect(devAllowedOrigins({ port: 9000, env: {}, devVarsFile: '/nonexistent/.dev.vars' })).toBe(
      'http://127.0.0.1:9000,http://localhost:9000',
    );
  });
});

describe('devWebhookTarget', () => {
  const inbox = 'http://127.0.0.1:8787/dev/webhooks';
  const none = '/nonexistent/.dev.vars';

  it('is the dev inbox alone when nothing is set', () => {
    const target = devWebhookTarget({ port: 8787, env: {}, devVarsFile: none });
    expect(target.vars).toEqual({ MERCHANT_WEBHOOK_URL: inbox });
    expect(target.banner.join('\n')).toContain(inbox);
  });

  it('honours MERCHANT_WEBHOOK_URL of .dev.vars, and of the environment first', () => {
    const file = devVars('MERCHANT_WEBHOOK_URL="http://localhost:3000/from-file"\n');
    const fromFile = devWebhookTarget({ port: 8787, env: {}, devVarsFile: file });
    expect(fromFile.vars).toEqual({ MERCHANT_WEBHOOK_URL: 'http://localhost:3000/from-file' });
    expect(fromFile.banner[0]).toContain(
      'http://localhost:3000/from-file (MERCHANT_WEBHOOK_URL of .dev.vars)',
    );
    const env = { MERCHANT_WEBHOOK_URL: 'http://localhost:4000/from-env' };
    const fromEnv = devWebhookTarget({ port: 8787, env, devVarsFile: file });
    expect(fromEnv.vars).toEqual({ MERCHANT_WEBHOOK_URL: 'http://localhost:4000/from-env' });
    expect(fromEnv.banner[0]).toContain('of the environment');
  });

  it('--forward-to: the inbox, forwarding to the URL; the banner says both', () => {
    const target = devWebhookTarget({
      port: 9000,
      forwardTo: 'http://localhost:3000/webhooks',
      env: { MERCHANT_WEBHOOK_URL: 'http://localhost:4000/x' },
      devVarsFile: none,
    });
    expect(target.vars).toEqual({
      MERCHANT_WEBHOOK_URL: 'http://127.0.0.1:9000/dev/webhooks',
      DEV_WEBHOOK_FORWARD_TO: 'http://localhost:3000/webhooks',
    });
    expect(target.banner.join('\n')).toContain(
      'http://127.0.0.1:9000/dev/webhooks (inspector), each forwarded to http://localhost:3000/webhooks',
    );
    expect(target.banner.join('\n')).toContain('not used with --forward-to');
  });
});

describe('forwardToArg', () => {
  it('reads --forward-to <url> and --forward-to=<url>; refuses a missing or non-http URL', () => {
    expect(forwardToArg([])).toBeNull();
    expect(forwardToArg(['--forward-to', 'http://localhost:3000/webhooks'])).toBe(
      'http://localhost:3000/webhooks',
    );
    expect(forwardToArg(['--forward-to=https://example.test/h'])).toBe('https://example.test/h');
    expect(() => forwardToArg(['--forward-to'])).toThrow(/needs an http\(s\) URL/);
    expect(() => forwardToArg(['--forward-to', 'localhost:3000'])).toThrow(/needs an http/);
  });
});
