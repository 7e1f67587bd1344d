import { gatedFigures, isSuiteFigure, type RunFigure } from '../report/figures.js';
import { bothRan, bothSuites, limitOf, type GateRule, type RuleContext } from './rule-kit.js';
import type { Regression } from './types.js';

/** `scenario-api-calls`, `suite-latency-p95`: a figure rule's name, from its level and metric. */
const ruleName = (f: RunFigure): string =>
  `${f.gate?.level ?? 'scenario'}-${(f.gate?.metric ?? f.key).replaceAll('_', '-')}`;

const thresholdOf = (f: RunFigure, context: RuleContext) =>
  context.thresholds.figures[f.gate?.thresholdKey ?? ''] ?? { kind: 'off' as const };

/** A scenario's median regresses when it leaves the baseline's upper quartile widened by the threshold. */
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
        const limit = limitOf(was.q3, thresholdOf(f, context));
        if (limit !== null && now.median > limit)
          regressions.push({
            metric: f.gate?.metric ?? f.key,
            server: cur.server,
            where: `scenario:${id}`,
            baseline: was.median,
            current: now.median,
            limit,
          });
      }
      return { regressions };
    },
  };
}

/** A suite's p95 regresses when it rises above the baseline's p95 widened by the threshold. */
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
        const limit = limitOf(was.p95, thresholdOf(f, context));
        if (limit !== null && now.p95 > limit)
          regressions.push({
            metric: f.gate?.metric ?? f.key,
            server: cur.server,
            where: `suite:${suite}`,
            baseline: was.p95,
            current: now.p95,
            limit,
          });
      }
      return { regressions };
    },
  };
}

/** One rule per gated run figure of RUN_FIGURES at that level, in the table's order. */
export const figureRules = (level: 'scenario' | 'suite'): GateRule[] =>
  gatedFigures(level).map(level === 'scenario' ? scenarioRule : suiteRule);
