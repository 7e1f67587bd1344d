import { compileLinear } from '../common/safe-regex.js';
import { didYouMean } from '../common/did-you-mean.js';
import { entriesByTool, toolStatus } from '../report/render-sweep.js';
import type { Report } from '../report/types.js';
import type { SweepRule } from './sweep-rules.js';

/** Reports one problem of rule `i` at `field` (and deeper), with a hint naming the fix. */
export type RuleProblem = (
  i: number,
  field: string,
  message: string,
  hint?: string,
  ...rest: (string | number)[]
) => void;

function checkPattern(
  rule: SweepRule,
  i: number,
  field: 'tool_pattern' | 'path_pattern',
  problem: RuleProblem,
): void {
  const pattern = rule[field];
  if (pattern === undefined) return;
  try {
    compileLinear(pattern);
  } catch (error) {
    problem(
      i,
      field,
      `${field} "${pattern}" is not a regular expression the harness can run: ${error instanceof Error ? error.message : String(error)}`,
      'a JavaScript regular expression without lookaround or backreferences (RE2), e.g. ^glp_',
    );
  }
}

/**
 * Checks the sweep rules against the schema's gaps and the report: patterns compile, a server is
 * in the report (a name close to one is a typo; another is left out), each tool a rule names is
 * a tool of that status in the sweep (a stale entry names what the tool is now), and a server bug
 * or limitation names its server and cites its pinned commit. Returns the rules of the report's
 * servers (and those of no server), and the servers whose rules were left out.
 */
export function checkSweepRules(
  rules: readonly SweepRule[],
  report: Report,
  problem: RuleProblem,
): { rules: SweepRule[]; skipped: string[] } {
  const servers = new Map(report.servers.map((s) => [s.name, s]));
  const kept: SweepRule[] = [];
  const skipped = new Set<string>();
  for (const [i, rule] of rules.entries()) {
    checkPattern(rule, i, 'tool_pattern', problem);
    checkPattern(rule, i, 'path_pattern', problem);
    const server = rule.server === undefined ? undefined : servers.get(rule.server);
    if (rule.server !== undefined && !server) {
      const close = didYouMean(rule.server, [...servers.keys()]);
      if (close === '') {
        skipped.add(rule.server);
        continue;
      }
      problem(
        i,
        'server',
        `server "${rule.server}" is not in the report`,
        `${close}servers: ${[...servers.keys()].join(', ')}`,
      );
    }
    kept.push(rule);
    const swept = (server ? [server] : report.servers).filter((s) => s.sweep);
    for (const [j, tool] of (rule.tools ?? []).entries()) {
      if (swept.length === 0) break;
      const found = swept.flatMap((s) => {
        const entries = s.sweep ? entriesByTool(s.sweep).get(tool) : undefined;
        return entries ? [toolStatus(entries)] : [];
      });
      if (found.length === 0) {
        problem(
          i,
          'tools',
          `${tool} is not in the sweep of ${swept.map((s) => s.name).join(', ')}`,
          'a tool name of servers[].sweep.menu in report.json; delete a tool the server dropped',
          j,
        );
      } else if (!found.includes(rule.status)) {
        problem(
          i,
          'tools',
          `${tool} is ${found.join(' / ')} in the report's sweep, not ${rule.status}`,
          `move it to a rule of status "${found[0]}" or delete it (the tool changed)`,
          j,
        );
      }
    }
    if (rule.class !== 'server-bug' && rule.class !== 'server-limitation') continue;
    if (rule.server === undefined) {
      problem(
        i,
        'class',
        `a ${rule.class} rule must name its server`,
        'add server: NAME (the evidence cites that server\u2019s code)',
      );
      continue;
    }
    const sha = server?.git?.sha;
    for (const [j, ref] of (rule.evidence ?? []).entries()) {
      const cited = ref.slice(ref.lastIndexOf('@') + 1);
      if (sha !== undefined && !sha.startsWith(cited))
        problem(
          i,
          'evidence',
          `${ref} cites ${cited}, not ${rule.server}'s pinned commit ${sha.slice(0, 12)}`,
          `cite the code at ${sha.slice(0, 8)}`,
          j,
        );
    }
  }
  return { rules: kept, skipped: [...skipped] };
}
