// Single-field mutations of a JSON object for the forged-callback property: change a value
// (to a near miss or to anything), delete a field, add one, or rename one, at any depth.
// Mutations that leave the signed content the same (see `equivalent`) are filtered out.
import fc from 'fast-check';
import { canonicalString } from '../../../shared/signing';

/** A path of object keys from the root. */
export type Path = readonly string[];

/** One change to one field. */
export type Mutation =
  | { kind: 'replace'; path: Path; value: unknown }
  | { kind: 'delete'; path: Path }
  | { kind: 'add'; parent: Path; key: string; value: unknown }
  | { kind: 'rename'; path: Path; key: string };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Every field path of an object, depth first (objects inside are listed and entered). */
export function fieldPaths(value: Json, prefix: Path = []): Path[] {
  return Object.entries(value).flatMap(([key, child]) => {
    const path = [...prefix, key];
    return isObject(child) ? [path, ...fieldPaths(child, path)] : [path];
  });
}

/** The paths of the objects in a value (the root included): where a field can be added. */
export function objectPaths(value: Json, prefix: Path = []): Path[] {
  return [
    prefix,
    ...Object.entries(value).flatMap(([key, child]) =>
      isObject(child) ? objectPaths(child, [...prefix, key]) : [],
    ),
  ];
}

function at(value: Json, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), value);
}

/** Sets an own property, even one named `__proto__`. */
function define(target: Json, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** The object with the mutation applied (the input is not changed). */
export function applyMutation(value: Json, mutation: Mutation): Json {
  const copy = structuredClone(value);
  const parentPath = mutation.kind === 'add' ? mutation.parent : mutation.path.slice(0, -1);
  const parent = (parentPath.length === 0 ? copy : at(copy, parentPath)) as Json;
  switch (mutation.kind) {
    case 'replace':
      define(parent, mutation.path.at(-1)!, mutation.value);
      break;
    case 'delete':
      delete parent[mutation.path.at(-1)!];
      break;
    case 'add':
      define(parent, mutation.key, mutation.value);
      break;
    case 'rename': {
      const old = mutation.path.at(-1)!;
      const child = parent[old];
      delete parent[old];
      define(parent, mutation.key, child);
      break;
    }
  }
  return copy;
}

/** The object as the wire carries it (what JSON.stringify then JSON.parse makes of it). */
export function onTheWire(value: Json): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}

function normalized(value: unknown, path: string, loose: ReadonlySet<string>): unknown {
  if (value === '') return null;
  if (loose.has(path) && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) {
    return Number(value);
  }
  if (Array.isArray(value)) return value.map((v, i) => normalized(v, `${path}.${i}`, loose));
  if (isObject(value)) {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [
          k,
          k === 'signature' && typeof v === 'string'
            ? v.toLowerCase()
            : normalized(v, path ? `${path}.${k}` : k, loose),
        ]),
    );
  }
  return value;
}

/**
 * True when a mutated envelope says exactly what the original says: the same signed text and
 * the same values, up to `""` for `null` (the signature covers both as an empty value and the
 * schemas give both the same meaning, "absent"), the signature's letter case (hex), and a
 * number written as text in the `loose` fields (dot paths) whose schema takes either.
 */
export function equivalent(original: Json, mutated: Json, loose: readonly string[] = []): boolean {
  const looseSet = new Set(loose);
  return (
    canonicalString(original, '') === canonicalString(mutated, '') &&
    JSON.stringify(normalized(original, '', looseSet)) ===
      JSON.stringify(normalized(mutated, '', looseSet))
  );
}

const CONFUSABLES: Readonly<Record<string, string>> = { a: 'а', e: 'е', o: 'о', c: 'с', p: 'р' };

/** Values close to `original` (one character off, another type, padded…) or anything at all. */
export function nearValue(original: unknown): fc.Arbitrary<unknown> {
  const anything = fc.jsonValue({ maxDepth: 2 });
  const common = [anything, fc.constant(null), fc.constant(''), fc.constant({}), fc.constant([])];
  if (typeof original === 'string') {
    return fc.oneof(
      ...common,
      fc
        .tuple(
          fc.nat({ max: Math.max(original.length - 1, 0) }),
          fc.string({ minLength: 1, maxLength: 1 }),
        )
        .map(([i, ch]) => original.slice(0, i) + ch + original.slice(i + 1)),
      fc.constant(`${original} `),
      fc.constant(` ${original}`),
      fc.constant(original.toUpperCase()),
      fc.constant(original.replace(/[aeocp]/, (ch) => CONFUSABLES[ch] ?? ch)),
      fc.constant(
        original.normalize('NFD') === original ? `${original}\u200b` : original.normalize('NFD'),
      ),
      fc.constant(/^\d+$/.test(original) ? Number(original) : [original]),
    );
  }
  if (typeof original === 'number') {
    return fc.oneof(
      ...common,
      fc.constant(original + 1),
      fc.constant(original - 1),
      fc.constant(-original),
      fc.constant(original + 0.5),
      fc.constant(original * 100),
      fc.constant(String(original)),
      fc.integer(),
    );
  }
  return fc.oneof(...common, fc.boolean(), fc.integer());
}

/** Keys for added or renamed fields: look-alikes of real ones, hostile names, anything. */
export function keyArbitrary(existing: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'signature', 'senderKey', 'status'),
    fc.constantFrom(...existing).map((key) => `${key} `),
    fc.constantFrom(...existing).map((key) => key.toUpperCase()),
    fc.constantFrom(...existing).map((key) => `${key}.0`),
    fc.string({ minLength: 1, maxLength: 12 }),
  );
}

/**
 * Every single-field mutation of `envelope` that changes what it says (never an equivalent
 * one, see {@link equivalent}), as a fast-check arbitrary.
 */
export function mutationOf(envelope: Json, loose: readonly string[] = []): fc.Arbitrary<Mutation> {
  const paths = fieldPaths(envelope);
  const parents = objectPaths(envelope);
  const allKeys = [...new Set(paths.map((p) => p.at(-1)!))];
  const replace = fc
    .constantFrom(...paths)
    .chain((path) =>
      nearValue(at(envelope, path)).map((value) => ({ kind: 'replace' as const, path, value })),
    );
  const remove = fc.constantFrom(...paths).map((path) => ({ kind: 'delete' as const, path }));
  const add = fc
    .tuple(fc.constantFrom(...parents), keyArbitrary(allKeys), nearValue('x'))
    .map(([parent, key, value]) => ({ kind: 'add' as const, parent, key, value }));
  const rename = fc
    .tuple(fc.constantFrom(...paths), keyArbitrary(allKeys))
    .map(([path, key]) => ({ kind: 'rename' as const, path, key }));
  return fc
    .oneof({ arbitrary: replace, weight: 4 }, remove, add, rename)
    .filter(
      (mutation) => !equivalent(envelope, onTheWire(applyMutation(envelope, mutation)), loose),
    );
}
