// Writes docs/translations/<code>.md for every language but English: each payer-facing string
// of shared/strings/ beside its English source and where it shows, for a native speaker to
// review. Generated: correct a translation in shared/strings/, then run this again.
//   npm run translations:review                      rewrite the files
//   npm run translations:review -- --check           exit 1 when a file is missing or stale
//   npm run translations:review -- --check --dir D   check the files in D instead
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runnerImport } from 'vite';
import { cli } from './cli.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** The tables in the order a payer meets them: [table, heading, where its strings show]. */
const SECTIONS = [
  [
    'first',
    'First screens',
    'Choosing how to pay and the payment form, in the widget and on the hosted page (with or without JavaScript). Loaded first: keep these short.',
  ],
  [
    'attempt',
    'Checking the form',
    'Under the payment form once the payer presses Pay: problems with what they typed, and why a payment could not start.',
  ],
  ['approve', 'Approve on the phone', 'After a payment request was sent to the payer’s phone.'],
  [
    'instructions',
    'No prompt?',
    'On the approve step after 30 s, and in the API’s list of methods: how to approve a missed request from the phone’s own menu, per operator (`GENERIC`: any other operator).',
  ],
  ['otp', 'One-time code', 'When the payer must type a code sent by SMS.'],
  ['transfer', 'Bank transfer', 'The account details to transfer the amount to.'],
  [
    'redirect',
    'Another window',
    'When the payer authorizes the payment in their wallet’s or bank’s own page.',
  ],
  ['wait', 'Confirming', 'While the payment is being confirmed.'],
  ['offline', 'Offline', 'While the payer’s connection is down.'],
  [
    'outcome',
    'Outcome',
    'The notices at the end: paid, not paid, timed out, under review, expired (widget, hosted page, and the screen-reader announcements).',
  ],
  [
    'hosted',
    'Hosted page',
    'The hosted payment page around the widget. {brand} is the shop’s name.',
  ],
];

/** What a key's string is for, where its section does not say enough. */
const CONTEXT = {
  checkout: 'The widget’s accessible name',
  payAmount: 'The Pay button',
  upTo: 'Before a method’s largest amount, when the order is over it ("Up to KES 150,000")',
  from: 'Before a method’s smallest amount, when the order is under it',
  slow: 'After a method’s name while it fails often ("MTN MoMo is slow right now")',
  'kindHint.phone_prompt': 'Under a method’s name in the list',
  'kindHint.operator_prompt': 'Under a method’s name in the list',
  'kindHint.otp_operator': 'Under a method’s name in the list',
  'kindHint.redirect_wallet': 'Under a method’s name in the list',
  'kindHint.bank_eft': 'Under a method’s name in the list',
  'kindHint.bank_id': 'Under a method’s name in the list',
  'kindHint.virtual_account': 'Under a method’s name in the list',
  formHeading: 'Heading of the form, with the method’s name',
  phoneHint: 'Under the phone field: the country’s dialling code, then how many digits',
  phoneUse: 'Under the phone field once a number is typed: what will be sent to it',
  idNumber: 'South Africa only: a bank payment that asks for the national ID number',
  change: 'Link beside the operator guessed from the number ("MTN MoMo · change")',
  fixFields: 'Above the form when fields have problems: how many',
  triesLeft: 'How many more codes the payer may try',
  expiresIn: 'Countdown until the code expires ("1:30")',
  accountExpiresIn: 'Countdown until the transfer account closes',
  copy: 'A copy button’s accessible name ("Copy account number")',
  copied: 'Said after copying ("Account number copied.")',
  approveSteps: 'Numbered steps',
  failureReason: 'After a failure: the provider’s own reason, untranslated',
  title: 'The browser tab’s title',
  returning: 'After a success, counting down before going back to the shop',
  refunded: 'On a paid order once money was given back',
  reference: 'The order’s reference, shown for the payer’s records',
  checkAgain: 'Without JavaScript: a link that reloads the waiting page',
  phoneQr: 'The QR code’s name for screen readers',
};

/** Sample arguments of each string that is a function: one row per call. */
const SAMPLES = {
  payAmount: [['{amount}']],
  formHeading: [['{method}']],
  phoneHint: [['{dialCode}', '{digits}']],
  phoneUse: [
    ['{mobile}', 'phone_prompt'],
    ['{mobile}', 'otp_operator'],
    ['{mobile}', 'redirect_wallet'],
  ],
  phoneSaved: [['{masked}']],
  phoneInvalid: [['{digits}']],
  fixFields: [[1], [2], [5], [11]],
  triesLeft: [[1], [2], [5], [11]],
  approveSent: [['{amount}', '{mobile}']],
  expiresIn: [['{time}']],
  transferBody: [['{amount}']],
  copy: [['{what}']],
  copied: [['{what}']],
  accountExpiresIn: [['{time}']],
  redirectHeading: [['{method}']],
  redirectButton: [['{method}']],
  successBody: [['{amount}']],
  failureReason: [['{reason}']],
};

/** Why a `phoneUse` row differs from the next. */
const VARIANT = { phone_prompt: 'a prompt', otp_operator: 'a code', redirect_wallet: 'a wallet' };

/**
 * One row per string: [key, English, translation]; a function gives one row per sample call.
 * @param {Record<string, unknown>} english
 * @param {Record<string, unknown>} other
 * @param {string} [prefix]
 * @returns {[string, string, string][]}
 */
