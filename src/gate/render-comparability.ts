import { escapeMarkdown as md } from '../report/markdown-escape.js';
import { markdownTable } from '../report/markdown-table.js';
import { refusedBaseline } from './comparability.js';
import type { Verdict } from './types.js';

/**
 * The "not comparable" section: one row per setting that differs, baseline against this PR, and
 * what to do. Empty unless the verdict refused the baseline (under `warn` a note says it).
 */
export function notComparableSection(verdict: Verdict): string[] {
  if (!refusedBaseline(verdict)) return [];
  const differences = verdict.comparability?.differences ?? [];
  return [
    '**Not comparable with the baseline**: it was made with other settings, so no metric was compared against it (rule `not-comparable: fail`, docs/gate.md).',
    '',
    markdownTable(
      ['setting', 'baseline', 'this PR'],
      ['left', 'left', 'left'],
      differences.map((d) => [md(d.setting), md(d.baseline), md(d.current)]),
    ).trimEnd(),
    '',
    'If the change is intended, the next run on the default branch saves a baseline with these settings; until then `not-comparable: warn` in the thresholds passes with a warning.',
    '',
  ];
}
