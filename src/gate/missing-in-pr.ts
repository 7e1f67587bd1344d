import type { Report } from '../report/types.js';
import type { GateRule } from './rule-kit.js';
import type { Thresholds } from './thresholds.js';

const renamed = (names: Record<string, string>, name: string): string => names[name] ?? name;

/**
 * The baseline read under the thresholds' `renames` (baseline name → PR name), so that an
 * intentionally renamed server or scenario is compared with its old self instead of being
 * reported missing. Pure: returns a new report, the input is not changed.
 */
export function applyRenames(base: Report, renames: Thresholds['renames']): Report {
  const server = (name: string): string => renamed(renames.servers, name);
  const scenario = (id: string): string => renamed(renames.scenarios, id);
  if (Object.keys(renames.servers).length + Object.keys(renames.scenarios).length === 0)
    return base;
  return {
    ...base,
    manifest: { ...base.manifest, scenarios: base.manifest.scenarios.map(scenario) },
    servers: base.servers.map((s) => ({ ...s, name: server(s.name) })),
    scenarios: base.scenarios.map((s) => ({
      ...s,
      id: scenario(s.id),
      results: s.results.map((r) => ({ ...r, server: server(r.server) })),
    })),
    suites: base.suites.map((s) => ({
      ...s,
      results: s.results.map((r) => ({ ...r, server: server(r.server) })),
    })),
    overall: base.overall.map((o) => ({ ...o, server: server(o.server) })),
  };
}

/** Lines for the comment: the renames and retirements the thresholds declared. */
export function declaredChanges(thresholds: Thresholds): string[] {
  const lines: string[] = [];
  const pairs = (m: Record<string, string>): string =>
    Object.entries(m)
      .map(([from, to]) => `${from} → ${to}`)
      .join(', ');
  if (Object.keys(thresholds.renames.servers).length > 0)
    lines.push(
      `Servers renamed since the baseline (thresholds): ${pairs(thresholds.renames.servers)}`,
    );
  if (Object.keys(thresholds.renames.scenarios).length > 0)
    lines.push(
      `Scenarios renamed since the baseline (thresholds): ${pairs(thresholds.renames.scenarios)}`,
    );
  if (thresholds.retired.servers.length > 0)
    lines.push(`Servers retired on purpose (thresholds): ${thresholds.retired.servers.join(', ')}`);
  if (thresholds.retired.scenarios.length > 0)
    lines.push(
      `Scenarios retired on purpose (thresholds): ${thresholds.retired.scenarios.join(', ')}`,
    );
  return lines;
}

const LIST_AT_MOST = 20;
const listed = (names: readonly string[]): string =>
  names.length <= LIST_AT_MOST
    ? names.join(', ')
    : `${names.slice(0, LIST_AT_MOST).join(', ')} and ${names.length - LIST_AT_MOST} more`;

/**
 * `missing-in-pr`: every server and every scenario × server the baseline ran must run in the PR
 * too. Without it a PR that renames its server, drops a scenario from the manifest, or removes a
 * server's `expected_tools` entry (making it `absent`) compares nothing and passes. Intentional
 * changes are declared in the thresholds (`renames`, `retired`) and stated in the comment.
 * A shard checks servers only: its scenarios are a slice, and the merge job, which refuses a
 * missing shard, checks the whole manifest.
 */
export const missingInPr: GateRule = {
  name: 'missing-in-pr',
  absolute: true,
  check({ report, anyBase, thresholds }) {
    if (!anyBase) return {};
    const retiredServers = new Set(thresholds.retired.servers);
    const retiredScenarios = new Set(thresholds.retired.scenarios);
    const prServers = new Set(report.servers.map((s) => s.name));
    const reasons: string[] = [];
    const ranInBase = new Set(
      anyBase.scenarios.flatMap((s) => s.results.filter((r) => !r.absent).map((r) => r.server)),
    );
    const goneServers = anyBase.servers
      .map((s) => s.name)
      .filter((name) => ranInBase.has(name) && !prServers.has(name) && !retiredServers.has(name));
    if (goneServers.length > 0)
      reasons.push(
        `missing in this PR: server(s) ${listed(goneServers)} ran in the baseline but not here (declare an intentional change under "renames" or "retired" in the thresholds)`,
      );
    if (report.settings.shard) return { reasons };
    const ranInPr = new Set(
      report.scenarios.flatMap((s) =>
        s.results.filter((r) => !r.absent).map((r) => `${r.server}\u0000${s.id}`),
      ),
    );
    const gone: string[] = [];
    for (const s of anyBase.scenarios) {
      if (retiredScenarios.has(s.id)) continue;
      for (const r of s.results) {
        if (r.absent || !prServers.has(r.server) || retiredServers.has(r.server)) continue;
        if (!ranInPr.has(`${r.server}\u0000${s.id}`)) gone.push(`${r.server}: ${s.id}`);
      }
    }
    if (gone.length > 0)
      reasons.push(
        `missing in this PR: ${gone.length} scenario run(s) of the baseline did not run here: ${listed(gone)} (a dropped scenario, or an expected_tools entry removed; declare an intentional change under "renames" or "retired" in the thresholds)`,
      );
    return { reasons };
  },
};
