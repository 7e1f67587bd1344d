import type { ValidationMode } from '../../fake-central/index.js';
import { join } from 'node:path';
import { loadBenchConfig } from '../../src/config/load-bench-config.js';
import type { EscapePolicy } from '../../src/metrics/types.js';
import type { Logger } from '../../src/run/ports.js';
import type { Report, RunResult, ScenarioServerResult } from '../../src/report/types.js';
import type { SweepMode } from '../../src/report/sweep-types.js';
import { runBench } from '../../src/run/run-bench.js';
import { loadScenarios } from '../../src/scenarios/load-scenarios.js';
import { formatScenarioError } from '../../src/scenarios/types.js';
import { REPO_ROOT } from './spawn-stdio.js';
import { bundledServers } from '../helpers/bundled-servers.js';

/** The bench config naming the Python reference server and every fault subject. */
export const SUBJECTS_CONFIG = join(REPO_ROOT, 'hpe-mcp-bench.subjects.yml');
/** Scenarios written for the fault subjects. */
export const SUBJECT_SCENARIOS = 'test/subjects/scenarios';

/** What a bench of subjects produced: the report, its wall time and every logged line. */
export interface SubjectBench {
  report: Report;
  wallMs: number;
  log: string[];
}

/**
 * Runs `servers` of hpe-mcp-bench.subjects.yml over the scenarios `ids` found in `paths`
 * (relative to the repository) through runBench, exactly as `hpe-mcp-bench run` would.
 */
export async function benchSubjects(input: {
  servers: string[];
  paths: string[];
  ids: string[];
  runs: number;
  concurrency?: number;
  escapes?: EscapePolicy;
  /** How the fakes treat requests HPE's documents forbid (default `documents`). */
  validation?: ValidationMode;
  /**
   * The tool sweep: `off` unless asked for. The subject tests hold what the scenario runs score;
   * a sweep would start one more process per subject × bundle and call its every read tool
   * (test/e2e/sweep-gate.test.ts and src/sweep hold the sweep).
   */
  sweep?: SweepMode;
}): Promise<SubjectBench> {
  const config = bundledServers(await loadBenchConfig(SUBJECTS_CONFIG));
  const loaded = await loadScenarios(input.paths, { root: REPO_ROOT, cwd: REPO_ROOT });
  if (loaded.errors.length > 0) {
    throw new Error(loaded.errors.map(formatScenarioError).join('\n'));
  }
  const scenarios = input.ids.map((id) => {
    const found = loaded.scenarios.find((s) => s.id === id);
    if (!found) throw new Error(`scenario ${id} is not in ${input.paths.join(', ')}`);
    return found;
  });
  const log: string[] = [];
  const logger: Logger = {
    info: (m) => log.push(`info: ${m}`),
    warn: (m) => log.push(`warn: ${m}`),
    progress: (m) => log.push(`progress: ${m}`),
  };
  const started = performance.now();
  const report = await runBench(
    {
      config,
      servers: input.servers,
      scenarios,
      runs: input.runs,
      allowFewRuns: input.runs < 5,
      concurrency: input.concurrency ?? 1,
      ...(input.escapes === undefined ? {} : { escapes: input.escapes }),
      ...(input.validation === undefined ? {} : { validation: input.validation }),
      sweep: input.sweep ?? 'off',
      root: REPO_ROOT,
      cwd: REPO_ROOT,
    },
    { logger },
  );
  return { report, wallMs: performance.now() - started, log };
}

/** The result of `server` on scenario `id`; throws when the report has none. */
export function resultOf(report: Report, id: string, server: string): ScenarioServerResult {
  const found = report.scenarios.find((s) => s.id === id)?.results.find((r) => r.server === server);
  if (!found) throw new Error(`the report has no result of ${server} on ${id}`);
  return found;
}

/** The single run of a one-run result. */
export function onlyRun(result: ScenarioServerResult): RunResult {
  const [run, ...more] = result.runs;
  if (!run || more.length > 0) {
    throw new Error(`${result.server}: expected exactly one run, got ${result.runs.length}`);
  }
  return run;
}
