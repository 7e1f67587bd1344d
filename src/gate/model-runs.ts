import type { Report, ScenarioServerResult } from '../report/types.js';
import { fisherLowerTail } from './fisher-exact.js';
import type { Regression } from './types.js';

/** The level below which a model-driven task-success drop is flagged (one-sided Fisher). */
export const LLM_SIGNIFICANCE = 0.05;
/** Runs each side needs before a model-driven drop is tested at all. */
export const LLM_MIN_RUNS = 5;

const passes = (verdict: ScenarioServerResult['task_success']): [number, number] | null =>
  verdict ? [verdict.per_run.filter(Boolean).length, verdict.per_run.length] : null;

/**
 * A scenario's task-success regression. Scripted runs keep the exact rule: a majority pass that
 * became a majority failure. Model-driven runs are noisy, so a drop is flagged only when a
 * one-sided Fisher's exact test on the two pass rates gives p < {@link LLM_SIGNIFICANCE}, with at
 * least {@link LLM_MIN_RUNS} runs each side (with 5 and 5: 5/5 → 1/5 or 0/5 is flagged, 5/5 →
 * 2/5 is not). `limit` is then the significance level and `current` the p-value's pass rate.
 */
export function taskSuccessRegression(
  id: string,
  old: ScenarioServerResult,
  cur: ScenarioServerResult,
  modelDriven: boolean,
): Regression | null {
  if (!modelDriven) {
    const was = old.task_success?.majority;
    const now = cur.task_success?.majority;
    return was === true && now === false
      ? {
          metric: 'task_success',
          server: cur.server,
          where: `scenario:${id}`,
          baseline: 1,
          current: 0,
          limit: 1,
        }
      : null;
  }
  const a = passes(old.task_success);
  const b = passes(cur.task_success);
  if (!a || !b || a[1] < LLM_MIN_RUNS || b[1] < LLM_MIN_RUNS) return null;
  const p = fisherLowerTail(a[0], a[1], b[0], b[1]);
  if (p >= LLM_SIGNIFICANCE) return null;
  return {
    metric: 'task_success',
    server: cur.server,
    where: `scenario:${id} (Fisher p = ${Math.round(p * 10000) / 10000})`,
    baseline: Math.round((a[0] / a[1]) * 1000) / 1000,
    current: Math.round((b[0] / b[1]) * 1000) / 1000,
    limit: LLM_SIGNIFICANCE,
  };
}

/** One note per scenario × server whose replay diverged from its recording. */
export function divergedNotes(report: Report): string[] {
  const notes: string[] = [];
  for (const s of report.scenarios) {
    for (const r of s.results) {
      const first = r.runs.find((run) => run.status === 'diverged');
      if (!first) continue;
      const message = first.error?.message ?? 'diverged';
      notes.push(
        `Replay diverged for ${r.server} ${s.id} (${r.diverged ?? 1} run(s)): ${message}. Not a server failure; re-record the cassettes.`,
      );
    }
  }
  return notes;
}
