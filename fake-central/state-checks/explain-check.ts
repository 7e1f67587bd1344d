import type { CollateralChange, StateAssertion, StateCheckResult } from './types.js';

/**
 * One sentence on why a state check did not pass, for the control API's `summary`: a check
 * that fails only on collateral has no failure line of its own, and a reader who asserted a new
 * item with `fields` saw `passed: false` with nothing to say why.
 */
export function explainCheck(
  result: StateCheckResult,
  assertions: readonly StateAssertion[],
): string | undefined {
  const parts: string[] = [];
  if (result.failures.length > 0) {
    parts.push(`${result.failures.length} assertion(s) do not hold: ${result.failures.join('; ')}`);
  }
  if (result.collateral.length > 0) {
    const shown = result.collateral.slice(0, 5).map((c) => describe(c, assertions));
    const more = result.collateral.length > 5 ? `; and ${result.collateral.length - 5} more` : '';
    parts.push(
      `${result.collateral.length} change(s) no assertion allows: ${shown.join('; ')}${more}`,
    );
  }
  return parts.length === 0 ? undefined : parts.join('. ');
}

function describe(change: CollateralChange, assertions: readonly StateAssertion[]): string {
  const what =
    change.change === 'modified'
      ? `${change.collection} ${change.item} modified (${change.fields.join(', ')})`
      : `${change.collection} ${change.item} ${change.change}`;
  return `${what}${hint(change, assertions)}`;
}

/** The assertion the reader probably meant, when one of theirs almost allows the change. */
function hint(change: CollateralChange, assertions: readonly StateAssertion[]): string {
  const same = assertions.filter((a) => a.collection === change.collection);
  if (change.change === 'added' && same.some((a) => a.fields !== undefined)) {
    return ' (a `fields` assertion allows changes to items the bundle had; assert a new item with `added: N`, optionally with `where` and `fields`)';
  }
  if (change.change === 'removed' && same.length > 0) {
    return ' (assert a removal with `removed: N` and a `where` that selects it)';
  }
  if (change.change === 'modified' && same.some((a) => a.fields !== undefined)) {
    return ' (list the fields a write may change in `fields` or `may_change`, or narrow `where`)';
  }
  return same.length === 0 ? ` (no assertion names ${change.collection})` : '';
}
