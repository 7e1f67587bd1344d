import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { FinalAnswer, Trajectory } from '../trajectory/types.js';
import { parseEndpointPattern, type CallRecord } from '../../fake-central/index.js';
import { compileResultSchema } from '../scenarios/result-schema.js';
import type { Scenario } from '../scenarios/types.js';
import { answerContainsFact, factText } from './contains-fact.js';
import { factsFromElsewhere } from './fact-sources.js';

const validators = new WeakMap<object, ValidateFunction>();

function validatorFor(schema: Record<string, unknown>): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = compileResultSchema(schema);
    validators.set(schema, validate);
  }
  return validate;
}

/** Why the answer does not validate against `result_schema` (none: it does, or there is none). */
export function schemaFailures(scenario: Scenario, answer: FinalAnswer): string[] {
  if (!scenario.result_schema) return [];
  const validate = validatorFor(scenario.result_schema);
  if (validate(answer.json)) return [];
  return (validate.errors ?? []).map(
    (error) =>
      `the answer does not match result_schema: ${error.instancePath || '/'} ${error.message ?? 'is invalid'}`,
  );
}

/**
 * Every `expect.api_calls` pattern that no call in the fake's log matched. A call the fake
 * refused (it breaks a rule of HPE's documents: the real API would refuse it) is not made; the
 * reason then names the refusal.
 */
export function missingApiCalls(scenario: Scenario, calls: readonly CallRecord[]): string[] {
  const reached = calls.filter((call) => call.kind !== 'escape');
  const out: string[] = [];
  for (const source of scenario.expect.api_calls) {
    const pattern = parseEndpointPattern(source);
    const matching = reached.filter((call) => pattern.matches(call.method, call.path));
    if (matching.some((call) => call.refused === undefined)) continue;
    const refused = matching.find((call) => call.refused !== undefined)?.refused;
    out.push(
      refused === undefined
        ? `expected API call ${source} was not made`
        : `expected API call ${source} was refused as the API would: ${refused.operation} (${refused.message})`,
    );
  }
  return out;
}

/**
 * Every `expect.facts` value the answer lacks: its text, its JSON text and every string in its
 * JSON are searched (case-sensitively; numbers and booleans as standalone JSON text).
 */
export function missingFacts(scenario: Scenario, answer: FinalAnswer): string[] {
  return Object.entries(scenario.expect.facts)
    .filter(([, value]) => !answerContainsFact(answer, value))
    .map(([name, value]) => `fact ${name} (${factText(value)}) is not in the answer`);
}

/**
 * Why the task failed, every reason (empty: task_success). The run must end with a final
 * answer, that answer must validate against `result_schema` (no schema: any JSON object does)
 * and contain every `expect.facts` value (one with `expect.fact_sources` for `server` read from
 * one of those tools' results), and every `expect.api_calls` pattern must match a request in the
 * fake's log (refused escapes do not count).
 */
export function taskFailures(
  scenario: Scenario,
  trajectory: Trajectory,
  calls: readonly CallRecord[],
  server: string,
): string[] {
  const failures: string[] = [];
  if (trajectory.stopReason !== 'final') {
    const detail = trajectory.error ? `: ${trajectory.error.message}` : '';
    failures.push(`the run stopped with ${trajectory.stopReason}${detail}`);
  } else if (trajectory.error) {
    failures.push(`the run reported an error: ${trajectory.error.message}`);
  }
  const answer = trajectory.answer;
  if (answer === null) failures.push('there is no final answer');
  else failures.push(...schemaFailures(scenario, answer));
  failures.push(...missingApiCalls(scenario, calls));
  if (answer !== null) {
    failures.push(...missingFacts(scenario, answer));
    failures.push(...factsFromElsewhere(scenario, server, trajectory));
  }
  return failures;
}
