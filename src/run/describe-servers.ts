import type { BenchConfig } from '../config/types.js';
import type { ServerReport } from '../report/types.js';
import { defaultServersFile, loadComparedServers } from '../scenarios/compared-servers.js';
import { menuBreakdown, type TokenizerName } from '../tokens/count-tokens.js';
import type { RunOutcome, RunUnit } from './execute-runs.js';
import { gitHead } from './provenance.js';

/** Heaviest tools listed per server in the report. */
export const HEAVIEST_TOOLS = 10;

export interface DescribeInput {
  config: BenchConfig;
  servers: readonly string[];
  root: string;
  baseDir: string;
  tokenizer: TokenizerName;
  /** Every unit with its outcomes, in canonical (report) order. */
  outcomes: readonly { unit: RunUnit; outcomes: readonly RunOutcome[] }[];
}

/**
 * The report's server entries: transport, serverInfo and tool menu from the first run that
 * started (in report order, so the same whatever the concurrency), and the git SHA — the commit
 * compared-servers.yml pins for a github server, else HEAD of the checkout the config lives in.
 */
export async function describeServers(input: DescribeInput): Promise<ServerReport[]> {
  const compared = await loadComparedServers(defaultServersFile(input.root)).catch(() => ({
    servers: [],
  }));
  const head = await gitHead(input.baseDir);
  return input.servers.map((name) => {
    const config = input.config.servers[name];
    const first = input.outcomes
      .filter((entry) => entry.unit.server === name)
      .flatMap((entry) =>
        entry.outcomes.map((o) => ({ scenario: entry.unit.scenario.id, started: o.started })),
      )
      .find((o) => o.started !== null);
    const pinned = compared.servers.find((s) => s.name === name);
    const git: ServerReport['git'] =
      pinned?.kind === 'github' && pinned.commit !== undefined
        ? { sha: pinned.commit, source: 'pinned' }
        : head === null
          ? null
          : { sha: head, source: 'repo_head' };
    let menu: ServerReport['menu'] = null;
    if (first?.started) {
      const breakdown = menuBreakdown(first.started.tools, input.tokenizer);
      menu = {
        tool_count: first.started.tools.length,
        total: breakdown.total,
        heaviest: breakdown.tools.slice(0, HEAVIEST_TOOLS),
        tools: first.started.tools.map((t) => t.name).sort(),
        provenance: 'computed',
        tokenizer: input.tokenizer,
        scenario: first.scenario,
      };
    }
    return {
      name,
      scenario_key: config?.scenarioKey ?? name,
      transport: config?.transport ?? 'stdio',
      info: first?.started ? { ...first.started.info } : null,
      git,
      notes: config?.notes ?? null,
      menu,
      ...(first?.started?.toolNames ? { tool_name_map: first.started.toolNames } : {}),
    };
  });
}
