/**
 * The one way a setting is read: a zod schema of the raw var or secret (wrangler types each
 * one, but the value may really hold anything) whose problems are zod issues, one sentence each.
 * worker/config.ts puts every setting's schema into the one schema of the Worker's env; the
 * modules that own a setting (brand, prompt limits, method limits…) export its schema.
 * @module
 */
import * as z from 'zod';

/** Adds one problem (a sentence naming the setting) to the parse. */
export type Report = (problem: string) => void;

/**
 * A setting's schema from a reader: `read` answers the setting's value (its default when the
 * value is malformed) and reports each problem. A reader that throws reports its message.
 *
 * @example
 * export const colorSetting = setting((raw, report) => {
 *   if (raw !== undefined && !HEX.test(String(raw))) report('BRAND_COLOR must be a hex colour');
 *   return raw === undefined ? DEFAULT : String(raw);
 * });
 */
export function setting<T>(read: (raw: unknown, report: Report) => T) {
  return z.optional(z.unknown()).transform((raw, ctx): T => {
    const report: Report = (problem) => ctx.addIssue({ code: 'custom', message: problem });
    return read(raw, report);
  });
}

/**
 * A setting read by a parser that throws its one problem (shared/catalogue-settings.ts,
 * worker/prompt-limits/rules.ts); `fallback` stands in for a malformed value.
 *
 * @example
 * const banksSetting = thrownSetting(parseVirtualAccountBanks, () => NGN_BANKS);
 */
export function thrownSetting<T>(parse: (raw: unknown) => T, fallback: () => T) {
  return setting((raw, report) => {
    try {
      return parse(raw);
    } catch (error) {
      report((error as Error).message);
      return fallback();
    }
  });
}

/** A setting's text, trimmed; '' when unset or not text. */
export function text(raw: unknown): string {
  return typeof raw === 'string' ? raw.trim() : '';
}

/**
 * A var or secret that must be set: `<NAME> is not set` when it is missing or blank; `check`
 * reads a value that is there.
 *
 * @example
 * SERVICE_CLIENT_ID: requiredSetting('SERVICE_CLIENT_ID'),
 * SERVICE_PAYOUT_PATH: requiredSetting('SERVICE_PAYOUT_PATH', (path, report) => …),
 */
export function requiredSetting(
  name: string,
  check: (value: string, report: Report) => void = () => {},
) {
  return setting((raw, report) => {
    if (typeof raw !== 'string' || raw.trim() === '') {
      report(`${name} is not set`);
      return '';
    }
    check(raw, report);
    return raw;
  });
}

/**
 * A required absolute http(s) URL (the https rule, which depends on development mode, is
 * worker/plain-http.ts's).
 *
 * @example
 * PUBLIC_BASE_URL: urlSetting('PUBLIC_BASE_URL'),
 */
export function urlSetting(name: string) {
  return requiredSetting(name, (url, report) => {
    if (!isUrl(url)) report(`${name} must be an absolute http(s) URL`);
  });
}

/**
 * A number setting, `fallback` when unset or empty; a malformed one reports a problem and
 * answers `fallback`. Non-negative by default; `positive`: greater than 0; `whole`: an integer.
 *
 * @example
 * RECONCILE_DELAY_SECONDS: numberSetting('RECONCILE_DELAY_SECONDS', 30),
 * SIGNATURE_ALERT_FAILURES: numberSetting('SIGNATURE_ALERT_FAILURES', 5, { positive: true, whole: true }),
 */
export function numberSetting(
  name: string,
  fallback: number,
  { positive = false, whole = false }: { positive?: boolean; whole?: boolean } = {},
) {
  return setting((raw, report) => {
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    const inRange = positive ? value > 0 : value >= 0;
    if (!Number.isFinite(value) || !inRange || (whole && !Number.isInteger(value))) {
      const bound = positive ? 'number greater than 0' : 'non-negative number';
      report(`${name} must be a ${whole ? 'whole ' : ''}${bound}`);
      return fallback;
    }
    return value;
  });
}

/**
 * The value of the var or secret `name` in `env` (undefined when unset), read without trusting
 * its declared type: for checks that loop over names (the development credentials).
 *
 * @example
 * envVar(env, 'RETENTION_DAYS'); // '90' or undefined
 */
export function envVar(env: object, name: string): unknown {
  return Reflect.get(env, name);
}

/** True for an absolute http: or https: URL. */
export function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
