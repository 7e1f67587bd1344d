import { createHash } from 'node:crypto';
import type { ToolDefinition } from '../../trajectory/types.js';
import type { BenchConfig } from '../../config/types.js';
import { discoverability } from '../../metrics/discoverability/discoverability.js';
import { summarizeDiscoverability } from '../../metrics/discoverability/summarize.js';
import { toolDocument } from '../../metrics/discoverability/tool-terms.js';
import type { ScenarioReport, ServerReport } from '../../report/types.js';
import type { Scenario } from '../../scenarios/types.js';
import type { RunOutcome } from '../execute/execute-runs.js';
import type { RunUnit } from '../plan/run-unit.js';

/** The menu a server listed in its first started run (report order), or null if it never started. */
export function firstMenu(
  server: string,
  outcomes: readonly { unit: RunUnit; outcomes: readonly RunOutcome[] }[],
): ToolDefinition[] | null {
  for (const entry of outcomes) {
    if (entry.unit.server !== server) continue;
    for (const o of entry.outcomes) if (o.started) return o.started.tools;
  }
  return null;
}

/**
 * sha256 of what the retriever reads (each tool's name, description and parameter names, in
 * name order): equal hashes mean a PR changed nothing discoverability depends on.
 */
export function menuTextHash(tools: readonly ToolDefinition[]): string {
  const docs = [...tools]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(toolDocument);
  return `sha256:${createHash('sha256').update(JSON.stringify(docs)).digest('hex')}`;
}

/**
 * Adds discoverability to every non-absent scenario × server result and a summary to every
 * server entry, from the menu the server listed (no model involved). Mutates and returns the
 * inputs' copies.
 */
export function attachDiscoverability(input: {
  config: BenchConfig;
  scenarios: readonly Scenario[];
  scenarioReports: ScenarioReport[];
  servers: ServerReport[];
  outcomes: readonly { unit: RunUnit; outcomes: readonly RunOutcome[] }[];
}): { scenarioReports: ScenarioReport[]; servers: ServerReport[] } {
  const menus = new Map(input.servers.map((s) => [s.name, firstMenu(s.name, input.outcomes)]));
  const perServer = new Map<string, ReturnType<typeof discoverability>[]>();
  const scenarioReports = input.scenarioReports.map((report, i) => {
    const scenario = input.scenarios[i];
    return {
      ...report,
      results: report.results.map((result) => {
        const menu = menus.get(result.server);
        const serverConfig = input.config.servers[result.server];
        const key = serverConfig?.scenarioKey ?? result.server;
        const expected = scenario?.expected_tools[key];
        if (result.absent || !menu || !scenario || expected === undefined) {
          return { ...result, discoverability: null };
        }
        const found = discoverability(menu, scenario.intent, expected, serverConfig?.router?.tool);
        perServer.set(result.server, [...(perServer.get(result.server) ?? []), found]);
        return { ...result, discoverability: found };
      }),
    };
  });
  const servers = input.servers.map((server) => {
    const menu = menus.get(server.name);
    const summary = summarizeDiscoverability(perServer.get(server.name) ?? []);
    return {
      ...server,
      discoverability:
        menu && summary && server.menu
          ? { ...summary, menu_tokens: server.menu.total, menu_text_hash: menuTextHash(menu) }
          : null,
    };
  });
  return { scenarioReports, servers };
}
