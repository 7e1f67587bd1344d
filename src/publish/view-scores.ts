import type { Align } from '../report/markdown-table.js';
import type { Report, SuiteServerResult } from '../report/types.js';
import { FIGURE_COLUMNS, formatOf, statOf, type FigureColumn } from '../report/figures.js';
import { figurePerSuccess } from './derive.js';
import { ABSENT, fraction, integer, percent } from './format.js';
import { callOutcomes, modelUsage } from './optional-content.js';
import { code, strong, type Block, type Cell, type Section } from './view-types.js';

const right = (n: number): Align[] => Array.from({ length: n }, (): Align => 'right');
const maybe = <T>(value: T | null | undefined, show: (v: T) => string): string =>
  value === null || value === undefined ? ABSENT : show(value);

/** True when the policy follows the scenario's plan (no model chooses the tools). */
export const scriptedPolicy = (report: Report): boolean =>
  report.settings.policy.name === 'scripted';

// Under the scripted policy tool selection cannot vary (the plan's tools are called), so the
// column is left out, and calls per task are the plans' (labelled ²), not the server's choice.
function scoreHeader(report: Report): string[] {
  const scripted = scriptedPolicy(report);
  return [
    'server',
    'task success',
    ...(scripted ? [] : ['tool selection']),
    'tokens mean',
    'tokens p95',
    'tokens / success',
    scripted ? 'calls mean ²' : 'calls mean',
    scripted ? 'calls p95 ²' : 'calls p95',
    scripted ? 'calls / success ²' : 'calls / success',
    'latency mean (ms)',
    'latency p95 (ms)',
    'unsafe scenarios',
    'absent',
    'errored runs',
  ];
}

/** A scoreboard cell: the row's statistic, or per success from the server's runs. */
function figureCell(report: Report, r: SuiteServerResult, c: FigureColumn, suite?: string): string {
  const value =
    c.stat === 'per_success'
      ? figurePerSuccess(report, r.server, c.key, suite)
      : statOf(r, c.key, c.stat);
  return maybe(value, formatOf(c));
}

function scoreRow(report: Report, r: SuiteServerResult, suite?: string): Cell[] {
  return [
    r.server,
    fraction(r.task_success),
    ...(scriptedPolicy(report) ? [] : [fraction(r.tool_selection_accuracy)]),
    ...FIGURE_COLUMNS.pageScores.map((c) => figureCell(report, r, c, suite)),
    r.scenarios === 0 ? ABSENT : r.safety_failures > 0 ? strong(String(r.safety_failures)) : '0',
    String(r.absent),
    String(r.errors),
  ];
}

/**
 * The note for a figure that cannot vary under the policy: the scripted policy calls the plan's
 * tools, so tool selection can only fail when a run errored (score-run's neutral result).
 */
function byConstruction(report: Report): Block[] {
  if (!scriptedPolicy(report)) return [];
  return [
    {
      kind: 'p',
      text: [
        strong('Set by the plans, not the servers:'),
        {
          text: ' under the scripted policy the tools called are the plan’s, so tool selection (not shown) is 1.00 by construction and says nothing about a server; it measures a server’s menu only under a model policy (',
        },
        code('--policy llm'),
        { text: ' or ' },
        code('replay'),
        {
          text: '). ² API calls per task follow from the plan each scenario’s author wrote for that server (a server whose plan takes three tools makes three calls), so they compare plans, not servers. Tokens under the scripted policy are likewise a simulated context. Task success here counts a scenario that passed with an unsafe run; the ranking on equal terms above does not.',
        },
      ],
    },
  ];
}

/** The scoreboard overall and per suite, the tool calls by outcome and model usage and cost. */
export function scoreSections(report: Report): Section[] {
  const head = scoreHeader(report);
  const align: Align[] = ['left', ...right(head.length - 1)];
  const out: Section[] = [
    {
      id: 'scoreboard',
      level: 2,
      title: 'Scoreboard',
      blocks: [
        {
          kind: 'p',
          text:
            'All suites together. Task success and tool selection count scenarios passed by majority of runs, over the scenarios the server covers; ' +
            '"absent" scenarios have no coverage and are not counted as failures. Tokens, calls and latency are over every scored run; ' +
            '"per success" divides the total over all scored runs by the successful runs, so failures are paid for. ' +
            `${ABSENT} = absent (nothing to count).`,
        },
        {
          kind: 'table',
          table: { head, align, rows: report.overall.map((r) => scoreRow(report, r)) },
        },
        ...byConstruction(report),
        { kind: 'chart', chart: 'scatter' },
        // Calls per task under the scripted policy are the plans' (²): no chart ranks on them.
        ...(scriptedPolicy(report) ? [] : [{ kind: 'chart' as const, chart: 'calls' as const }]),
        { kind: 'chart', chart: 'suites' },
      ],
    },
  ];
  for (const suite of report.suites) {
    out.push({
      id: `suite-${suite.suite}`,
      level: 3,
      title: `Suite ${suite.suite} (${suite.scenarios} scenario${suite.scenarios === 1 ? '' : 's'})`,
      blocks: [
        {
          kind: 'table',
          table: {
            head,
            align,
            rows: suite.results.map((r) => scoreRow(report, r, suite.suite)),
          },
        },
      ],
    });
  }
  const calls = toolCalls(report);
  if (calls) out.push(calls);
  const cost = usage(report);
  if (cost) out.push(cost);
  return out;
}

function toolCalls(report: Report): Section | null {
  const rows = callOutcomes(report).map((c) => {
    const ran = c.planned - c.not_executed;
    return [
      c.server,
      String(c.planned),
      String(ran),
      String(c.ok),
      String(c.error),
      String(c.protocol_error),
      String(c.not_executed),
      ran > 0 ? percent(c.ok / ran) : ABSENT,
    ];
  });
  if (rows.length === 0) return null;
  return {
    id: 'tool-calls',
    level: 3,
    title: 'Tool calls by outcome',
    blocks: [
      {
        kind: 'p',
        text: 'Every planned tool call of every run (measured by the MCP client): a result, an error result, a protocol error (no result), or not executed because the run had stopped.',
      },
      {
        kind: 'table',
        table: {
          head: [
            'server',
            'planned',
            'ran',
            'ok',
            'error',
            'protocol error',
            'not executed',
            'ok of ran',
          ],
          align: ['left', ...right(7)],
          rows,
        },
      },
      { kind: 'chart', chart: 'outcomes' },
    ],
  };
}

function usage(report: Report): Section | null {
  const rows = modelUsage(report).map((u) => {
    const overall = report.overall.find((o) => o.server === u.server);
    const perTask = overall?.cost_usd?.per_successful_task;
    return [
      u.server,
      String(u.runs),
      integer(u.tokens),
      u.cost_usd === null ? ABSENT : `$${u.cost_usd.toFixed(4)}`,
      perTask === null || perTask === undefined ? ABSENT : `$${perTask.toFixed(4)}`,
    ];
  });
  if (rows.length === 0) return null;
  return {
    id: 'cost',
    level: 3,
    title: 'Model usage and cost',
    blocks: [
      {
        kind: 'p',
        text: 'Provider-reported usage of the model turns (measured; never summed with the computed tokens above) and its cost at the report’s prices (computed; absent without a price).',
      },
      {
        kind: 'table',
        table: {
          head: ['server', 'runs', 'provider tokens', 'cost (USD)', 'cost / success (USD)'],
          align: ['left', ...right(4)],
          rows,
        },
      },
    ],
  };
}
