/**
 * The "Errors" section of the document's description (rendered into /docs): one entry per code
 * of shared/errors.ts, each with the id `error-<CODE>` that an error body's `doc_url` points at
 * (`<origin>/docs#error-<CODE>`).
 * @module
 */
import { errorStatus, type ErrorCode } from '../../shared/errors';

/**
 * The section in Markdown (with HTML rows for the anchors). `descriptions`: each code's
 * sentence, read from shared/errors.ts's comments at build time (scripts/openapi.mjs).
 */
export function errorsSection(
  codes: readonly ErrorCode[],
  descriptions: Partial<Record<ErrorCode, string>> = {},
): string {
  const rows = codes.map(
    (code) =>
      `<tr id="error-${code}"><td><code>${code}</code></td><td>${errorStatus[code]}</td>` +
      `<td>${escapeHtml(descriptions[code] ?? '')}</td></tr>`,
  );
  return [
    'Every error answers `{ "error": { "code", "message", "param"?, "details"?, "request_id", "doc_url" } }`.',
    'The `code` is stable; the `message` may be reworded. Each route lists the codes it may answer.',
    '',
    '# Errors',
    '',
    '<table><thead><tr><th>Code</th><th>HTTP status</th><th>Meaning</th></tr></thead><tbody>',
    ...rows,
    '</tbody></table>',
  ].join('\n');
}

/** HTML-escaped, with `code` spans as <code> (Markdown is not read inside an HTML table). */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/`([^`]+)`/g, '<code>$1</code>');
}
