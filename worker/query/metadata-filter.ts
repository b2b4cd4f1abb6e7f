/**
 * Metadata search of `GET /v1/sessions`: `metadata[<key>]=<value>`, one or more, each an exact
 * match of one key of the session's `metadata` (all must match). Sessions keep their metadata
 * in the query index as JSON (migrations/0003-metadata-search.sql); an erased session's is null.
 * @module
 */
import { CheckoutError } from '../../shared/errors';
import {
  MAX_METADATA_KEYS,
  MAX_METADATA_KEY_LENGTH,
  MAX_METADATA_VALUE_LENGTH,
} from '../../shared/schemas/session-create';
import type { Condition } from './lists';

/** One searched key and the value it must hold. */
export interface MetadataMatch {
  key: string;
  value: string;
}

/** A query string's parameters as Hono's query validator reads them. */
export type QueryValues = Record<string, string | string[]>;

const PARAM = /^metadata\[([^[\]]*)\]$/;

function refused(param: string, message: string): CheckoutError {
  return new CheckoutError('VALIDATION_FAILED', `The query is invalid: ${param} ${message}.`, {
    issues: [{ path: param, message: `${param} ${message}` }],
  });
}

/**
 * Splits the metadata parameters from the others. Throws 400 VALIDATION_FAILED naming the
 * parameter (so `param` is set) for a key that could not be stored (empty, longer than
 * {@link MAX_METADATA_KEY_LENGTH}), a malformed name (`metadata`, `metadata[a][b]`), a value
 * longer than {@link MAX_METADATA_VALUE_LENGTH}, a key given twice, or more than
 * {@link MAX_METADATA_KEYS} keys.
 *
 * @example
 * splitMetadata({ 'metadata[cart]': 'c-9', status: 'open' });
 * // { rest: { status: 'open' }, matches: [{ key: 'cart', value: 'c-9' }] }
 */
export function splitMetadata(query: QueryValues): { rest: QueryValues; matches: MetadataMatch[] } {
  const rest: QueryValues = {};
  const matches: MetadataMatch[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (name !== 'metadata' && !name.startsWith('metadata[')) {
      rest[name] = value;
      continue;
    }
    const key = PARAM.exec(name)?.[1];
    if (key === undefined) {
      throw refused(name, 'must be written metadata[<key>]=<value>, e.g. metadata[cart]=c-9');
    }
    if (key.length < 1 || key.length > MAX_METADATA_KEY_LENGTH) {
      throw refused(name, `must name a key of 1 to ${MAX_METADATA_KEY_LENGTH} characters`);
    }
    if (typeof value !== 'string') throw refused(name, 'must be given once');
    if (value.length > MAX_METADATA_VALUE_LENGTH) {
      throw refused(name, `must be at most ${MAX_METADATA_VALUE_LENGTH} characters`);
    }
    matches.push({ key, value });
  }
  if (matches.length > MAX_METADATA_KEYS) {
    throw refused('metadata', `must search at most ${MAX_METADATA_KEYS} keys`);
  }
  return { rest, matches };
}

/**
 * The index conditions of the metadata matches over `sessions t`: each key holds exactly its
 * value. The key is a binding, never part of a JSON path, so any stored key can be searched.
 * Not indexed: the search scans sessions newest first within the other filters (a key-value
 * table would index it, at the cost of a second write per session).
 *
 * @example
 * metadataConditions([{ key: 'cart', value: 'c-9' }]);
 * // [{ sql: 'EXISTS (SELECT 1 FROM json_each(t.metadata) m …)', bindings: ['cart', 'c-9'] }]
 */
export function metadataConditions(matches: readonly MetadataMatch[]): Condition[] {
  return matches.map(({ key, value }) => ({
    sql: "EXISTS (SELECT 1 FROM json_each(t.metadata) m WHERE m.key = ? AND m.type = 'text' AND m.value = ?)",
    bindings: [key, value],
  }));
}
