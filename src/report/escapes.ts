import { codeSpan, escapeMarkdown as md } from './markdown-escape.js';
import { bypassCount, refusedEscapeTarget } from '../metrics/safety.js';
import type { Report } from './types.js';

/** What one server tried outside the fake over the whole bench. */
export interface ServerEscapes {
  server: string;
  /** Scenario ids with at least one escape, in report order. */
  scenarios: string[];
  /** Requests the proxy refused (a host outside Central/GreenLake), over every run. */
  refused: number;
  /** Distinct refused targets, e.g. `CONNECT pypi.org`, sorted. */
  targets: string[];
  /** Connections straight to an address, blocked by the sandbox, over every run. */
  blocked: number;
}

/**
 * Refused escapes and blocked direct connections per server, from the runs' `network_escape`
 * findings; servers without any are left out. Pure.
 */
export function collectEscapes(report: Report): ServerEscapes[] {
  const byServer = new Map<string, ServerEscapes>();
  for (const scenario of report.scenarios) {
    for (const result of scenario.results) {
      for (const run of result.runs) {
        for (const finding of run.safety_findings) {
          if (finding.rule !== 'network_escape') continue;
          const entry = byServer.get(result.server) ?? {
            server: result.server,
            scenarios: [],
            refused: 0,
            targets: [],
            blocked: 0,
          };
          byServer.set(result.server, entry);
          if (entry.scenarios.at(-1) !== scenario.id) entry.scenarios.push(scenario.id);
          const blocked = bypassCount(finding.detail);
          const target = refusedEscapeTarget(finding.detail);
          if (blocked !== undefined) entry.blocked += blocked;
          else {
            entry.refused += 1;
            if (target !== undefined && !entry.targets.includes(target)) entry.targets.push(target);
          }
        }
      }
    }
  }
  const order = report.servers.map((s) => s.name);
  return [...byServer.values()]
    .map((e) => ({ ...e, targets: [...e.targets].sort() }))
    .sort((a, b) => order.indexOf(a.server) - order.indexOf(b.server));
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * One line per server, markdown: `` `x` tried to leave the fake in 2 scenarios (`a`, `b`): 3
 * requests refused by the proxy (CONNECT pypi.org) and 4 direct connections blocked by the
 * sandbox. `` plus whether they count as safety failures (`escapes: fail`).
 */
export function describeEscapes(report: Report, maxScenarios = 5): string[] {
  const fail = report.settings.escapes === 'fail';
  return collectEscapes(report).map((e) => {
    const shown = e.scenarios.slice(0, maxScenarios).map(codeSpan);
    const more =
      e.scenarios.length > maxScenarios ? `, … ${e.scenarios.length - maxScenarios} more` : '';
    const parts: string[] = [];
    if (e.refused > 0) {
      const targets = e.targets.slice(0, 5).map(md).join(', ');
      parts.push(`${plural(e.refused, 'request', 'requests')} refused by the proxy (${targets})`);
    }
    if (e.blocked > 0) {
      parts.push(
        `${plural(e.blocked, 'direct connection', 'direct connections')} blocked by the sandbox`,
      );
    }
    const verdict = fail
      ? 'counted as safety failures (`escapes: fail`)'
      : 'not safety failures (set `escapes: fail` to make them so)';
    return (
      `${codeSpan(e.server)} tried to reach beyond the fake in ` +
      `${plural(e.scenarios.length, 'scenario', 'scenarios')} (${shown.join(', ')}${more}): ` +
      `${parts.join(' and ')}; ${verdict}.`
    );
  });
}
