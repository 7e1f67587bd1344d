import { gatedFigures, isSuiteFigure, type RunFigure } from '../report/figures.js';
import { bothRan, bothSuites, limitOf, type GateRule, type RuleContext } from './rule-kit.js';
import { bandOf } from './noise-bands.js';
import type { Regression } from './types.js';

/** `scenario-api-calls`, `suite-latency-p95`: a figure rule's name, from its level and metric. */
const ruleName = (f: RunFigure): string =>
  `${f.gate?.level ?? 'scenario'}-${(f.gate?.metric ?? f.key).replaceAll('_', '-')}`;

const thresholdOf = (f: RunFigure, context: RuleContext) =>
  context.thresholds.figures[f.gate?.thresholdKey ?? ''] ?? { kind: 'off' as const };

/**
 * The threshold's limit, raised to the top of the baseline's noise band when the figure is noisy
 * and the band reaches higher: a value inside the band is noise and cannot fail. Null: off.
 */
function bandedLimit(
  f: RunFigure,
  context: RuleContext,
  at: { server: string; where: string; stat: 'median' | 'p95'; centre: number; widened: number },
): { limit: number; band?: number } | null {
  const limit = limitOf(at.widened, thresholdOf(f, context));
  if (limit === null) return null;
  const band = f.noisy
    ? bandOf(context.bands, at.server, at.where, `${f.key}:${at.stat}`)
    : undefined;
  if (band === undefined) return { limit };
  return { limit: Math.max(limit, at.centre + band), band };
}

/**
 * A scenario's median regresses when it leaves the baseline's upper quartile widened by the
 * threshold (and, for a noisy figure, the baseline's noise band).
 */
function scenarioRule(f: RunFigure): GateRule {
  return {
    name: ruleName(f),
    absolute: false,
    check(context) {
      if (f.tokenizer && !context.tokensComparable) return {};
      const regressions: Regression[] = [];
      for (const { id, cur, old } of bothRan(context)) {
        const was = old[f.key];
        const now = cur[f.key];
        if (!was || !now) continue;
        const where = `scenario:${id}`;
        const at = { server: cur.server, where, stat: 'median' as const, centre: was.median };
        const found = bandedLimit(f, context, { ...at, widened: was.q3 });
        if (found !== null && now.median > found.limit)
          regressions.push({
            metric: f.gate?.metric ?? f.key,
            server: cur.server,
            where,
            baseline: was.median,
            current: now.median,
            ...found,
          });
      }
      return { regressions };
    },
  };
}

/**
 * A suite's p95 regresses when it rises above the baseline's p95 widened by the threshold (and,
 * for a noisy figure, the baseline's noise band).
 */
function suiteRule(f: RunFigure): GateRule {
  const key = isSuiteFigure(f.key) ? f.key : null;
  return {
    name: ruleName(f),
    absolute: false,
    check(context) {
      if (key === null || (f.tokenizer && !context.tokensComparable)) return {};
      const regressions: Regression[] = [];
      for (const { suite, cur, old } of bothSuites(context)) {
        const was = old[key];
        const now = cur[key];
        if (!was || !now) continue;
        const where = `suite:${suite}`;
        const at = { server: cur.server, where, stat: 'p95' as const, centre: was.p95 };
        const found = bandedLimit(f, context, { ...at, widened: was.p95 });
        if (found !== null && now.p95 > found.limit)
          regressions.push({
            metric: f.gate?.metric ?? f.key,
            server: cur.server,
            where,
            baseline: was.p95,
            current: now.p95,
            ...found,
          });
      }
      return { regressions };
    },
  };
}

/** One rule per gated run figure of RUN_FIGURES at that level, in the table's order. */
export const figureRules = (level: 'scenario' | 'suite'): GateRule[] =>
  gatedFigures(level).map(level === 'scenario' ? scenarioRule : suiteRule);
