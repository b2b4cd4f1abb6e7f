// The API-Version the Worker answers (shared/api-version.ts) is the newest entry of CHANGELOG.md:
// a change to the merchant API or the webhooks gets both.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { API_VERSION } from '../../shared/api-version';

it('API_VERSION is the newest CHANGELOG.md entry', () => {
  const dates = [
    ...readFileSync('CHANGELOG.md', 'utf8').matchAll(/^## (\d{4}-\d{2}-\d{2})$/gm),
  ].map((m) => m[1]);
  expect(dates[0]).toBe(API_VERSION);
  expect([...dates].sort().reverse(), 'newest first').toEqual(dates);
});
