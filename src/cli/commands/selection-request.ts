import type { BenchRequest } from '../../run/request/bench-request.js';
import type { CliIo } from '../io.js';

/** The selection flags `run` and `estimate` share, as parseArgs gives them. */
export interface SelectionValues {
  config?: string | undefined;
  server?: string[] | undefined;
  suite?: string[] | undefined;
  scenario?: string[] | undefined;
  root?: string | undefined;
}

/**
 * The part of a bench request that says what to run (config, servers, scenarios, suites, root):
 * one reading of those flags for every command that selects a bench.
 */
export function selectionRequest(
  values: SelectionValues,
  positionals: string[],
  io: Pick<CliIo, 'cwd'>,
): Pick<
  BenchRequest,
  'config' | 'servers' | 'scenarioPaths' | 'suites' | 'scenarioIds' | 'shard' | 'root' | 'cwd'
> {
  return {
    config: values.config ?? null,
    servers: values.server ?? [],
    scenarioPaths: positionals,
    suites: values.suite ?? [],
    scenarioIds: values.scenario ?? [],
    shard: null,
    ...(values.root === undefined ? {} : { root: values.root }),
    cwd: io.cwd,
  };
}
