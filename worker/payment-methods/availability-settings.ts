/**
 * The availability settings (docs/payment-methods.md, "Availability"): how a method's recent
 * failures turn into `degraded` or `closed` (`METHOD_AVAILABILITY`), and the manual override
 * per method (`METHOD_STATUS`). Read by worker/config.ts.
 * @module
 */
import { COUNTRIES } from '../../shared/countries';
import { isJsonObject } from '../../shared/json-object';
import type { MethodStatus } from '../../shared/view';
import { setting, type Report } from '../env-vars';

/** How a method's status is computed from its recent attempts. */
export interface AvailabilityRule {
  /** How far back attempts count, in ms (15 minutes). */
  readonly windowMs: number;
  /** Fewer attempts than this in the window: `operational`, whatever their outcome. */
  readonly minCount: number;
  /** Share of failures and timeouts from which the method is `degraded`. */
  readonly degraded: number;
  /** Share of failures and timeouts from which the method is `closed`. */
  readonly closed: number;
  /** A pending attempt older than this counts as a timeout, in ms. */
  readonly timeoutMs: number;
}

/** The availability settings in force. */
export interface AvailabilitySettings {
  readonly rule: AvailabilityRule;
  /** A status set by hand, by slot id: it wins over the computed one. */
  readonly overrides: Readonly<Record<string, MethodStatus>>;
}

/** The defaults of `METHOD_AVAILABILITY`. */
export const DEFAULT_AVAILABILITY_RULE: AvailabilityRule = {
  windowMs: 15 * 60_000,
  minCount: 5,
  degraded: 0.5,
  closed: 0.9,
  timeoutMs: 5 * 60_000,
};

const STATUSES: readonly MethodStatus[] = ['operational', 'degraded', 'closed'];
const SLOTS = new Set(COUNTRIES.flatMap((country) => country.methods.map((m) => m.slot)));

function json(name: string, raw: unknown, report: Report): Record<string, unknown> | null {
  if (raw === undefined || raw === '') return null;
  try {
    const parsed: unknown = JSON.parse(String(raw));
    if (isJsonObject(parsed)) return parsed;
  } catch {
    /* reported below */
  }
  report(`${name} must be a JSON object`);
  return null;
}

/**
 * `METHOD_AVAILABILITY` (`{"min_count"?, "degraded"?, "closed"?}`, shares between 0 and 1) over
 * the defaults.
 *
 * @example
 * availabilityRuleSetting.parse('{"min_count": 10}').minCount; // 10
 */
export const availabilityRuleSetting = setting((raw, report): AvailabilityRule => {
  const rule = { ...DEFAULT_AVAILABILITY_RULE };
  const given = json('METHOD_AVAILABILITY', raw, report) ?? {};
  for (const [key, value] of Object.entries(given)) {
    if (key === 'min_count' && Number.isInteger(value) && (value as number) >= 1) {
      rule.minCount = value as number;
    } else if ((key === 'degraded' || key === 'closed') && typeof value === 'number') {
      if (value > 0 && value <= 1) rule[key] = value;
      else report(`METHOD_AVAILABILITY.${key} must be a share above 0, at most 1`);
    } else {
      report(
        `METHOD_AVAILABILITY.${key} is unknown or invalid (min_count: a whole number ≥ 1; degraded, closed: shares)`,
      );
    }
  }
  if (rule.degraded > rule.closed) {
    report('METHOD_AVAILABILITY.degraded must not be above closed');
  }
  return rule;
});

/**
 * `METHOD_STATUS` (`{"<slot>": "operational" | "degraded" | "closed"}`): the manual overrides.
 *
 * @example
 * methodStatusSetting.parse('{"ug-operator-2": "closed"}'); // { 'ug-operator-2': 'closed' }
 */
export const methodStatusSetting = setting((raw, report): Record<string, MethodStatus> => {
  const overrides: Record<string, MethodStatus> = {};
  for (const [slot, status] of Object.entries(json('METHOD_STATUS', raw, report) ?? {})) {
    if (!SLOTS.has(slot)) report(`METHOD_STATUS names an unknown slot "${slot}"`);
    else if (!STATUSES.includes(status as MethodStatus)) {
      report(`METHOD_STATUS.${slot} must be one of ${STATUSES.join(', ')}`);
    } else overrides[slot] = status as MethodStatus;
  }
  return overrides;
});
