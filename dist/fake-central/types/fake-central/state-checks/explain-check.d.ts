import type { StateAssertion, StateCheckResult } from './types.js';
/**
 * One sentence on why a state check did not pass, for the control API's `summary`: a check
 * that fails only on collateral has no failure line of its own, and a reader who asserted a new
 * item with `fields` saw `passed: false` with nothing to say why.
 */
export declare function explainCheck(result: StateCheckResult, assertions: readonly StateAssertion[]): string | undefined;
