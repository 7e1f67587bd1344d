import type { Json } from '../../fake-central/index.js';
import { shownValues } from './served-values.js';

/**
 * Keys whose values say what state an item is in (`status`, `configStatus`, `upgradeStatus`,
 * `operState`). served-values.ts leaves them out: a status word is shared by a dozen items, so
 * "which values are shown" cannot tell one item's from another's. It can tell whether an answer
 * shows any state at all: a tool that reads the status from a key the API does not have
 * (`deviceStatus`) shows neither ONLINE nor OFFLINE, though every identifying value is still
 * there (the bench:gate plant py-devices-status-field, missed by the data-lost check alone).
 */
const STATE_KEY = /(status|state)$/i;
/** A word or a few (`ONLINE`, `Up To Date`), not a number, a timestamp or a sentence. */
const STATE_VALUE = /^[A-Za-z][A-Za-z0-9_\- ]{1,39}$/;
/** At most this many state values are kept per entry (a bundle has a handful per collection). */
export const STATES_CAP = 40;

/** The state values of the bodies the fake answered (sorted, unique, at any depth). */
export function servedStates(bodies: readonly Json[]): string[] {
  const found = new Set<string>();
  const walk = (value: Json, key: string): void => {
    if (typeof value === 'string') {
      if (STATE_KEY.test(key) && STATE_VALUE.test(value.trim())) found.add(value.trim());
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, key);
    } else if (value !== null && typeof value === 'object') {
      for (const [k, inner] of Object.entries(value)) walk(inner, k);
    }
  };
  for (const body of bodies) walk(body, '');
  return [...found].sort();
}

/**
 * The state values served for a call that its answer shows (sorted, at most STATES_CAP), or
 * undefined when the fake served none: absent then from the sweep entry, so entries of tools
 * without states, and reports made before, are unchanged.
 */
export function shownStates(bodies: readonly Json[], text: string): string[] | undefined {
  const served = servedStates(bodies);
  return served.length === 0 ? undefined : shownValues(served, text).slice(0, STATES_CAP);
}