function rows(english, other, prefix = '') {
  return Object.entries(english).flatMap(([key, value]) => {
    if (key.startsWith('$')) return [];
    const name = prefix + key;
    const theirs = other[key];
    if (typeof value === 'function') {
      const samples = SAMPLES[key];
      if (!samples)
        throw new Error(`no sample arguments for ${name} (scripts/translation-review.mjs)`);
      return samples.map((args) => {
        const label =
          args.length === 1 && typeof args[0] === 'number'
            ? ` (${args[0]})`
            : key === 'phoneUse'
              ? ` (${VARIANT[args[1]]})`
              : '';
        return [`${name}${label}`, value(...args), theirs(...args)];
      });
    }
    if (Array.isArray(value)) return value.map((line, i) => [`${name}.${i + 1}`, line, theirs[i]]);
    if (value && typeof value === 'object') return rows(value, theirs, `${name}.`);
    return [[name, value, theirs]];
  });
}

/** A table cell: one line, pipes escaped. */
const cell = (text) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');

/**
 * The review file of one language.
 *
 * @example
 * reviewMarkdown(tables, 'ha'); // '# Hausa (ha): review …'
 * @param {{ first: Record<string, Record<string, unknown>>, steps: Record<string, Record<string, Record<string, unknown>>>, hosted: Record<string, Record<string, unknown>>, instructions: Record<string, Record<string, string>> }} tables
 * @param {string} code
 */
export function reviewMarkdown(tables, code) {
  const table = (section, language) =>
    section === 'first'
      ? tables.first[language]
      : section === 'hosted'
        ? tables.hosted[language]
        : section === 'instructions'
          ? tables.instructions[language]
          : tables.steps[section][language];
  const { $name, $dir } = tables.first[code];
  const seen = new Set();
  const lines = [
    `# ${$name} (${code}): strings for review`,
    '',
    'Every string a payer sees in this language, beside its English source, for a native speaker',
    'to review. Generated by `npm run translations:review` from `shared/strings/`: correct a string',
    'there, then run it again (a test fails while this file is stale). The README says which',
    'languages a native speaker has reviewed.',
    '',
    'Keep `{placeholders}` as they are (the widget fills them in), and leave product and method',
    'names, currency codes and numbers untranslated. The wording should be natural and polite',
    'for a payer.',
    '',
  ];
  if ($dir === 'rtl') {
    lines.push(
      'This language is written right to left. Phone numbers, amounts, times and names sit between',
      'two invisible marks (U+2066 and U+2069) that keep them left to right: keep them.',
      '',
    );
  }
  for (const [section, heading, where] of SECTIONS) {
    const found = rows(table(section, 'en'), table(section, code)).filter(([key, english]) => {
      // Keys two tables share (the attempt's and the code's errors) are listed once.
      const id = `${['hosted', 'instructions'].includes(section) ? section : ''}.${key}\u0000${english}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    if (!found.length) continue;
    lines.push(`## ${heading}`, '', where, '', `| Key | Context | English | ${$name} |`);
    lines.push('| --- | --- | --- | --- |');
    for (const [key, english, theirs] of found) {
      const context = CONTEXT[key.replace(/ \(.*\)$/, '')] ?? '';
      lines.push(`| \`${key}\` | ${cell(context)} | ${cell(english)} | ${cell(theirs)} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** Every table of shared/strings/, through Vite's module runner (the files are TypeScript). */
async function loadTables() {
  const load = async (file) => (await runnerImport(path.join(root, file))).module;
  const { LANGUAGES } = await load('shared/strings/languages.ts');
  const first = {};
  for (const code of LANGUAGES) first[code] = (await load(`shared/strings/${code}.ts`)).default;
  const steps = {};
  for (const [section] of SECTIONS) {
    if (!['first', 'hosted', 'instructions'].includes(section)) {
      steps[section] = (await load(`shared/strings/steps/${section}.ts`)).default;
    }
  }
  const { HOSTED_STRINGS } = await load('shared/strings/hosted.ts');
  // The USSD help: one text per language by operator, turned into a table per language.
  const { GENERIC_STEPS, USSD_STEPS } = await load('shared/payer-instructions.ts');
  const byOperator = { GENERIC: GENERIC_STEPS, ...USSD_STEPS };
  const instructions = Object.fromEntries(
    LANGUAGES.map((code) => [
      code,
      Object.fromEntries(Object.entries(byOperator).map(([key, texts]) => [key, texts[code]])),
    ]),
  );
  return { languages: LANGUAGES, tables: { first, steps, hosted: HOSTED_STRINGS, instructions } };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = cli(import.meta.url, {
    check: { type: 'boolean' },
    dir: { type: 'string' },
  });
  const dir = path.resolve(root, values.dir ?? 'docs/translations');
  const { languages, tables } = await loadTables();
  const stale = [];
  for (const code of languages.filter((language) => language !== 'en')) {
    const file = path.join(dir, `${code}.md`);
    const text = reviewMarkdown(tables, code);
    if (values.check) {
      if (!existsSync(file) || readFileSync(file, 'utf8') !== text) stale.push(file);
    } else {
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, text);
      console.log(`✔ ${path.relative(root, file)}`);
    }
  }
  if (stale.length) {
    console.error(
      `Stale or missing (run npm run translations:review): ${stale.map((f) => path.relative(root, f)).join(', ')}`,
    );
    process.exit(1);
  }
}
