import type { PublishModel } from './model.js';
import { classificationSection, findingSections } from './view-findings.js';
import { headerSections, introBlocks } from './view-header.js';
import { menuSection, resilienceSection } from './view-menus.js';
import { otherSection, provenanceSection, scenarioSections } from './view-scenarios.js';
import { scoreSections } from './view-scores.js';
import { absenceSection, failureSection, suiteSection } from './view-failures.js';
import { pickSection, standingSection } from './view-pick.js';
import { toolSurfaceSection } from './view-surface.js';
import type { Block, Cell, Inline, Section, Span, View } from './view-types.js';

// A cell is one line in markdown, so it is one line in both renderings (a server's stderr quoted
// in a cause keeps its words, not its line breaks).
const flat = (text: string): string => text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ');
const flatSpan = (s: Span): Span => ({ ...s, text: flat(s.text) });
function flatInline(i: Inline): Inline {
  if (typeof i === 'string') return flat(i);
  return Array.isArray(i) ? (i as readonly Span[]).map(flatSpan) : flatSpan(i as Span);
}
const flatCell = (c: Cell): Cell =>
  typeof c === 'object' && 'lines' in c ? { lines: c.lines.map(flatInline) } : flatInline(c);
const flatBlock = (b: Block): Block =>
  b.kind === 'table'
    ? { ...b, table: { ...b.table, rows: b.table.rows.map((r) => r.map(flatCell)) } }
    : b.kind === 'p' || b.kind === 'warn'
      ? { ...b, text: flatInline(b.text) }
      : b.kind === 'list'
        ? { ...b, items: b.items.map(flatInline) }
        : b;

/**
 * The one model both renderings show (the results page and the dashboard): what ran and at
 * which commits, what changed, the scoreboard overall and per suite, tool calls by outcome, model
 * cost, tool menus with discoverability, resilience, why each non-passing scenario did not pass,
 * findings (safety, errored runs, route misses, swallowed errors, state kept), per-scenario
 * tables, provenance and caveats. Pure: same model, same view.
 */
export function buildView(model: PublishModel): View {
  // The answer first (which server for which job, the scoreboard on equal terms, what failed
  // and why), then what ran and the detail; provenance is collapsed in the dashboard.
  const collapse = (s: Section): Section =>
    ['what-ran', 'servers', 'fixtures'].includes(s.id) ? { ...s, collapsed: true } : s;
  const sections: Section[] = [
    ...[pickSection(model)].filter((s) => s !== null),
    standingSection(model.report),
    failureSection(model),
    ...[absenceSection(model)].filter((s) => s !== null),
    suiteSection(model),
    ...[toolSurfaceSection(model.report, model)].filter((s) => s !== null),
    ...headerSections(model).map(collapse),
    ...scoreSections(model.report),
    menuSection(model.report),
    ...[resilienceSection(model.report)].filter((s) => s !== null),
    classificationSection(model),
    ...findingSections(model.report),
    ...scenarioSections(model.report),
    { ...provenanceSection(model.report), collapsed: true },
    ...[otherSection(model.report)].filter((s) => s !== null),
  ];
  return {
    title: `hpe-mcp-bench head-to-head results ${model.version}`,
    intro: introBlocks(model).map(flatBlock),
    sections: sections.map((s) => ({ ...s, blocks: s.blocks.map(flatBlock) })),
  };
}
