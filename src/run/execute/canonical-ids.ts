import type { CallRecord } from '../../../fake-central/index.js';

/**
 * A token that looks machine-generated: a UUID, or 16 or more hex digits, standing alone (not
 * part of a longer word). Names a server takes from the user's request (`Guest-2026`) are not
 * ids in this sense: they are the same every run.
 */
const GENERATED =
  /(?<![0-9A-Za-z])(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{16,})(?![0-9A-Za-z])/gi;

/** Every generated-looking token in `text`, lower-cased, in order of appearance. */
export function generatedTokens(text: string): string[] {
  // No token is shorter than 16 characters: most strings of a bundle (names, MACs, serials,
  // timestamps) are, and a bundle's walk (bundle-ids.ts: 23 MB for campus-b) skips them.
  if (text.length < MIN_TOKEN) return [];
  return [...text.matchAll(GENERATED)].map((m) => m[0].toLowerCase());
}

/** The shortest text GENERATED matches: 16 hex digits (a UUID has 36 characters). */
const MIN_TOKEN = 16;

/** The placeholder of the n-th (1-based) server-chosen id of a run. */
export const placeholder = (n: number): string => `{id#${n}}`;

/**
 * The ids a run's requests carry that the fake did not hand out from its bundle: each
 * generated-looking token (lower-cased) of a path or query value that is not `known` (the
 * bundle's ids, the canaries), numbered in order of first appearance over the run's requests (arrival
 * order; path first, then query values by name). Keys are lower-cased: the same id sent in
 * another case shares its number.
 */
export function inventedIds(
  records: readonly CallRecord[],
  known: (token: string) => boolean,
): Map<string, string> {
  const ids = new Map<string, string>();
  const visit = (text: string): void => {
    for (const token of generatedTokens(text))
      if (!ids.has(token) && !known(token)) ids.set(token, placeholder(ids.size + 1));
  };
  for (const r of records) {
    visit(r.path);
    for (const key of Object.keys(r.query).sort()) {
      const value = r.query[key];
      for (const v of Array.isArray(value) ? value : [value ?? '']) visit(v);
    }
  }
  return ids;
}

function replaceText(text: string, ids: ReadonlyMap<string, string>): string {
  return text.replace(GENERATED, (token) => ids.get(token.toLowerCase()) ?? token);
}

/**
 * A copy of `value` (call records, a trajectory, a run result) in which every string, keys
 * included, has each id of `ids` replaced by its placeholder. Numbers and booleans are kept.
 */
export function canonicaliseIds<T>(value: T, ids: ReadonlyMap<string, string>): T {
  if (ids.size === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return replaceText(v, ids);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v).map(([k, inner]) => [replaceText(k, ids), walk(inner)]),
      );
    return v;
  };
  return walk(value) as T;
}
