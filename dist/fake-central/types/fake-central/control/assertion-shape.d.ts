import type { StateAssertion } from '../state-checks/types.js';
/**
 * The assertions of `POST /_fake/state/check`, each key checked against what it must be: a
 * `count: "x"` was taken as an assertion that could never hold, with no word why. 400 naming
 * the assertion's index, the key and the value.
 */
export declare function checkAssertions(assertions: readonly unknown[]): StateAssertion[];
