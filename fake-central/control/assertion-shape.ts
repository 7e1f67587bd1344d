import { didYouMean } from '../did-you-mean.js';
import type { StateAssertion } from '../state-checks/types.js';
import { ControlError } from './control-error.js';

/** Each key of an assertion and what it must be (docs/scenario-format.md, `expect.state`). */
const KEYS: Record<keyof StateAssertion, string> = {
  collection: 'a collection name (a string)',
  where: 'an object of field → value',
  fields: 'an object of field → value',
  unchanged: 'true',
  added: 'a whole number ≥ 0',
  removed: 'a whole number ≥ 0',
  count: 'a whole number ≥ 0',
  may_change: 'a list of field paths (strings)',
};

const isMap = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);
const FITS: Record<keyof StateAssertion, (v: unknown) => boolean> = {
  collection: (v) => typeof v === 'string' && v !== '',
  where: isMap,
  fields: isMap,
  unchanged: (v) => v === true,
  added: (v) => Number.isSafeInteger(v) && (v as number) >= 0,
  removed: (v) => Number.isSafeInteger(v) && (v as number) >= 0,
  count: (v) => Number.isSafeInteger(v) && (v as number) >= 0,
  may_change: (v) => Array.isArray(v) && v.every((p) => typeof p === 'string'),
};

/**
 * The assertions of `POST /_fake/state/check`, each key checked against what it must be: a
 * `count: "x"` was taken as an assertion that could never hold, with no word why. 400 naming
 * the assertion's index, the key and the value.
 */
export function checkAssertions(assertions: readonly unknown[]): StateAssertion[] {
  assertions.forEach((raw, i) => {
    const where = `/assertions/${i}`;
    if (!isMap(raw))
      throw new ControlError(
        400,
        'FAKE_CONTROL_BAD_BODY',
        `${where}: an assertion is an object`,
        'e.g. {"collection": "wlan-ssids", "added": 1}',
      );
    const a = raw as Record<string, unknown>;
    if (a.collection === undefined)
      throw new ControlError(
        400,
        'FAKE_CONTROL_BAD_BODY',
        `${where}: collection is missing`,
        `set collection: to ${KEYS.collection}`,
      );
    for (const [key, value] of Object.entries(a)) {
      if (!(key in KEYS))
        throw new ControlError(
          400,
          'FAKE_CONTROL_BAD_BODY',
          `${where}/${key}: unknown key; ${didYouMean(key, Object.keys(KEYS))}`.trim(),
          `an assertion takes ${Object.keys(KEYS).join(', ')}`,
        );
      const name = key as keyof StateAssertion;
      if (!FITS[name](value))
        throw new ControlError(
          400,
          'FAKE_CONTROL_BAD_BODY',
          `${where}/${key}: ${JSON.stringify(value) ?? String(value)} is not ${KEYS[name]}`,
          `set ${key}: to ${KEYS[name]}`,
        );
    }
    const checks = CHECKS.filter((key) => a[key] !== undefined);
    const pair = checks.length === 2 && checks.includes('added') && checks.includes('fields');
    if (checks.length !== 1 && !pair)
      throw new ControlError(
        400,
        'FAKE_CONTROL_BAD_BODY',
        checks.length === 0
          ? `${where}: no check given`
          : `${where}: ${checks.join(' and ')} cannot be combined`,
        'give one of fields, unchanged, added, removed, count (or added with fields: new items that have those values)',
      );
  });
  return assertions as StateAssertion[];
}

/** The checks of an assertion: one per assertion, except `added` with `fields`. */
const CHECKS = ['fields', 'unchanged', 'added', 'removed', 'count'] as const;
