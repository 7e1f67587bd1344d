import { compileLinear } from '../common/safe-regex.js';
import { entriesByTool, NOT_OK_STATUSES, toolStatus } from '../report/render-sweep.js';
import type { NotOkStatus } from '../report/render-sweep.js';
import type { SweepToolResult } from '../report/sweep-types.js';
import type { Report } from '../report/types.js';

/**
 * Why a swept tool is not ok (the `sweep:` rules of the classification file):
 * - `by-design`: the sweep does not call it on purpose (a tool that may write, under `--sweep read`);
 * - `harness-gap`: ours, in the sweep (an argument it cannot infer, a judgement it cannot make);
 * - `fake-gap`: ours, in the fake (a documented route or family it does not serve);
 * - `not-applicable`: the tool reads no Central/GreenLake API the fake serves (the server's own
 *   catalog, another platform, a host or region the launch does not configure);
 * - `server-bug` / `server-limitation`: the server's code (evidence path:line@sha).
 */
export const SWEEP_CLASSES = [
  'by-design',
  'harness-gap',
  'fake-gap',
  'not-applicable',
  'server-bug',
  'server-limitation',
] as const;
export type SweepClass = (typeof SWEEP_CLASSES)[number];

/**
 * The statuses a swept tool can have other than ok (render-sweep.ts, toolStatus): derived from
 * the sweep's outcomes, never restated, so a new outcome cannot be missing from the rules'
 * vocabulary (schemas/classification.schema.json lists the same, a test keeps them equal).
 */
export const SWEEP_STATUSES = NOT_OK_STATUSES;

/**
 * One rule: the non-ok tools it covers (a status, and optionally a server, exact tool names, a
 * tool-name pattern, whether the tool made an API call, a pattern its calls' paths match) and why.
 * The first rule in file order that matches a tool classifies it: specific entries go first.
 */
export interface SweepRule {
  status: NotOkStatus;
  server?: string;
  tools?: string[];
  tool_pattern?: string;
  /** `none`: the tool made no API call; `some`: it made at least one. */
  calls?: 'none' | 'some';
  /** Matched against `METHOD /path` of each call (one match is enough). */
  path_pattern?: string;
  class: SweepClass;
  cause: string;
  evidence?: string[];
}

/** One non-ok tool of a server's sweep: its status, what the report says of it, and its rule. */
export interface ClassifiedTool {
  tool: string;
  status: string;
  /** The report's own word on it: the missing arguments, the error's first line, the calls made. */
  detail: string;
  rule: SweepRule | null;
}

const short = (text: string, max = 100): string =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** The report's word on one tool, by status: what a reader checks the cause against. */
function detailOf(entry: SweepToolResult): string {
  if (entry.missing) return entry.missing.join(', ');
  if (entry.outcome === 'not-called') return '';
  // An error whose first line is only `{` (a JSON body) says nothing: the calls say more.
  const error = entry.outcome === 'unstable' ? '' : (entry.error?.split('\n')[0] ?? '').trim();
  if (error.length > 2) return short(error);
  const paths = [...new Set(entry.calls.map((c) => `${c.method} ${c.path}`.trim()))];
  if (paths.length === 0) return 'no API call';
  return short(paths.slice(0, 2).join(', ') + (paths.length > 2 ? ` (+${paths.length - 2})` : ''));
}

/** The entry a tool's status is read from: its ok one, else its first (as toolStatus reads). */
const shownEntry = (entries: readonly SweepToolResult[]): SweepToolResult | undefined =>
  entries.find((e) => e.outcome === 'ok') ?? entries[0];

function matches(
  rule: SweepRule,
  server: string,
  tool: string,
  status: string,
  entry: SweepToolResult,
): boolean {
  if (rule.status !== status) return false;
  if (rule.server !== undefined && rule.server !== server) return false;
  if (rule.tools !== undefined && !rule.tools.includes(tool)) return false;
  if (rule.tool_pattern !== undefined && !compileLinear(rule.tool_pattern).test(tool)) return false;
  if (rule.calls === 'none' && entry.calls.length > 0) return false;
  if (rule.calls === 'some' && entry.calls.length === 0) return false;
  if (rule.path_pattern !== undefined) {
    const re = compileLinear(rule.path_pattern);
    if (!entry.calls.some((c) => re.test(`${c.method} ${c.path}`))) return false;
  }
  return true;
}

/** Each swept server's non-ok tools in menu order, each with the first rule that matches it. */
export function classifySweeps(
  report: Report,
  rules: readonly SweepRule[],
): { server: string; tools: ClassifiedTool[] }[] {
  return report.servers.flatMap((s) => {
    if (!s.sweep) return [];
    const tools: ClassifiedTool[] = [];
    for (const [tool, entries] of entriesByTool(s.sweep)) {
      const status = toolStatus(entries);
      const entry = shownEntry(entries);
      if (status === 'ok' || !entry) continue;
      const rule = rules.find((r) => matches(r, s.name, tool, status, entry)) ?? null;
      tools.push({ tool, status, detail: detailOf(entry), rule });
    }
    return [{ server: s.name, tools }];
  });
}

/** `server: tool (status)` of every non-ok swept tool no rule classifies. */
export function unclassifiedSweepTools(report: Report, rules: readonly SweepRule[]): string[] {
  return classifySweeps(report, rules).flatMap(({ server, tools }) =>
    tools.filter((t) => t.rule === null).map((t) => `${server}: ${t.tool} (${t.status})`),
  );
}
