import type { Bundle } from '../fixture-store.js';
import type { DivergenceChoices } from './divergence-choices.js';
/**
 * The bundle as served with the chosen deviations' other behaviours (an empty choice: the same
 * bundle). `source` is the bundle before any seed: the one the aggregates were made from (a
 * seed's patch may add clients no aggregate counted). Derived like a seed, so the choice is the
 * baseline until the next reset.
 */
export declare function applyDivergences(served: Bundle, source: Bundle, choices: DivergenceChoices): Bundle;
