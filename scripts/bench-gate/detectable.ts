/**
 * The smallest change the gate's default thresholds detect with 5 runs, computed from the
 * rules themselves (not measured): task success from the majority rule (scripted) and Fisher's
 * exact test (model runs), tokens and API calls from the figure rule (the PR's median must
 * exceed the baseline's upper quartile widened by the threshold, `limitOf`, raised to the top
 * of the baseline's noise band for a noisy figure, as figure-rules.ts does) applied to each
 * scenario of real baselines. Pure.
 */
import { fisherLowerTail } from '../../src/gate/fisher-exact.js';
import { LLM_SIGNIFICANCE } from '../../src/gate/model-runs.js';
import { bandOf, noiseBands } from '../../src/gate/noise-bands.js';
import { limitOf } from '../../src/gate/rule-kit.js';
import { RUN_FIGURES } from '../../src/report/figures.js';
import type { Thresholds } from '../../src/gate/thresholds.js';
import type { Report } from '../../src/report/types.js';

export const RUNS = 5;

export interface FigureEffect {
  figure: 'tokens' | 'api_calls';
  thresholdKey: string;
  threshold: string;
  /** Per scenario of the baseline: the smallest rise of the median that fails, relative to it. */
  relative: { min: number; median: number; max: number } | null;
  /** The same in the figure's unit (tokens, calls). */
  absolute: { min: number; median: number; max: number } | null;
  scenarios: number;
}

export interface DetectableEffect {
  /** Scripted runs: one scenario turning from a majority pass to a majority fail (≥3 of 5 → ≤2 of 5). */
  scriptedRunsToFlip: number;
  /** Model runs from 5/5 passing: the most passes out of 5 that Fisher's test still flags. */
  modelPassesFlagged: number;
  modelP: number;
  /** Per server: the smallest suite share one failing scenario is (the suite rule's step). */
  suiteStep: { server: string; smallest: number; largest: number }[];
  figures: FigureEffect[];
}

const THRESHOLD_KEY = { tokens: 'token-usage', api_calls: 'api-call-count' } as const;

function spreadOf(values: number[]) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return {
    min: sorted[0] as number,
    median: sorted[Math.floor(sorted.length / 2)] as number,
    max: sorted[sorted.length - 1] as number,
  };
}

const thresholdText = (t: Thresholds, key: string): string => {
  const th = t.figures[key] ?? { kind: 'off' };
  return th.kind === 'off'
    ? 'off'
    : th.kind === 'relative'
      ? `${Math.round(th.fraction * 1000) / 10}%`
      : String(th.value);
};

function figureEffect(
  bases: readonly Report[],
  t: Thresholds,
  figure: 'tokens' | 'api_calls',
): FigureEffect {
  const key = THRESHOLD_KEY[figure];
  const threshold = t.figures[key] ?? { kind: 'off' as const };
  const noisy = RUN_FIGURES.find((f) => f.key === figure)?.noisy === true;
  const rel: number[] = [];
  const abs: number[] = [];
  for (const base of bases) {
    const bands = noiseBands(base);
    for (const s of base.scenarios)
      for (const r of s.results) {
        const spread = r[figure];
        if (!spread || spread.median <= 0) continue;
        const widened = limitOf(spread.q3, threshold);
        if (widened === null) continue;
        const band = noisy
          ? bandOf(bands, r.server, `scenario:${s.id}`, `${figure}:median`)
          : undefined;
        const limit = band === undefined ? widened : Math.max(widened, spread.median + band);
        // The rule fails when the PR's median is above the limit: tokens and calls are whole
        // numbers, so the smallest failing median is the next whole number above it.
        const smallest = Math.floor(limit) + 1;
        abs.push(smallest - spread.median);
        rel.push((smallest - spread.median) / spread.median);
      }
  }
  return {
    figure,
    thresholdKey: key,
    threshold: thresholdText(t, key),
    relative: spreadOf(rel),
    absolute: spreadOf(abs),
    scenarios: rel.length,
  };
}

export function detectableEffect(baselines: readonly Report[], t: Thresholds): DetectableEffect {
  let flagged = -1;
  let p = 1;
  for (let k = RUNS; k >= 0; k -= 1) {
    const q = fisherLowerTail(RUNS, RUNS, k, RUNS);
    if (q < LLM_SIGNIFICANCE) {
      flagged = k;
      p = q;
      break;
    }
  }
  // One entry per server: the plants' and the reruns' baselines of a server are two reports of
  // the same suites, and the doc listed the server once per report.
  const steps = new Map<string, { server: string; smallest: number; largest: number }>();
  for (const b of baselines)
    for (const srv of b.servers) {
      const sizes = b.suites
        .flatMap((s) => s.results)
        .filter((r) => r.server === srv.name && r.task_success.of > 0)
        .map((r) => r.task_success.of);
      if (sizes.length === 0) continue;
      const seen = steps.get(srv.name);
      const smallest = 1 / Math.max(...sizes);
      const largest = 1 / Math.min(...sizes);
      steps.set(srv.name, {
        server: srv.name,
        smallest: Math.min(smallest, seen?.smallest ?? smallest),
        largest: Math.max(largest, seen?.largest ?? largest),
      });
    }
  const suiteStep = [...steps.values()];
  return {
    scriptedRunsToFlip: Math.floor(RUNS / 2) + 1,
    modelPassesFlagged: flagged,
    modelP: p,
    suiteStep,
    figures: [figureEffect(baselines, t, 'tokens'), figureEffect(baselines, t, 'api_calls')],
  };
}
