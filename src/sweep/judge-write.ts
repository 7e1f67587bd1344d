import type { StateChange } from '../../fake-central/index.js';
import type { SweepToolResult } from '../report/sweep-types.js';

/** Most lines a write's `changed` keeps, then `… and N more` (a bulk write may touch hundreds). */
export const CHANGED_CAP = 20;

/** Outcomes that say the call itself failed: a state change does not make them `ok`. */
const FAILED = new Set(['error', 'route-miss', 'rejected', 'timeout', 'unsafe']);

/**
 * One line per item a write changed, sorted: `wlan-ssids essid.name=Corp: modified (opmode, vlan)`,
 * `cnac-mac-reg id=…: removed`. Field paths, not values: a timestamp the fake stamps on a write
 * differs from run to run, the path it is at does not. Which item (its identity field) and which
 * fields are what a wrong id or a wrong body changes.
 */
export function changeLines(changes: readonly StateChange[]): string[] {
  return changes
    .map(
      (c) =>
        `${c.collection} ${c.item}: ${c.change}${c.fields.length > 0 ? ` (${c.fields.join(', ')})` : ''}`,
    )
    .sort();
}

/**
 * A write tool's sweep entry judged by the fake's state diff (its own freshly reset fake):
 * `changed` lists what the call changed, and a call that changed the state and did not fail is
 * `ok`, whatever its answer shows (a write's answer rarely repeats what it read), unless a value
 * it was sent is not what the changed item now holds (`unwritten`: write-values.ts): then it is
 * `wrong-value`, the first such line its error. A call that changed nothing keeps the outcome its
 * answer gave; the gate compares `changed` with the baseline's (src/gate/compare-sweep.ts).
 */
export function judgeWrite(
  entry: SweepToolResult,
  lines: readonly string[],
  unwritten: readonly string[] = [],
): SweepToolResult {
  const changed =
    lines.length > CHANGED_CAP
      ? [...lines.slice(0, CHANGED_CAP), `… and ${lines.length - CHANGED_CAP} more`]
      : [...lines];
  const judged: SweepToolResult = { ...entry, changed };
  if (lines.length === 0 || FAILED.has(entry.outcome) || entry.outcome === 'unstable')
    return judged;
  if (unwritten.length === 0) return { ...judged, outcome: 'ok' };
  const more = unwritten.length > 1 ? ` (+${unwritten.length - 1} more)` : '';
  return { ...judged, outcome: 'wrong-value', error: `${unwritten[0] ?? ''}${more}` };
}
