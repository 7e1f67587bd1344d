import type { Scenario, ScenarioError } from './types.js';

/**
 * Turns a policy that makes one call per turn needs to follow `calls` planned calls: one per
 * call, then the final answer.
 */
export const planTurns = (calls: number): number => calls + 1;

/**
 * The plans that cannot finish within `maxTurns` turns of a policy making one call per turn
 * (the llm and replay policies stop at their turn limit; the scripted policy raises its limit to
 * fit the plan), one notice per scenario × server at the scenario's position.
 */
export function plansOverTurnLimit(
  scenarios: readonly Scenario[],
  maxTurns: number,
): ScenarioError[] {
  const notices: ScenarioError[] = [];
  for (const scenario of scenarios) {
    for (const [server, plan] of Object.entries(scenario.plans)) {
      const turns = planTurns(plan.length);
      if (turns <= maxTurns) continue;
      notices.push({
        ...scenario.source,
        pointer: `/plans/${server}`,
        message:
          `${scenario.id}: the ${server} plan makes ${plan.length} calls, so one call per turn ` +
          `needs ${turns} turns, over the turn limit of ${maxTurns}`,
        hint: 'the scripted policy raises its limit to fit the plan; a model policy that makes one call per turn stops with turn_limit',
      });
    }
  }
  return notices;
}
