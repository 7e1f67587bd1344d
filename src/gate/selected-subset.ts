import type { Report, ReportSelection } from '../report/types.js';

/** The baseline narrowed to what a selecting PR asked for, and the one line that says so. */
export interface SelectedBaseline {
  base: Report;
  /** Null when the PR selected nothing (a whole run): the baseline is used as it is. */
  note: string | null;
}

const selects = (sel: ReportSelection, server: string): boolean =>
  sel.servers.length === 0 || sel.servers.includes(server);

const selectsScenario = (sel: ReportSelection, suite: string, id: string): boolean =>
  (sel.suites.length === 0 || sel.suites.includes(suite)) &&
  (sel.scenarios.length === 0 || sel.scenarios.includes(id));

function describe(sel: ReportSelection): string {
  const parts = [
    sel.servers.length > 0 ? `server(s) ${sel.servers.join(', ')}` : '',
    sel.suites.length > 0 ? `suite(s) ${sel.suites.join(', ')}` : '',
    sel.scenarios.length > 0 ? `scenario(s) ${sel.scenarios.join(', ')}` : '',
  ].filter(Boolean);
  return parts.join('; ');
}

/**
 * A PR job that selects servers, suites or scenarios (`report.settings.selection`) is compared
 * only with the same selection of its baseline: what it did not select is neither "missing in
 * this PR" (with advice to declare renames nobody made) nor part of any figure. Suite rows are
 * compared only when whole suites were selected (a few scenarios of a suite are not the suite).
 * Pure: returns a new report.
 */
export function selectedBaseline(report: Report, base: Report): SelectedBaseline {
  const sel = report.settings.selection;
  if (!sel) return { base, note: null };
  const servers = base.servers.filter((s) => selects(sel, s.name));
  const scenarios = base.scenarios
    .filter((s) => selectsScenario(sel, s.suite, s.id))
    .map((s) => ({ ...s, results: s.results.filter((r) => selects(sel, r.server)) }));
  const wholeSuites = sel.scenarios.length === 0;
  const suites = wholeSuites
    ? base.suites
        .filter((s) => sel.suites.length === 0 || sel.suites.includes(s.suite))
        .map((s) => ({ ...s, results: s.results.filter((r) => selects(sel, r.server)) }))
    : [];
  const leftOut =
    base.servers.length -
    servers.length +
    base.scenarios.length -
    base.scenarios.filter((s) => selectsScenario(sel, s.suite, s.id)).length;
  const note =
    `This PR ran a subset (${describe(sel)}): only what both sides ran is compared` +
    (leftOut > 0 ? '; the rest of the baseline was not selected and is not judged' : '') +
    (wholeSuites ? '.' : '; suite rows are not compared (a few scenarios are not the suite).');
  return {
    base: {
      ...base,
      manifest: {
        ...base.manifest,
        scenarios: base.manifest.scenarios.filter((id) => scenarios.some((s) => s.id === id)),
      },
      servers,
      scenarios,
      suites,
      overall: base.overall.filter((o) => selects(sel, o.server)),
    },
    note,
  };
}

/**
 * A selecting PR that shares no scenario run with its baseline compares nothing: one reason,
 * naming what it ran (a server renamed and selected under its new name would otherwise pass).
 */
export function nothingInCommon(report: Report, whole: Report, base: Report | null): string[] {
  const ran = (r: Report): Set<string> =>
    new Set(
      r.scenarios.flatMap((s) =>
        s.results.filter((x) => !x.absent).map((x) => `${x.server}\u0000${s.id}`),
      ),
    );
  const before = ran(base ?? whole);
  const shared = [...ran(report)].filter((k) => before.has(k));
  if (shared.length > 0 || ran(whole).size === 0) return [];
  const servers = report.servers.map((s) => s.name).join(', ');
  return [
    `nothing this PR ran is in the baseline: it selected ${servers} and ${report.manifest.scenarios.length} scenario(s), none of which the baseline ran (declare a renamed server or scenario under "renames" in the thresholds)`,
  ];
}
