import { stripTiming } from './strip-timing.js';
import type { CrossRunState, RunResult } from './types.js';

/** The runs of one scenario against one server, in run order, and whether each met a used process. */
export interface PairRuns {
  scenario: string;
  runs: readonly { result: RunResult; reused: boolean }[];
}

/** Leaf paths (`api_calls.auth_calls`, `tools_called`) where two values differ, sorted. */
function differingPaths(a: unknown, b: unknown, path = ''): string[] {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === 'object' && !Array.isArray(v);
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((key) => differingPaths(a[key], b[key], path ? `${path}.${key}` : key));
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [path || '(value)'];
}

/**
 * Compares every run that met a reused process with the first run of its scenario (timing and
 * the run number left out). The scripted policy and a reset fake make the runs of a scenario
 * identical for a server without state across runs, so any difference is the server's own state:
 * a token cached from an earlier run (`api_calls.auth_calls`), a response cache (fewer
 * `api_calls`), a session that remembers a write. Errored runs are not compared (their session
 * was replaced). Returns null when no run reused a process (isolation `run`).
 */
export function crossRunState(pairs: readonly PairRuns[]): CrossRunState | null {
  let compared = 0;
  const differing: CrossRunState['differing'] = [];
  for (const pair of pairs) {
    const [first, ...later] = pair.runs;
    if (!first || first.result.status === 'error') continue;
    const base = { ...stripTiming(first.result), run: 0 };
    for (const run of later) {
      if (!run.reused || run.result.status === 'error') continue;
      compared++;
      const fields = differingPaths(base, { ...stripTiming(run.result), run: 0 });
      if (fields.length > 0)
        differing.push({ scenario: pair.scenario, run: run.result.run, fields });
    }
  }
  if (compared === 0 && !pairs.some((p) => p.runs.some((r) => r.reused))) return null;
  return { compared_runs: compared, differing };
}

/** Where a server that fetches its token on first use differs when it reuses the token. */
const TOKEN_FIELDS = ['api_calls.auth_calls', 'api_calls.by_kind.auth'];

/** One line for the console and the caveats: which server kept state, where, and in what. */
export function describeCrossRunState(server: string, state: CrossRunState): string | null {
  if (state.differing.length === 0) return null;
  const fields = [...new Set(state.differing.flatMap((d) => d.fields))].sort();
  const scenarios = [...new Set(state.differing.map((d) => d.scenario))];
  const shown = scenarios.slice(0, 3).join(', ') + (scenarios.length > 3 ? ', …' : '');
  const tokenOnly = fields.every((f) => TOKEN_FIELDS.includes(f));
  const what = tokenOnly
    ? 'it reuses a token fetched in an earlier run'
    : 'it keeps state across runs';
  return `${server}: ${state.differing.length} of ${state.compared_runs} runs on a reused process differ from their scenario's first run (${fields.join(', ')}; ${shown}): ${what}; run with --isolation run for fresh-process figures.`;
}
