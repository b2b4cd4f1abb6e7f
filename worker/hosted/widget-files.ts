/**
 * The widget's files the hosted page asks the browser to fetch at once: the module and the
 * page's language chunk, whose name carries a content hash. The widget build
 * lists the language chunks in `public/widget/languages.json`; this module reads it through the
 * static assets binding once per isolate (a deploy starts new isolates with the new list).
 * @module
 */

/** Language code → the chunk's path under the origin (`/widget/fr-….js`). */
type LanguageFiles = Record<string, string>;

let known: LanguageFiles | undefined;

/** The language chunks' list, or `{}` when there is none (no assets binding, widget not built). */
async function languageFiles(assets: Fetcher | undefined): Promise<LanguageFiles> {
  if (known || !assets) return known ?? {};
  try {
    const response = await assets.fetch('https://assets.local/widget/languages.json');
    if (!response.ok) return {};
    const list: unknown = await response.json();
    if (!list || typeof list !== 'object') return {};
    known = Object.fromEntries(
      Object.entries(list).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && /^widget\/[\w-]+\.js$/.test(entry[1]),
      ),
    );
    return known;
  } catch {
    return {}; // an unreadable list only costs the preload
  }
}

/**
 * The path of the widget chunk with `language`'s first screens (`/widget/fr-….js`), or null
 * when the build did not list it.
 *
 * @example
 * await languageChunk(c.env.ASSETS, 'fr'); // '/widget/fr-D5BopaH1.js'
 */
export async function languageChunk(
  assets: Fetcher | undefined,
  language: string,
): Promise<string | null> {
  const chunk = (await languageFiles(assets))[language];
  return chunk ? `/${chunk}` : null;
}

/**
 * The `Link` header that starts the widget's first-load files with the response (the module
 * and the language's chunk), for 103 Early Hints and the browsers that preload from it.
 *
 * @example
 * c.header('Link', widgetPreloads('/widget/fr-D5BopaH1.js'));
 */
export function widgetPreloads(languageChunk: string | null): string {
  const links = ['</widget.es.js>; rel=modulepreload'];
  if (languageChunk) links.push(`<${languageChunk}>; rel=modulepreload`);
  return links.join(', ');
}
