import { endpointPatternProblem } from '../endpoint-pattern.js';
import { FakeCentralError } from '../errors.js';
import { FAULT_KINDS, type FaultPlan } from '../faults/fault-plan.js';

const SCHEMA = 'fake-central/faults/fault-plan.schema.json';

function invalid(problem: string, hint: string): never {
  throw new FakeCentralError('fault_plan_invalid', `${SCHEMA}: ${problem}`, hint);
}

/**
 * The structural check a fault plan gets when the control API runs without the harness's
 * schema validator (`ControlOptions.parseFaultPlan`): a `faults` list of objects with a known
 * `kind` and parseable `match` patterns. The CLI and the npm package pass the full validator,
 * whose errors name the JSON pointer and the fix.
 */
export function checkFaultPlanShape(value: unknown): FaultPlan {
  const plan = value as { faults?: unknown } | null;
  if (plan === null || typeof plan !== 'object' || !Array.isArray(plan.faults)) {
    invalid('a fault plan is an object with a "faults" list', 'send {"faults": [...]} or null');
  }
  plan.faults.forEach((fault: unknown, i) => {
    const f = fault as { kind?: unknown; match?: unknown } | null;
    if (f === null || typeof f !== 'object' || !FAULT_KINDS.includes(f.kind as never)) {
      invalid(
        `/faults/${i}: unknown kind ${JSON.stringify(f?.kind)}`,
        `kinds: ${FAULT_KINDS.join(', ')}`,
      );
    }
    const patterns: unknown[] = Array.isArray(f.match) ? f.match : [];
    for (const pattern of patterns) {
      const problem = typeof pattern === 'string' ? endpointPatternProblem(pattern) : undefined;
      if (typeof pattern !== 'string' || problem) {
        invalid(
          `/faults/${i}/match: ${problem?.message ?? 'patterns are strings'}`,
          problem?.hint ?? 'e.g. GET /network-monitoring/v1/clients',
        );
      }
    }
  });
  return value as FaultPlan;
}
