/**
 * The later steps' strings of each language as written (shared/strings/later/), to find another
 * language's in what a payer fetched: on the built files (test/scripts/widget-size.test.ts) and
 * in what a page loaded (test/widget/chunks.test.ts). Plain data: runs in Node and in browsers.
 */
import { LANGUAGES, type Language } from '../../../shared/strings/languages';
import { LATER } from '../../../shared/strings/later';

/** The later strings of `language`: every step's, error messages and lists too (not functions). */
function words(language: Language): string[] {
  return Object.values(LATER[language]).flatMap((step) =>
    Object.values(step as Record<string, unknown>).flatMap((value) =>
      typeof value === 'string'
        ? [value]
        : value && typeof value === 'object'
          ? Object.values(value).filter((v): v is string => typeof v === 'string')
          : [],
    ),
  );
}

/**
 * The later strings of every language but `language` found in `text`: those of 12 characters or
 * more that `language` does not say the same way (a short word may be shared).
 *
 * @example
 * foreignWords('fr', chunkText); // [] when the chunk holds only French
 */
export function foreignWords(language: Language, text: string): string[] {
  const own = new Set(words(language));
  return LANGUAGES.filter((other) => other !== language)
    .flatMap(words)
    .filter((word) => word.length >= 12 && !own.has(word) && text.includes(word));
}
