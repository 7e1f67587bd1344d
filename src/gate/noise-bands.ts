import { countsForVerdicts, present } from '../report/aggregate-scenario.js';
import { RUN_FIGURES, type RunFigure } from '../report/figures.js';
import { mean, quantile } from '../report/quantile.js';
import type { Report, RunResult, ScenarioServerResult } from '../report/types.js';
import { noiseHalfWidth } from './noise-band.js';
import { pairKey } from './rule-kit.js';

/**
 * The baseline's noise bands: half-widths by pairKey(server, `scenario:<id>` or `suite:<name>`),
 * then by column id (`latency_ms:p95`, `tokens:median`). A figure with no entry has no band (one
 * run, or a figure compared exactly) and keeps the exact rule.
 */
export type NoiseBands = Map<string, Record<string, number>>;

const NOISY = RUN_FIGURES.filter((f) => f.noisy);
const SUITE_STATS = { mean, p95: (v: readonly number[]) => quantile(v, 0.95) } as const;

/** A scenario's band per noisy figure: the spread of its own runs (the median's band). */
function scenarioBands(result: ScenarioServerResult): Record<string, number> {
  const counted = result.runs.filter(countsForVerdicts);
  const out: Record<string, number> = {};
  for (const f of NOISY) {
    const half = noiseHalfWidth(present(counted.map((r) => f.read(r))));
    if (half !== null) out[`${f.key}:median`] = half;
  }
  return out;
}

/**
 * A suite's band per noisy figure and statistic: the suite's mean and p95 taken over each
 * repetition apart (run 1 of every scenario, run 2, …), and the spread of those k values. A
 * repetition is what a rerun of the whole suite repeats, so its spread is the rerun's noise,
 * machine load during the run included.
 */
function suiteBands(results: readonly ScenarioServerResult[]): Record<string, number> {
  // The runs the suite's figures are over (aggregate-suite.ts): scored runs of counted scenarios.
  const runs = results
    .filter((r) => !r.absent && (r.task_success !== null || r.runs.length === 0))
    .flatMap((r) => r.runs)
    .filter((r) => r.status === 'ok');
  const repetitions = new Map<number, RunResult[]>();
  for (const run of runs) repetitions.set(run.run, [...(repetitions.get(run.run) ?? []), run]);
  const out: Record<string, number> = {};
  for (const f of NOISY.filter((x: RunFigure) => x.perSuite)) {
    for (const [stat, of] of Object.entries(SUITE_STATS)) {
      const perRepetition = [...repetitions.values()].flatMap((rep) => {
        const values = present(rep.map((r) => f.read(r)));
        return values.length === 0 ? [] : [of(values)];
      });
      const half = noiseHalfWidth(perRepetition);
      if (half !== null) out[`${f.key}:${stat}`] = half;
    }
  }
  return out;
}

/** Every band of a baseline report, for its scenarios and its suites (per server). */
export function noiseBands(base: Report): NoiseBands {
  const bands: NoiseBands = new Map();
  const bySuite = new Map<string, ScenarioServerResult[]>();
  for (const s of base.scenarios)
    for (const r of s.results) {
      if (!r.absent) bands.set(pairKey(r.server, `scenario:${s.id}`), scenarioBands(r));
      const key = pairKey(r.server, `suite:${s.suite}`);
      bySuite.set(key, [...(bySuite.get(key) ?? []), r]);
    }
  for (const [key, results] of bySuite) bands.set(key, suiteBands(results));
  return bands;
}

/** The half-width of one figure's band, or undefined when it has none. */
export const bandOf = (
  bands: ReadonlyMap<string, Readonly<Record<string, number>>>,
  server: string,
  where: string,
  column: string,
): number | undefined => bands.get(pairKey(server, where))?.[column];
