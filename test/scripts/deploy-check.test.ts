import { describe, expect, it } from 'vitest';
import { deployProblems } from '../../scripts/deploy-check.mjs';

const good = {
  SERVICE_BASE_URL: 'https://api.payments.example',
  SERVICE_CLIENT_ID: 'c_live_1',
  SERVICE_SENDER: 'Corner Shop',
  PUBLIC_BASE_URL: 'https://pay.shop.example',
  ALLOWED_ORIGINS: 'https://shop.example',
  MERCHANT_WEBHOOK_URL: 'https://shop.example/webhooks',
  SERVICE_PAYOUT_PATH: '/api/v2/payouts',
};
const secrets = ['SERVICE_SECRET_KEY', 'MERCHANT_API_KEY', 'MERCHANT_WEBHOOK_SECRET'];

describe('npm run deploy refuses an unfit configuration', () => {
  it('lets a complete production configuration through', () => {
    expect(deployProblems({ vars: good, secretNames: secrets })).toEqual([]);
    const d1Databases = [{ binding: 'INDEX', database_id: '4a3b9c1e-7d2f-4e8a-9b6c-1f2e3d4c5b6a' }];
    expect(deployProblems({ vars: good, secretNames: secrets, d1Databases })).toEqual([]);
  });

  it("refuses the query index's placeholder D1 database_id and says how to create one", () => {
    for (const id of ['00000000-0000-0000-0000-000000000000', undefined]) {
      const problems = deployProblems({
        vars: good,
        secretNames: secrets,
        d1Databases: [{ binding: 'INDEX', database_id: id }],
      });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/D1 database of INDEX has no real database_id/);
      expect(problems[0]).toMatch(/wrangler d1 create/);
    }
  });

  it('names every empty var, example value and non-production URL', () => {
    const problems = deployProblems({
      vars: {
        ...good,
        SERVICE_CLIENT_ID: 'test-client',
        SERVICE_SENDER: '',
        SERVICE_BASE_URL: 'https://api.example-payments.invalid',
        PUBLIC_BASE_URL: 'http://127.0.0.1:8787',
      },
      secretNames: secrets,
    });
    expect(problems.join('\n')).toMatch(/SERVICE_CLIENT_ID still holds the development value/);
    expect(problems.join('\n')).toMatch(/SERVICE_SENDER is empty/);
    expect(problems.join('\n')).toMatch(/SERVICE_BASE_URL points at api.example-payments.invalid/);
    expect(problems.join('\n')).toMatch(/PUBLIC_BASE_URL must use https/);
  });

  it('names each missing secret with the command that sets it, and refuses dev credentials', () => {
    const problems = deployProblems({
      vars: good,
      secretNames: ['MERCHANT_API_KEY'],
      localSecrets: { MERCHANT_API_KEY: 'dev-merchant-key' },
    });
    expect(problems).toContain(
      'Secret SERVICE_SECRET_KEY is not set: npx wrangler secret put SERVICE_SECRET_KEY',
    );
    expect(problems).toContain('Secret MERCHANT_API_KEY is a development credential.');
    expect(deployProblems({ vars: good, secretNames: null })[0]).toMatch(/Could not list/);
  });

  it('refuses a previous secret of a rotation without the end of its overlap', () => {
    const rotating = [...secrets, 'SERVICE_SECRET_KEY_PREVIOUS'];
    expect(deployProblems({ vars: good, secretNames: rotating })).toEqual([
      'Secret SERVICE_SECRET_KEY_PREVIOUS is set without SERVICE_SECRET_KEY_PREVIOUS_UNTIL: set the end of the overlap (docs/rotation.md) or delete it.',
    ]);
    const withEnd = [...rotating, 'SERVICE_SECRET_KEY_PREVIOUS_UNTIL'];
    expect(deployProblems({ vars: good, secretNames: withEnd })).toEqual([]);
    const endAsVar = { ...good, SERVICE_SECRET_KEY_PREVIOUS_UNTIL: '2026-12-01T00:00:00Z' };
    expect(deployProblems({ vars: endAsVar, secretNames: rotating })).toEqual([]);
  });
});
