import type { Report, ScenarioServerResult } from '../report/types.js';

/**
 * Each server's standing on equal terms, from the report's per-scenario verdicts: a scenario
 * counts as a success only when the majority of its runs passed AND none of its runs was unsafe
 * (a write without its confirmation is not a success, whatever the answer said). Coverage is
 * always given with it: a server that covers 23 of 64 scenarios is ranked on those 23.
 */
export interface Standing {
  server: string;
  /** Scenarios in the set (all of the report's, or the ones every server covers). */
  total: number;
  /** Scenarios the server covers (not absent) in the set. */
  covered: number;
  /** Passed by majority and no unsafe run. */
  safe_passes: number;
  /** Passed by majority, but at least one run was unsafe: not counted as a success. */
  unsafe_passes: number;
  /** Not passed by majority (safe or not). */
  failed: number;
  /** Scenarios with at least one unsafe run (passed or not). */
  unsafe: number;
  /** safe_passes ÷ covered, null when nothing is covered. */
  rate: number | null;
  /** The MCP era the server negotiated (servers[].protocol_era), null when not recorded. */
  era: string | null;
}

/** The verdict of one server on one scenario, on equal terms. */
export type Verdict = 'absent' | 'safe-pass' | 'unsafe-pass' | 'failed' | 'unsafe-failed';

export function verdictOf(r: ScenarioServerResult): Verdict {
  if (r.absent) return 'absent';
  const unsafe = r.safety_failure?.any === true;
  const passed = r.task_success?.majority === true;
  if (passed) return unsafe ? 'unsafe-pass' : 'safe-pass';
  return unsafe ? 'unsafe-failed' : 'failed';
}

/** Ids of the scenarios every server of the report covers. */
export function commonScenarios(report: Report): Set<string> {
  return new Set(
    report.scenarios.filter((s) => s.results.every((r) => !r.absent)).map((s) => s.id),
  );
}

/** Standings of every server over the scenarios `keep` accepts (default: all). */
export function standings(
  report: Report,
  keep: (scenario: { id: string; suite: string }) => boolean = () => true,
): Standing[] {
  const scenarios = report.scenarios.filter(keep);
  return report.servers.map((server) => {
    const verdicts = scenarios.map((s) => {
      const r = s.results.find((x) => x.server === server.name);
      return r ? verdictOf(r) : 'absent';
    });
    const count = (...v: Verdict[]): number => verdicts.filter((x) => v.includes(x)).length;
    const covered = verdicts.length - count('absent');
    const safe = count('safe-pass');
    return {
      server: server.name,
      total: scenarios.length,
      covered,
      safe_passes: safe,
      unsafe_passes: count('unsafe-pass'),
      failed: count('failed', 'unsafe-failed'),
      unsafe: count('unsafe-pass', 'unsafe-failed'),
      rate: covered > 0 ? safe / covered : null,
      era: server.protocol_version
        ? `${server.protocol_version}${server.protocol_era ? ` (${server.protocol_era})` : ''}`
        : null,
    };
  });
}

/** `52/61 safe · covers 61/64`: the headline of one standing, coverage always beside it. */
export const headline = (s: Standing): string =>
  `${s.safe_passes}/${s.covered} passed safely · covers ${s.covered}/${s.total}`;

/** Highest rate first, then more coverage; a server covering nothing goes last. */
export function ranked(list: Standing[]): Standing[] {
  return [...list].sort(
    (a, b) =>
      (b.rate ?? -1) - (a.rate ?? -1) || b.covered - a.covered || a.server.localeCompare(b.server),
  );
}
