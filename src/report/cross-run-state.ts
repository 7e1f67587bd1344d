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

// The token requests a reused process skips are already counted in api_calls.auth_calls; the
// rest of the request log must match, and so must what each call requested: a call's
// `request_span` indexes the whole log, so it moves when the token request is skipped, and is
// compared as the non-token requests it covers.
function comparable(result: RunResult): Record<string, unknown> {
  const stripped: Record<string, unknown> = { ...stripTiming(result), run: 0 };
  const requests = result.requests;
  if (!requests) return stripped;
  stripped.requests = requests.filter((r) => r.kind !== 'auth');
  if (result.calls)
    stripped.calls = result.calls.map(({ request_span: span, ...call }) =>
      span
        ? {
            ...call,
            requested: requests
              .slice(span.first, span.first + span.count)
              .filter((r) => r.kind !== 'auth'),
          }
        : call,
    );
  return stripped;
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
    const base = comparable(first.result);
    for (const run of later) {
      if (!run.reused || run.result.status === 'error') continue;
      compared++;
      const fields = differingPaths(base, comparable(run.result));
      if (fields.length > 0)
        differing.push({ scenario: pair.scenario, run: run.result.run, fields });
    }
  }
  if (compared === 0 && !pairs.some((p) => p.runs.some((r) => r.reused))) return null;
  return { compared_runs: compared, differing };
}

/** Where a server that fetches its token on first use differs when it reuses the token. */
const TOKEN_FIELDS: readonly string[] = ['api_calls.auth_calls', 'api_calls.by_kind.auth'];

type Difference = CrossRunState['differing'][number];

/**
 * Whether a run differs from its scenario's first run only in the token requests it skipped: a
 * reused process keeps the token it fetched (expected of any OAuth client, not a finding).
 */
export function isAuthOnly(difference: Difference): boolean {
  return difference.fields.every((f) => TOKEN_FIELDS.includes(f));
}

/** The differences split: how many are the reused token alone, and the material ones. */
export function splitCrossRun(state: CrossRunState): { authOnly: number; material: Difference[] } {
  const material = state.differing.filter((d) => !isAuthOnly(d));
  return { authOnly: state.differing.length - material.length, material };
}

/** The fields a material difference is in, the token's left out (they say nothing new). */
export function materialFields(difference: Difference): string[] {
  return difference.fields.filter((f) => !TOKEN_FIELDS.includes(f));
}

/**
 * The count of runs that differ only in the reused token, as a note (not a warning): null when
 * there are none.
 */
export function describeTokenReuse(server: string, state: CrossRunState): string | null {
  const { authOnly } = splitCrossRun(state);
  if (authOnly === 0) return null;
  return `${server}: ${authOnly} of ${state.compared_runs} runs on a reused process skipped the token request of their scenario's first run (it kept its token): expected, not a finding.`;
}

/**
 * One warning line for the console and the caveats: which server kept state beyond its token,
 * where, and in what. Null when every difference is the reused token (describeTokenReuse).
 */
export function describeCrossRunState(server: string, state: CrossRunState): string | null {
  const { material } = splitCrossRun(state);
  if (material.length === 0) return null;
  const fields = [...new Set(material.flatMap(materialFields))].sort();
  const scenarios = [...new Set(material.map((d) => d.scenario))];
  const shown = scenarios.slice(0, 3).join(', ') + (scenarios.length > 3 ? ', …' : '');
  return `${server}: ${material.length} of ${state.compared_runs} runs on a reused process differ from their scenario's first run (${fields.join(', ')}; ${shown}): it keeps state across runs; run with --isolation run for fresh-process figures.`;
}
