import { BenchError } from '../common/errors.js';
import type { Scenario } from '../scenarios/types.js';

/** The tag that puts a golden scenario in the `resilience` suite (docs/resilience.md). */
export const RESILIENCE_TAG = 'resilience';

/** What the user asked for on the command line (or in the action's inputs). */
export interface SuiteRequest {
  resilience: boolean;
  suites: readonly string[];
  scenarioIds: readonly string[];
  scenarioPaths: readonly string[];
  /** How the message names the suite option: `--suite` (CLI, the default) or `input suites`. */
  option?: string;
}

/**
 * `resilience` is a selection over the golden suite, not a suite of its own: the scenarios
 * tagged `resilience`. It is taken with `--suite resilience`, and by `run --resilience` when
 * nothing else is selected. Returns the suites to resolve normally and whether to keep only the
 * tagged scenarios afterwards.
 */
export function resilienceRequest(request: SuiteRequest): { suites: string[]; byTag: boolean } {
  const asked = request.suites.includes(RESILIENCE_TAG);
  const others = request.suites.filter((s) => s !== RESILIENCE_TAG);
  if (asked && others.length > 0) {
    const option = request.option ?? '--suite';
    throw new BenchError(
      'usage',
      `${option} ${RESILIENCE_TAG} cannot be combined with ${option} ${others.join(', ')}`,
      { hint: `the ${RESILIENCE_TAG} suite is a selection across suites; run it on its own` },
    );
  }
  const nothingElse =
    others.length === 0 && request.scenarioIds.length === 0 && request.scenarioPaths.length === 0;
  return { suites: others, byTag: asked || (request.resilience && nothingElse) };
}

/** The scenarios tagged `resilience`; a usage error when there are none. */
export function resilienceScenarios(scenarios: readonly Scenario[]): Scenario[] {
  const tagged = scenarios.filter((s) => s.tags.includes(RESILIENCE_TAG));
  if (tagged.length === 0) {
    throw new BenchError('usage', `no loaded scenario is tagged ${RESILIENCE_TAG}`, {
      hint: `add '${RESILIENCE_TAG}' to a scenario's tags, or select scenarios with --suite/--scenario`,
    });
  }
  return tagged;
}
