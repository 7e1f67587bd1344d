import type { ResilienceCell } from '../report/resilience-types.js';
import type { Report } from '../report/types.js';
import type { ResilienceComparison } from './types.js';

const matrixOf = (report: Report): string =>
  JSON.stringify(report.resilience?.faults.map((f) => [f.name, f.plan]) ?? []);

const key = (c: ResilienceCell): string => `${c.scenario} × ${c.fault}`;

/**
 * One row per server of this report's resilience matrix, with the baseline's score when the
 * baseline ran the matrix too. Empty when this report has no `resilience` (no `--resilience`).
 */
export function compareResilience(report: Report, base: Report | null): ResilienceComparison[] {
  const current = report.resilience;
  if (!current) return [];
  const before = base?.resilience ?? null;
  const sameMatrix = before !== null && base !== null && matrixOf(base) === matrixOf(report);
  return current.scores.map((s) => {
    const old = before?.scores.find((b) => b.server === s.server) ?? null;
    const wasResilient = new Set(
      (before?.cells ?? []).filter((c) => c.server === s.server && c.resilient === true).map(key),
    );
    const lost = sameMatrix
      ? current.cells
          .filter((c) => c.server === s.server && c.resilient === false && wasResilient.has(key(c)))
          .map(key)
      : [];
    return {
      server: s.server,
      score: { baseline: old?.score ?? null, current: s.score },
      resilient: s.resilient,
      exercised: s.exercised,
      lost,
      matrixChanged: before !== null && !sameMatrix,
    };
  });
}
