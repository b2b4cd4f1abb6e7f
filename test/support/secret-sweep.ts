/**
 * The secrets sweep: finds secrets and payers' full phone numbers in texts the product produced
 * (response bodies, page and network bodies, log lines). Pure and dependency-free, so the
 * workerd suites (test/proxy) and the Node end-to-end suite call the same function.
 *
 * What counts as a leak:
 * - a secret (the upstream secret key, the merchant API key, the webhook secret) appearing
 *   verbatim, URL-encoded, or — for a `whsec_` secret — as its bare base64 key;
 * - a full phone number: a maximal run of 8 to 15 digits that equals one of the phones given
 *   (a masked number such as `2547****5000` never matches; a phone inside a longer digit run,
 *   e.g. a timestamp, does not either);
 * - in a log line only (a text whose `log` flag is set, or whose source starts with `log`, as
 *   test/proxy/helpers.ts names console lines): a checkout session id `cs_<26 base32>`, bare or
 *   inside an attempt reference `cs_….2`. Response bodies carry session ids by design; logs must
 *   name route patterns (`/v1/checkout/:id`) instead;
 * - in a log line only: a payer's name or ID number, as given (names: at least 3
 *   characters, case-sensitive; ID numbers: the digits, also inside a longer text). The merchant's
 *   own views show them by design; no log line may.
 * @module
 */

/** What to look for. */
export interface SweepNeedles {
  /** Secret values; each is also looked for URL-encoded and, for `whsec_…`, as bare base64. */
  secrets: readonly string[];
  /** Full phone numbers (digits only, international form) that must never appear. */
  phones: readonly string[];
  /** Payers' names and ID numbers: must never appear in a log line. */
  personal?: readonly string[];
}

/** One text to sweep and where it came from (a file name, a URL, `log`, …). */
export interface SweptText {
  source: string;
  text: string;
  /** A log line: session ids count as leaks in it. Default: true when `source` starts with `log`. */
  log?: boolean;
}

/** A checkout session id (worker/ids.ts SESSION_ID), anywhere in a text. */
export const SESSION_ID_IN_TEXT = /cs_[a-z2-7]{26}(?![a-z2-7])/;

/** One leak found. */
export interface Leak {
  source: string;
  kind: 'secret' | 'phone' | 'session_id' | 'personal';
  /** The needle, shortened so that the report itself does not repeat the secret. */
  hint: string;
  /** Offset of the first occurrence in the text. */
  at: number;
}

/** The shortest and longest digit runs taken for a phone number. */
export const PHONE_DIGITS = { min: 8, max: 15 } as const;

const shorten = (value: string): string =>
  value.length <= 6 ? `${value.slice(0, 1)}…` : `${value.slice(0, 3)}…(${value.length} chars)`;

const maskDigits = (phone: string): string =>
  phone.length <= 6 ? '*'.repeat(phone.length) : `${phone.slice(0, 3)}…${phone.slice(-2)}`;

/**
 * Every form of a secret that counts as the secret: itself, URL-encoded, and for a Standard
 * Webhooks secret (`whsec_<base64>`) the bare base64 part.
 *
 * @example
 * secretForms('whsec_abc='); // ['whsec_abc=', 'whsec_abc%3D', 'abc=']
 */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>([secret, encodeURIComponent(secret)]);
  if (secret.startsWith('whsec_') && secret.length > 'whsec_'.length + 8) {
    forms.add(secret.slice('whsec_'.length));
  }
  return [...forms].filter((form) => form.length > 0);
}

/**
 * The maximal runs of 8 to 15 digits in a text.
 *
 * @example
 * digitRuns('call 254712345000 at 1700000000123456'); // ['254712345000']
 */
export function digitRuns(text: string): { digits: string; at: number }[] {
  const runs: { digits: string; at: number }[] = [];
  for (const match of text.matchAll(/\d+/g)) {
    const digits = match[0];
    if (digits.length >= PHONE_DIGITS.min && digits.length <= PHONE_DIGITS.max) {
      runs.push({ digits, at: match.index });
    }
  }
  return runs;
}

