/**
 * The input windows of the configuration (`INPUT_WINDOWS`): how long each method kind waits for
 * the payer's input. They close input only; they never settle money.
 * @module
 */
import { INPUT_WINDOW_MINUTES } from '../shared/lifetimes';
import type { MethodKind } from '../shared/method-kinds';
import { setting } from './env-vars';

/**
 * The input windows in ms: the defaults, with `INPUT_WINDOWS` (JSON, minutes per method kind,
 * e.g. `{"otp_operator": 5}` when a provider's codes live longer) over them.
 *
 * @example
 * inputWindowsSetting.parse('{"otp_operator": 5}').otp_operator; // 300000
 */
export const inputWindowsSetting = setting((raw, report): Record<MethodKind, number> => {
  const minutes: Record<MethodKind, number> = { ...INPUT_WINDOW_MINUTES };
  if (raw === undefined || raw === '') return toMs(minutes);
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(raw));
  } catch {
    report('INPUT_WINDOWS must be JSON: {"<method kind>": minutes}');
    return toMs(minutes);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    report('INPUT_WINDOWS must be a JSON object of minutes per method kind');
    return toMs(minutes);
  }
  for (const [kind, value] of Object.entries(parsed)) {
    if (!Object.hasOwn(minutes, kind)) {
      report(`INPUT_WINDOWS names an unknown method kind "${kind}"`);
    } else if (typeof value !== 'number' || !(value > 0) || value > 24 * 60) {
      report(`INPUT_WINDOWS.${kind} must be minutes between 0 and 1440`);
    } else {
      minutes[kind as MethodKind] = value;
    }
  }
  return toMs(minutes);
});

function toMs(minutes: Record<MethodKind, number>): Record<MethodKind, number> {
  return Object.fromEntries(
    Object.entries(minutes).map(([kind, value]) => [kind, Math.round(value * 60_000)]),
  ) as Record<MethodKind, number>;
}
