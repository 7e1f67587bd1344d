import type { Scenario } from '../scenarios/types.js';
import type { Trajectory } from '../trajectory/types.js';

/**
 * An id-like literal: at least six characters with a digit (serials, site ids, MACs, UUIDs,
 * alert keys). Words and enum values ("Wireless", "OUT_OF_SYNC") repeat across results by
 * nature and are not lookups.
 */
const ID_LIKE = /^(?=.*\d).{6,}$/s;

function literals(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(literals);
  if (value !== null && typeof value === 'object' && !('$from' in value))
    return Object.values(value).flatMap(literals);
  return [];
}

/**
 * Plan arguments that replay a value an earlier call of the same run returned, which the intent
 * does not give: the plan should take it from that result (`{ $from, path }`), or a lookup tool
 * that breaks still leaves the later steps their id, and the scenario passes without it. Read from
 * a scripted run's trajectory, so it sees what the server really returned. One line per literal.
 */
export function replayedArguments(
  scenario: Scenario,
  server: string,
  trajectory: Trajectory,
): string[] {
  const plan = scenario.plans[server] ?? [];
  const intent = scenario.intent.toLowerCase();
  const lines: string[] = [];
  trajectory.calls.forEach((call, index) => {
    const step = plan[index];
    if (!step || step.tool !== call.name) return;
    for (const value of new Set(literals(step.arguments))) {
      if (!ID_LIKE.test(value) || intent.includes(value.toLowerCase())) continue;
      const source = trajectory.calls.slice(0, index).find((c) => c.resultText.includes(value));
      if (!source) continue;
      lines.push(
        `plans.${server} step ${index + 1} (${call.name}) replays ${JSON.stringify(value)}, which step ${source.index + 1} (${source.name}) returned: take it with { $from: ${source.name}, path: … }`,
      );
    }
  });
  return lines;
}
