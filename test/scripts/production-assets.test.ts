// The development demo page (public/demo) is not part of the production assets.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { experimental_readRawConfig } from 'wrangler';
import { copyProductionAssets } from '../../scripts/production-assets.mjs';

describe('production assets', () => {
  it('the production Worker serves public-production/, the development Worker public/', () => {
    const raw = experimental_readRawConfig({ config: 'wrangler.toml' }).rawConfig as {
      assets?: { directory?: string };
      env?: { dev?: { assets?: { directory?: string } } };
    };
    expect(raw.assets?.directory).toBe('./public-production');
    expect(raw.env?.dev?.assets?.directory).toBe('./public');
  });

  it('are public/ without demo/, _headers kept', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'uc-assets-'));
    const from = path.join(root, 'public');
    const to = path.join(root, 'out');
    mkdirSync(path.join(from, 'demo'), { recursive: true });
    mkdirSync(path.join(from, 'widget'), { recursive: true });
    mkdirSync(to);
    writeFileSync(path.join(from, '_headers'), '/*\n');
    writeFileSync(path.join(from, 'widget.js'), '');
    writeFileSync(path.join(from, 'widget', 'a.js'), '');
    writeFileSync(path.join(from, 'demo', 'index.html'), '');
    writeFileSync(path.join(to, 'stale.js'), '');
    copyProductionAssets(from, to);
    expect(existsSync(path.join(to, 'demo'))).toBe(false);
    expect(existsSync(path.join(to, 'stale.js'))).toBe(false);
    for (const file of ['_headers', 'widget.js', 'widget/a.js']) {
      expect(existsSync(path.join(to, file)), file).toBe(true);
    }
  });
});
