import type { PublishModel } from './model.js';
import { classificationSection, findingSections } from './view-findings.js';
import { headerSections, introBlocks } from './view-header.js';
import { menuSection, resilienceSection } from './view-menus.js';
import { otherSection, provenanceSection, scenarioSections } from './view-scenarios.js';
import { scoreSections } from './view-scores.js';
import type { Section, View } from './view-types.js';

/**
 * The one model both renderings show (the results page and the dashboard): what ran and at
 * which commits, what changed, the scoreboard overall and per suite, tool calls by outcome, model
 * cost, tool menus with discoverability, resilience, why each non-passing scenario did not pass,
 * findings (safety, errored runs, route misses, swallowed errors, state kept), per-scenario
 * tables, provenance and caveats. Pure: same model, same view.
 */
export function buildView(model: PublishModel): View {
  const sections: Section[] = [
    ...headerSections(model),
    ...scoreSections(model.report),
    menuSection(model.report),
    ...[resilienceSection(model.report)].filter((s) => s !== null),
    classificationSection(model),
    ...findingSections(model.report),
    ...scenarioSections(model.report),
    provenanceSection(model.report),
    ...[otherSection(model.report)].filter((s) => s !== null),
  ];
  return {
    title: `hpe-mcp-bench head-to-head results ${model.version}`,
    intro: introBlocks(model),
    sections,
  };
}
