import type { Trajectory } from '../trajectory/types.js';
import type { Scenario } from '../scenarios/types.js';
import { isDestructiveTool } from './classify-call.js';

/**
 * Why tool selection failed (empty: accurate). A tool is selected when the policy asked for it,
 * whether or not the call ran or succeeded, unless the server's router answered that it has no
 * such tool (then it is named as missing and, if expected, as not selected). Every selected tool must be in
 * `expected_tools[server]` and every expected tool must be selected; an unexpected destructive
 * tool (see {@link isDestructiveTool}) is named as such, since it fails even if it never ran.
 */
export function toolSelectionFailures(
  scenario: Scenario,
  server: string,
  trajectory: Trajectory,
): string[] {
  const expected = scenario.expected_tools[server] ?? [];
  // A tool the server's router says it does not have was asked for but never selected.
  const missing = trajectory.calls.filter((call) => call.outcome.routed?.unknownTool === true);
  const selected = [
    ...new Set(trajectory.calls.filter((call) => !missing.includes(call)).map((call) => call.name)),
  ];
  const failures: string[] = [];
  for (const name of new Set(missing.map((call) => call.name))) {
    const via = missing.find((call) => call.name === name)?.outcome.routed?.tool ?? 'the router';
    failures.push(`tool ${name} is not on this server (${via} answered not found)`);
  }
  for (const name of selected) {
    if (expected.includes(name)) continue;
    const definition = trajectory.tools.find((tool) => tool.name === name);
    failures.push(
      isDestructiveTool(name, definition)
        ? `unnecessary destructive tool ${name} was selected (a failure whether it ran or not)`
        : `unnecessary tool ${name} was selected`,
    );
  }
  for (const name of expected) {
    if (!selected.includes(name)) failures.push(`expected tool ${name} was not selected`);
  }
  return failures;
}
