import type { Scenario } from '../scenarios/types.js';
import type { Trajectory } from '../trajectory/types.js';
import { answerContainsFact, containsFact, factText } from './contains-fact.js';

/**
 * Facts the answer holds that none of their named source tools returned (`expect.fact_sources`
 * for this server): the run found them elsewhere, such as an audit log repeating a setting the
 * task asks to read from the device, so a broken source tool would otherwise still pass. A fact
 * the answer lacks is left to `missingFacts`, which already names it.
 */
export function factsFromElsewhere(
  scenario: Scenario,
  server: string,
  trajectory: Trajectory,
): string[] {
  const answer = trajectory.answer;
  if (answer === null) return [];
  const failures: string[] = [];
  for (const [name, byServer] of Object.entries(scenario.expect.fact_sources ?? {})) {
    const tools = byServer[server];
    const value = scenario.expect.facts[name];
    if (!tools || value === undefined || !answerContainsFact(answer, value)) continue;
    const sourceCalls = trajectory.calls.filter((call) => tools.includes(call.name));
    if (sourceCalls.some((call) => containsFact(call.resultText, value))) continue;
    const named = tools.join(' or ');
    failures.push(
      sourceCalls.length === 0
        ? `fact ${name} (${factText(value)}) is not from ${named}, which was not called: the answer took it from another tool`
        : `fact ${name} (${factText(value)}) is not in the results of ${named}: the answer took it from another tool`,
    );
  }
  return failures;
}
