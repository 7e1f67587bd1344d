import { rowMismatches, type FigureMismatch } from '../report/figure-diff.js';
import type { ResilienceCell } from '../report/resilience-types.js';
import type { Report } from '../report/types.js';
import { cellResilient, resilienceScores } from './aggregate-resilience.js';

/**
 * `verify`'s check of the resilience matrix (`report.resilience`): each cell's
 * `baseline_passed` from the report's own fault-free verdict, its `resilient` from its figures
 * and the fault's expectation, and each server's score from the re-derived cells, with the
 * matrix's own rules (aggregate-resilience.ts). A cell's figures themselves (exercised, task
 * success, extra calls, retries, recovery) come from the faulted runs, which the report does
 * not keep.
 */
export function resilienceMismatches(report: Report): FigureMismatch[] {
  const matrix = report.resilience;
  if (!matrix) return [];
  const found: FigureMismatch[] = [];
  const cells = matrix.cells.map((c): ResilienceCell => {
    const expectation = matrix.faults.find((f) => f.name === c.fault)?.expectation;
    const base = report.scenarios
      .find((s) => s.id === c.scenario)
      ?.results.find((r) => r.server === c.server);
    const redone = { ...c, baseline_passed: base?.task_success?.majority === true };
    redone.resilient = expectation === undefined ? null : cellResilient(expectation, redone);
    const where = { scope: `resilience ${c.scenario} × ${c.fault}`, server: c.server };
    const pick = (x: ResilienceCell) => ({
      fault: expectation === undefined ? '(not in resilience.faults)' : x.fault,
      baseline_passed: x.baseline_passed,
      resilient: x.resilient,
    });
    found.push(...rowMismatches(where, { ...pick(c), fault: c.fault }, pick(redone)));
    return redone;
  });
  // Scores from the re-derived cells: an edited cell is named once, not again in its score.
  const scores = resilienceScores(
    report.servers.map((s) => s.name),
    cells,
  );
  for (const server of new Set([...matrix.scores, ...scores].map((s) => s.server))) {
    const stored = matrix.scores.find((s) => s.server === server);
    const redone = scores.find((s) => s.server === server);
    found.push(...rowMismatches({ scope: 'resilience', server }, stored ?? null, redone ?? null));
  }
  return found;
}
