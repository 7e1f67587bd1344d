import type { BenchConfig } from '../../config/types.js';
import type { ProtocolViolationReport, ServerReport } from '../../report/types.js';
import { defaultServersFile, loadComparedServers } from '../../scenarios/compared-servers.js';
import { menuBreakdown, type TokenizerName } from '../../tokens/count-tokens.js';
import type { RunOutcome } from '../execute/execute-runs.js';
import type { RunUnit } from '../plan/run-unit.js';
import { gitHead } from './provenance.js';
import { serverCode } from './code-provenance.js';

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

/** A server's wire-check violations over all its runs: one per kind, method, pointer and message. */
function protocolOf(
  name: string,
  outcomes: DescribeInput['outcomes'],
): Pick<ServerReport, 'protocol_version' | 'protocol_era' | 'protocol_violations'> | null {
  const merged = new Map<string, ProtocolViolationReport>();
  let version: string | null | undefined;
  let era: ServerReport['protocol_era'];
  for (const entry of outcomes) {
    if (entry.unit.server !== name) continue;
    for (const outcome of entry.outcomes) {
      const protocol = outcome.started?.protocol;
      if (!protocol) continue;
      version ??= protocol.version;
      era ??= protocol.era ?? null;
      for (const v of protocol.violations) {
        const key = [v.kind, v.method, v.pointer, v.message].join('\0');
        const known = merged.get(key);
        if (known) known.count += v.count;
        else merged.set(key, { ...v, scenario: entry.unit.scenario.id });
      }
    }
  }
  if (version === undefined) return null;
  return {
    protocol_version: version,
    protocol_era: era ?? null,
    protocol_violations: [...merged.values()],
  };
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
  const codes = await Promise.all(
    input.servers.map((name) => {
      const config = input.config.servers[name];
      return config ? serverCode(config, input.baseDir) : Promise.resolve(null);
    }),
  );
  return input.servers.map((name, index) => {
    const config = input.config.servers[name];
    const first = input.outcomes
      .filter((entry) => entry.unit.server === name)
      .flatMap((entry) =>
        entry.outcomes.map((o) => ({ scenario: entry.unit.scenario.id, started: o.started })),
      )
      .find((o) => o.started !== null);
    // A 2025-era entry (`NAME@2025-11-25`) ran NAME's code: NAME's pin.
    const pinned = compared.servers.find((s) => s.name === (config?.eraOf ?? name));
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
      ...(config?.eraOf === undefined ? {} : { era_of: config.eraOf }),
      transport: config?.transport ?? 'stdio',
      info: first?.started ? { ...first.started.info } : null,
      git,
      code: codes[index] ?? null,
      notes: config?.notes ?? null,
      menu,
      ...(first?.started?.toolNames ? { tool_name_map: first.started.toolNames } : {}),
      ...protocolOf(name, input.outcomes),
    };
  });
}
