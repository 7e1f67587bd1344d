import type { Trajectory } from '../trajectory/types.js';
import type { TokenUsage } from '../metrics/types.js';

/**
 * Token usage as the model provider reported it (provenance `measured`): the sum of every
 * turn's `usage`. Null when any turn lacks it (a scripted or replayed run, or a provider that
 * did not report), so a measured figure is never patched with computed ones. `menu` is passed
 * in because providers do not report it: count it with `menuBreakdown` and keep in mind that it
 * stays a computed figure beside measured ones.
 */
export function providerTokens(
  trajectory: Trajectory,
  menu: number,
  tokenizer: string,
): TokenUsage | null {
  let input = 0;
  let output = 0;
  for (const turn of trajectory.turns) {
    if (!turn.usage) return null;
    input += turn.usage.inputTokens;
    output += turn.usage.outputTokens;
  }
  if (trajectory.turns.length === 0) return null;
  return { input, output, total: input + output, menu, provenance: 'measured', tokenizer };
}
