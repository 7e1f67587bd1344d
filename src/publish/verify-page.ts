import { escapeMarkdown } from '../report/markdown-escape.js';
import type { FigureMismatch } from '../report/figure-diff.js';
import type { Report } from '../report/types.js';
import { figuresDigest, recordedDigest } from './page-identity.js';
import { renderResultsPage } from './render-page.js';
import type { ScenarioInfo } from './model.js';
import { scenarioSections } from './view-scenarios.js';
import { pickSection, standingSection } from './view-pick.js';
import { scoreSections } from './view-scores.js';

/**
 * `verify --page`: does a published results page (or dashboard) show the figures of the report
 * it was made from? Two checks, the cheapest honest pair:
 *
 * 1. The figures digest the page ends with (page-identity.ts) must be the report's: it is the
 *    sha256 of every byte of the report but its timing keys, so equal digests mean the page was
 *    rendered from these verdicts, counts, tokens and calls.
 * 2. Timing (latency) is left out of that digest, so a markdown page's sections that show
 *    figures and depend on the report alone (the scoreboard, each suite's, the per-scenario
 *    tables, the ranking) are rendered again from the report and must equal the page's, line
 *    for line; so is "Which server for which job", with the scenarios' platforms read from
 *    their manifests as publish read them (a page of 0.5.0 showed one server's figures under
 *    another's name, with the right digest).
 *
 * A dashboard (HTML) gets the digest check only: its latency cells are the same view as the
 * markdown page's (render-agreement.test.ts), so verify the page beside it for those.
 */

/** One section of a markdown document: its heading line and the lines under it. */
interface PageSection {
  heading: string;
  lines: string[];
}

function sectionsOf(markdown: string): PageSection[] {
  const out: PageSection[] = [];
  for (const line of markdown.split('\n')) {
    if (/^#{2,6} /.test(line)) out.push({ heading: line, lines: [] });
    else out.at(-1)?.lines.push(line);
  }
  // Blank lines at either end are layout (Prettier's), not content.
  return out.map((s) => ({ ...s, lines: s.lines.join('\n').trim().split('\n') }));
}

/**
 * The headings of the sections rendered again. The job table and the ranking only for a page of
 * the verifying harness's version: their jobs come from today's manifests and their wording
 * from today's code, so a page an older harness published (docs/ keeps them) would differ in
 * words, not figures.
 */
function checkedHeadings(
  report: Report,
  scenarioInfo: Readonly<Record<string, ScenarioInfo>>,
  sameHarness: boolean,
): string[] {
  const pick = pickSection({
    report,
    scenarioInfo,
    version: '',
    classifications: [],
    couldNotRun: [],
    sources: {},
  });
  return [
    ...(sameHarness && pick ? [pick] : []),
    ...(sameHarness ? [standingSection(report)] : []),
    ...scoreSections(report),
    ...scenarioSections(report),
  ].map((s) => `${'#'.repeat(s.level)} ${escapeMarkdown(s.title)}`);
}

const isHtml = (text: string): boolean => /^\s*<(!doctype|html)/i.test(text);

/** Where page and re-rendering first differ in a section, as a mismatch of that section. */
function sectionMismatch(
  scope: string,
  heading: string,
  page: PageSection | undefined,
  again: PageSection,
): FigureMismatch | null {
  if (!page)
    return { scope, server: null, figure: heading, stored: '(missing)', recomputed: '(present)' };
  const n = Math.max(page.lines.length, again.lines.length);
  for (let i = 0; i < n; i += 1) {
    if (page.lines[i] !== again.lines[i])
      return {
        scope,
        server: null,
        figure: `${heading} (line ${i + 1})`,
        stored: page.lines[i] ?? '(no line)',
        recomputed: again.lines[i] ?? '(no line)',
      };
  }
  return null;
}

/**
 * The figures of `text` (a page or dashboard, shown as `file`) that do not follow from `report`;
 * none: the page shows the report's figures.
 */
export function verifyPage(
  file: string,
  text: string,
  report: Report,
  context: {
    /** The scenarios' intents and platforms, as publish read them (scenario-info.ts). */
    scenarioInfo?: Readonly<Record<string, ScenarioInfo>>;
    /** The verifying harness's version: a page of this version gets every section checked. */
    harness?: string;
  } = {},
): FigureMismatch[] {
  const scenarioInfo = context.scenarioInfo ?? {};
  const scope = `page ${file}`;
  const recorded = recordedDigest(text);
  const digest = figuresDigest(report);
  const found: FigureMismatch[] = [];
  if (recorded !== digest)
    found.push({
      scope,
      server: null,
      figure: 'figures digest',
      stored: recorded ?? '(none: published before pages carried one)',
      recomputed: digest,
    });
  if (isHtml(text)) return found;
  const page = sectionsOf(text);
  const again = sectionsOf(
    renderResultsPage({
      report,
      scenarioInfo,
      version: report.harness.version,
      classifications: [],
      couldNotRun: [],
      sources: {},
    }),
  );
  const seen = new Map<string, number>();
  for (const heading of checkedHeadings(
    report,
    scenarioInfo,
    context.harness === report.harness.version,
  )) {
    // A heading may repeat (a suite's name under two parents): match the n-th with the n-th.
    const nth = seen.get(heading) ?? 0;
    seen.set(heading, nth + 1);
    const pick = (list: PageSection[]) => list.filter((s) => s.heading === heading)[nth];
    const rendered = pick(again);
    if (!rendered) continue;
    const mismatch = sectionMismatch(scope, heading, pick(page), rendered);
    if (mismatch) found.push(mismatch);
  }
  return found;
}