/**
 * Lists every leak of a needle in the texts (at most one per needle and text).
 *
 * @example
 * findLeaks([{ source: 'log', text: 'paid by 254712345000' }], { secrets: [], phones: ['254712345000'] });
 * // [{ source: 'log', kind: 'phone', hint: '254…00', at: 8 }]
 */
export function findLeaks(texts: Iterable<SweptText>, needles: SweepNeedles): Leak[] {
  const searched = needles.secrets
    .filter((secret) => secret.length > 0)
    .map((secret) => ({ secret, forms: secretForms(secret) }));
  const phones = new Set(needles.phones.filter((phone) => /^\d+$/.test(phone)));
  const personal = [...new Set(needles.personal ?? [])].filter((value) => value.length >= 3);
  const leaks: Leak[] = [];
  for (const { source, text, log } of texts) {
    if (log ?? /^log\b/i.test(source)) {
      const id = SESSION_ID_IN_TEXT.exec(text);
      if (id)
        leaks.push({ source, kind: 'session_id', hint: `${id[0].slice(0, 6)}…`, at: id.index });
      for (const value of personal) {
        const at = text.indexOf(value);
        if (at >= 0) leaks.push({ source, kind: 'personal', hint: shorten(value), at });
      }
    }
    for (const { secret, forms } of searched) {
      const at = Math.min(
        ...forms.map((form) => text.indexOf(form)).map((i) => (i < 0 ? Infinity : i)),
      );
      if (at !== Infinity) leaks.push({ source, kind: 'secret', hint: shorten(secret), at });
    }
    const seen = new Set<string>();
    for (const run of digitRuns(text)) {
      if (phones.has(run.digits) && !seen.has(run.digits)) {
        seen.add(run.digits);
        leaks.push({ source, kind: 'phone', hint: maskDigits(run.digits), at: run.at });
      }
    }
  }
  return leaks;
}

/**
 * The payer phone numbers in a JSON value: the digits of every `mobile` string, except under
 * `customer` (a merchant's own prefill, echoed back to the payer by design; payment links'
 * `phone` prefill is the same kind of data and is not collected either).
 *
 * @example
 * payerPhones({ mobile: '+254 712 345 000', customer: { mobile: '254700000000' } }); // ['254712345000']
 */
export function payerPhones(value: unknown): string[] {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'customer') continue;
      if (key === 'mobile' && typeof child === 'string') {
        const digits = child.replace(/\D/g, '');
        if (digits.length >= PHONE_DIGITS.min && digits.length <= PHONE_DIGITS.max) {
          found.add(digits);
        }
      } else {
        walk(child);
      }
    }
  };
  walk(value);
  return [...found];
}

/** The keys whose string values are a payer's name or ID number (attempts, prefill, payouts). */
const PERSONAL_KEYS: ReadonlySet<string> = new Set([
  'first_name',
  'last_name',
  'name',
  'account_name',
  'id_number',
]);

/**
 * The payers' names and ID numbers in a JSON value: every string under a name or ID key, the
 * merchant's `customer` prefill included (personal data however it came).
 *
 * @example
 * payerDetails({ name: 'Thandi Mokoena', id_number: '8001015009087' }); // ['Thandi Mokoena', '8001015009087']
 */
export function payerDetails(value: unknown): string[] {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      if (PERSONAL_KEYS.has(key) && typeof child === 'string') {
        const text = child.trim();
        if (text.length >= 3) found.add(key === 'id_number' ? text.replace(/\s+/g, '') : text);
      } else {
        walk(child);
      }
    }
  };
  walk(value);
  return [...found];
}

/**
 * A one-line-per-leak report, safe to print (needles are shortened).
 *
 * @example
 * throw new Error(formatLeaks(leaks));
 */
export function formatLeaks(leaks: readonly Leak[]): string {
  return leaks.map((l) => `${l.kind} ${l.hint} in ${l.source} at ${l.at}`).join('\n');
}
