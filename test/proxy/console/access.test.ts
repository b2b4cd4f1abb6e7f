// The console's identity (docs/console.md): a Cloudflare Access token verified with the team's
// key set (RS256, audience, issuer, exp/nbf), the role from CONSOLE_USERS, 503 without the
// settings. The team's keys are made here and served to the proxy's fetch of the team's certs URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSecrets } from '../helpers';
import {
  accessToken,
  codeOf,
  serveTeamKeys,
  teamKey,
  throughAccess,
  type TeamKey,
} from './support';

const TEAM = 'shop-team';
const AUD = 'c0ffee-console-aud';
const ISS = `https://${TEAM}.cloudflareaccess.com`;
const SETTINGS = {
  CONSOLE_ACCESS_TEAM: TEAM,
  CONSOLE_ACCESS_AUD: AUD,
  CONSOLE_USERS: JSON.stringify({ 'ama@shop.example': 'finance', '*@support.example': 'support' }),
};
const PAGE = '/console/api/v1/sessions?limit=1';

let signing: TeamKey;
let other: TeamKey;
let served: { fetches: () => number };

beforeAll(async () => {
  signing = await teamKey('kid-current');
  other = await teamKey('kid-unknown');
  served = serveTeamKeys(TEAM, () => [signing]);
});
afterAll(() => expectNoSecrets());

const withToken = (token: string) =>
  throughAccess(SETTINGS, PAGE, { 'cf-access-jwt-assertion': token });
const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

describe('Cloudflare Access in front of /console', () => {
  it('answers 503 naming the settings when they are unset', async () => {
    const page = await throughAccess({}, '/console/');
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const text = await page.text();
    for (const name of ['CONSOLE_ACCESS_TEAM', 'CONSOLE_ACCESS_AUD', 'CONSOLE_USERS']) {
      expect(text).toContain(name);
    }
    const api = await throughAccess({}, PAGE);
    expect([api.status, await codeOf(api)]).toEqual([503, 'CONFIG_INVALID']);
  });

  it('lets a valid token through with its role, from the team key set fetched once', async () => {
    const ok = await withToken(
      await accessToken(signing, { email: 'ama@shop.example', aud: AUD, iss: ISS }),
    );
    expect(ok.status, await ok.clone().text()).toBe(200);
    // *@domain gives every address of the domain its role.
    const support = await withToken(
      await accessToken(signing, { email: 'Kofi@Support.example', aud: AUD, iss: ISS }),
    );
    expect(support.status).toBe(200);
    expect(served.fetches()).toBe(1);
  });

  it('serves the app shell with a strict CSP and frame-ancestors none', async () => {
    const token = await accessToken(signing, { email: 'ama@shop.example', aud: AUD, iss: ISS });
    const shell = await throughAccess(SETTINGS, '/console/payments', {
      'cf-access-jwt-assertion': token,
    });
    expect(shell.status).toBe(200);
    const csp = shell.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-');
    expect(await shell.text()).toContain('user-role="finance"');
  });

  it.each([
    ['no token', async () => ''],
    [
      'an expired token',
      async () =>
        accessToken(signing, {
          email: 'ama@shop.example',
          aud: AUD,
          iss: ISS,
          exp: Math.floor(Date.now() / 1000) - 10,
        }),
    ],
    [
      'a token not valid yet',
      async () =>
        accessToken(signing, {
          email: 'ama@shop.example',
          aud: AUD,
          iss: ISS,
          nbf: Math.floor(Date.now() / 1000) + 300,
        }),
    ],
    [
      'another application (aud)',
      async () => accessToken(signing, { email: 'ama@shop.example', aud: 'other-app', iss: ISS }),
    ],
    [
      'another team (iss)',
      async () =>
        accessToken(signing, {
          email: 'ama@shop.example',
          aud: AUD,
          iss: 'https://evil.cloudflareaccess.com',
        }),
    ],
    [
      'a key the team never had (unknown kid)',
      async () => accessToken(other, { email: 'ama@shop.example', aud: AUD, iss: ISS }),
    ],
    [
      'a known kid signed by another key',
      async () =>
        accessToken(
          { ...other, kid: signing.kid },
          { email: 'ama@shop.example', aud: AUD, iss: ISS },
        ),
    ],
    [
      'a forged unsigned token (alg none)',
      async () =>
        `${base64url({ alg: 'none', kid: 'kid-current' })}.${base64url({ email: 'ama@shop.example', aud: AUD, iss: ISS, exp: Math.floor(Date.now() / 1000) + 600 })}.`,
    ],
  ])('refuses %s with 401', async (_name, token) => {
    const answer = await withToken(await token());
    expect([answer.status, await codeOf(answer)]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('never trusts the email header alone', async () => {
    const answer = await throughAccess(SETTINGS, PAGE, {
      'cf-access-authenticated-user-email': 'ama@shop.example',
    });
    expect(answer.status).toBe(401);
  });

  it('answers 403 to a valid token whose email has no role', async () => {
    const answer = await withToken(
      await accessToken(signing, { email: 'stranger@elsewhere.example', aud: AUD, iss: ISS }),
    );
    expect([answer.status, await codeOf(answer)]).toEqual([403, 'FORBIDDEN']);
  });
});
