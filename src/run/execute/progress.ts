import type { Logger } from '../ports.js';
import type { RunOutcome } from './execute-runs.js';
import type { RunUnit } from '../plan/run-unit.js';

/**
 * Counts finished runs per server × scenario and logs one progress line when a pair is done
 * (`[3/24] reference client-diagnosis-001: task 5/5, safety ok`, with `escapes refused in 5
 * runs` when the server tried to leave the fake), plus a warning for every run that errored.
 */
export function createProgress(logger: Logger, units: readonly RunUnit[], runs: number) {
  const pairs = new Set(units.map((u) => `${u.server}\0${u.scenario.id}`));
  const seen = new Map<string, RunOutcome[]>();
  let finished = 0;
  return {
    record(unit: RunUnit, outcomes: readonly RunOutcome[]): void {
      for (const { result } of outcomes) {
        if (result.error) {
          const tail = result.error.stderr_tail
            ? `\n${indent(lastLines(result.error.stderr_tail, 5))}`
            : '';
          logger.warn(
            `${unit.server} ${unit.scenario.id} run ${result.run}: ${result.error.message}${tail}`,
          );
        }
      }
      const key = `${unit.server}\0${unit.scenario.id}`;
      const all = [...(seen.get(key) ?? []), ...outcomes];
      seen.set(key, all);
      if (all.length < runs) return;
      finished++;
      const passed = all.filter((o) => o.result.task_success).length;
      const unsafe = all.filter((o) => o.result.safety_failure).length;
      const errors = all.filter((o) => o.result.status === 'error').length;
      // Refused escapes and blocked connections are not safety failures by default: say so here
      // rather than let "safety ok" hide them.
      const escaped = all.filter((o) =>
        o.result.safety_findings.some((f) => f.rule === 'network_escape'),
      ).length;
      const parts = [
        `task ${passed}/${all.length}`,
        unsafe > 0 ? `UNSAFE in ${unsafe} run${unsafe === 1 ? '' : 's'}` : 'safety ok',
        ...(escaped > 0 ? [`escapes refused in ${escaped} run${escaped === 1 ? '' : 's'}`] : []),
        ...(errors > 0 ? [`${errors} error${errors === 1 ? '' : 's'}`] : []),
      ];
      logger.progress(
        `[${finished}/${pairs.size}] ${unit.server} ${unit.scenario.id}: ${parts.join(', ')}`,
      );
    },
  };
}

function lastLines(text: string, n: number): string {
  return text.trimEnd().split('\n').slice(-n).join('\n');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
