import { renderSummaryMarkdown } from '../report/render-summary.js';
import type { Report } from '../report/types.js';
import { compareToBaseline, type BaselineInput } from './compare-to-baseline.js';
import { renderComment, renderFullComparison } from './render-comment.js';
import { notComparableSection } from './render-comparability.js';
import { GATE_RULES } from './rules.js';
import type { GateRule } from './rule-kit.js';
import type { Thresholds } from './thresholds.js';
import type { Verdict } from './types.js';

/** What the gate decided and the markdown every front end shows. */
export interface GateResult {
  verdict: Verdict;
  /** The PR comment (cut to GitHub's comment limit). */
  comment: string;
  /** The full comparison plus the per-suite summary (job summary, `compare --out`). */
  summary: string;
}

/**
 * summary.md of a gated run: the report's summary, after the "not comparable" section when the
 * verdict refused its baseline (a reader of the file alone must not take its figures as compared).
 */
export function gatedSummaryMarkdown(report: Report, verdict: Verdict): string {
  const refused = notComparableSection(verdict);
  return (refused.length > 0 ? `${refused.join('\n')}\n` : '') + renderSummaryMarkdown(report);
}

/**
 * The one gate, for the action, the CLI's `compare` and any other CI: the report against the
 * baseline (null: cold start) under the thresholds. Pure: data in, verdict and markdown out.
 */
export function gate(
  report: Report,
  baseline: BaselineInput | null,
  thresholds: Thresholds,
  rules: readonly GateRule[] = GATE_RULES,
): GateResult {
  const verdict = compareToBaseline(report, baseline, thresholds, rules);
  return {
    verdict,
    comment: renderComment(report, verdict),
    summary: `${renderFullComparison(report, verdict)}\n### Per suite\n\n${renderSummaryMarkdown(report)}`,
  };
}
