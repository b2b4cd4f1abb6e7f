// `npm run dev` adds the ALLOWED_ORIGINS of the environment and of .dev.vars to the stack's own
// origins instead of overriding them (scripts/dev.mjs → devAllowedOrigins).
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { devAllowedOrigins } from '../support/dev-stack.mjs';

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
