import { containsFact, factText } from '../metrics/contains-fact.js';
import type { FactValue } from '../scenarios/types.js';
import type { Policy, PolicyContext, PolicyStep } from './types.js';
import { resolvePlanArguments } from './resolve-plan-arguments.js';
import { LookupFailedError } from './stop-errors.js';
import type { FinalAnswer, ToolCallRecord } from '../trajectory/types.js';

/**
 * The answer a model would give after reading `calls`: every `expect.facts` value that occurs
 * in some tool result (as the model read it, `resultText`), under its fact name, in manifest
 * order; facts nowhere in the results are left out, so scoring sees them missing.
 */
export function answerFromFacts(
  facts: Record<string, FactValue>,
  calls: readonly ToolCallRecord[],
): FinalAnswer {
  const json: Record<string, FactValue> = {};
  for (const [name, value] of Object.entries(facts)) {
    if (calls.some((call) => containsFact(call.resultText, value))) json[name] = value;
  }
  const found = Object.entries(json).map(([name, value]) => `${name}: ${factText(value)}`);
  const text =
    found.length > 0
      ? `Found ${found.join('; ')}.`
      : 'None of the expected facts appear in the tool results.';
  return { text, json };
}

/**
 * The deterministic, credential-free policy: replays `plans.<server>` one call per turn (as a
 * model sees each result before its next call, which keeps token accounting realistic), then
 * answers with {@link answerFromFacts}. A step's argument may come from an earlier call's result
 * (`{ $from, path }`, src/scenarios/plan-reference.ts); when that lookup finds nothing the plan
 * ends there (LookupFailedError: the run stops with `failed_lookup`, answered from the results so
 * far). A scenario without a plan for the server gets an immediate final answer with `{}`.
 */
export function createScriptedPolicy(): Policy {
  return {
    info: { name: 'scripted' },
    next(context: PolicyContext): Promise<PolicyStep> {
      const plan = context.scenario.plans[context.server];
      if (!plan) {
        const text = `There is no scripted plan for ${context.server} in this scenario.`;
        return Promise.resolve({ type: 'final', answer: { text, json: {} } });
      }
      const step = context.calls.length;
      const planned = plan[step];
      if (planned) {
        const resolved = resolvePlanArguments(plan, step, context.calls);
        if (!resolved.ok) {
          const answer = answerFromFacts(context.scenario.expect.facts, context.calls);
          return Promise.reject(new LookupFailedError(resolved.failure, answer));
        }
        return Promise.resolve({
          type: 'tool_calls',
          calls: [{ name: planned.tool, arguments: resolved.arguments }],
        });
      }
      return Promise.resolve({
        type: 'final',
        answer: answerFromFacts(context.scenario.expect.facts, context.calls),
      });
    },
  };
}
