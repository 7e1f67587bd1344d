import { isAbsolute, resolve } from 'node:path';
import { defaultBenchConfig, REFERENCE_SERVER } from '../config/default-config.js';
import { loadBenchConfig } from '../config/load-bench-config.js';
import type { BenchConfig } from '../config/types.js';
import { BenchError } from '../errors.js';
import { selectScenarios } from '../cli/commands/select-scenarios.js';
import { loadScenarios } from '../scenarios/load-scenarios.js';
import { packageRoot } from '../scenarios/package-root.js';
import type { Scenario, ScenarioError } from '../scenarios/types.js';
import type { ActionInputs } from './inputs.js';
import { shardScenarios } from './shard.js';

/** What a gate run needs, resolved from the inputs: config, servers, the scenario slice. */
export interface ResolvedRun {
  root: string;
  config: BenchConfig;
  servers: string[];
  scenarios: Scenario[];
  /** Manifest problems, for file/line annotations (the run does not start when there are any). */
  errors: ScenarioError[];
}

/**
 * Resolves the inputs against the workspace: the config (or the bundled reference server), the
 * scenario files (or the bundled golden suite), the suite filter and the shard slice.
 */
export async function resolveRun(inputs: ActionInputs, workspace: string): Promise<ResolvedRun> {
  const root = packageRoot();
  const at = (p: string): string => (isAbsolute(p) ? p : resolve(workspace, p));
  const config =
    inputs.config === null ? defaultBenchConfig(root) : await loadBenchConfig(at(inputs.config));
  const known = Object.keys(config.servers);
  const servers =
    inputs.servers.length > 0
      ? inputs.servers
      : inputs.config === null
        ? [REFERENCE_SERVER]
        : known;
  for (const s of servers) {
    if (!known.includes(s)) {
      throw new BenchError('usage', `Input "server" names "${s}", which is not in the config`, {
        hint: `servers in the config: ${known.join(', ')}`,
      });
    }
  }
  const paths =
    inputs.scenarios.length > 0 ? inputs.scenarios.map(at) : [resolve(root, 'scenarios')];
  const loaded = await loadScenarios(paths, { root, cwd: workspace });
  if (loaded.errors.length > 0)
    return { root, config, servers, scenarios: [], errors: loaded.errors };
  const selected = selectScenarios(loaded.scenarios, inputs.suites, []);
  return { root, config, servers, scenarios: shardScenarios(selected, inputs.shard), errors: [] };
}
