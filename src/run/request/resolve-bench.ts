import { withEraVariants } from '../../config/era-variant.js';
import { join, resolve } from 'node:path';
import { defaultBenchConfig } from '../../config/default-config.js';
import { loadBenchConfig } from '../../config/load-bench-config.js';
import type { BenchConfig } from '../../config/types.js';
import { BenchError } from '../../common/errors.js';
import { loadScenarios } from '../../scenarios/load-scenarios.js';
import { packageRoot } from '../../common/package-root.js';
import { cliLabel, selectScenarios, type OptionLabel } from '../../scenarios/select-scenarios.js';
import type { Scenario, ScenarioError } from '../../scenarios/types.js';
import { shardScenarios, type Shard } from './shard.js';
import { displayPath } from '../../common/display-path.js';

/** What to run, as a person asked for it (CLI flags or action inputs). */
export interface ResolveRequest {
  /** The bench config file; null: the built-in config (the bundled reference server). */
  config: string | null;
  /** Servers of the config; empty: every server in it. */
  servers: readonly string[];
  /** Scenario files or directories; empty: the golden suite (`<root>/scenarios`). */
  scenarioPaths: readonly string[];
  suites: readonly string[];
  scenarioIds: readonly string[];
  /** `i/n`: run only the i-th of n deterministic slices. */
  shard: Shard | null;
  /** The bench tree holding scenarios/ and fixtures/ (default: this package). */
  root?: string;
  /** Relative paths resolve here (the CLI's cwd, the action's workspace). */
  cwd: string;
  /** How errors name an option's value (default: CLI flags). */
  label?: OptionLabel;
}

/** A request resolved against the disk: the config, the servers and the scenario slice. */
export interface ResolvedBench {
  root: string;
  config: BenchConfig;
  servers: string[];
  scenarios: Scenario[];
  /** Every suite file of the manifest (before any suite, id or shard filter): what manifest.hash covers. */
  manifestFiles: string[];
  /** The scenario paths as loaded (shown in hints). */
  paths: string[];
  /**
   * The ids the suite and id filters selected, before the shard: a shard's report records them
   * so the merge can recompute every shard's slice.
   */
  selected: string[];
  /** Manifest problems, file:line + pointer; no scenario is selected when there are any. */
  errors: ScenarioError[];
}

/**
 * The one run resolution for the CLI and the action: loads the config (or the built-in one),
 * checks the server names, loads and validates the scenario files (or the golden suite), applies
 * the suite and id filters and the shard. Manifest problems come back in `errors`; a bad server,
 * suite or id is a usage error naming it.
 */
export async function resolveBench(request: ResolveRequest): Promise<ResolvedBench> {
  const { cwd } = request;
  const label = request.label ?? cliLabel;
  const root = request.root === undefined ? packageRoot() : resolve(cwd, request.root);
  // A requested `NAME@2025-11-25` is NAME's entry in the 2025 era (src/config/era-variant.ts).
  const config = withEraVariants(
    request.config === null
      ? defaultBenchConfig(root)
      : await loadBenchConfig(resolve(cwd, request.config)),
    request.servers,
  );
  const known = Object.keys(config.servers);
  const servers = request.servers.length > 0 ? [...request.servers] : known;
  for (const server of servers) {
    if (!known.includes(server)) {
      throw new BenchError(
        'usage',
        `${label('server', server)} is not in ${request.config ?? 'the built-in config'}`,
        { hint: `servers: ${known.join(', ')}` },
      );
    }
  }
  const shown = (path: string): string => displayPath(path, cwd);
  const paths =
    request.scenarioPaths.length > 0
      ? [...request.scenarioPaths]
      : [shown(join(root, 'scenarios'))];
  const loaded = await loadScenarios(paths, { root, cwd });
  const base = { root, config, servers, manifestFiles: loaded.files, paths };
  if (loaded.errors.length > 0)
    return { ...base, scenarios: [], selected: [], errors: loaded.errors };
  const selected = selectScenarios(loaded.scenarios, request.suites, request.scenarioIds, label);
  return {
    ...base,
    scenarios: shardScenarios(selected, request.shard),
    selected: selected.map((s) => s.id),
    errors: [],
  };
}
