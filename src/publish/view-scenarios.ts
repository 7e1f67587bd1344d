import type { Report, ScenarioServerResult } from '../report/types.js';
import { KNOWN_REPORT_KEYS } from './known-keys.js';
import { FIGURE_COLUMNS, formatOf, statOf } from '../report/figures.js';
import { ABSENT } from './format.js';
import { code, strong, type Cell, type Section } from './view-types.js';

const maybe = <T>(value: T | null | undefined, show: (v: T) => string): string =>
  value === null || value === undefined ? ABSENT : show(value);

function verdictCell(
  r: ScenarioServerResult,
  key: 'task_success' | 'tool_selection_accuracy',
): string {
  const v = r[key];
  if (v === null) return ABSENT;
  const passed = v.per_run.filter(Boolean).length;
  return `${v.majority ? 'pass' : 'FAIL'} ${passed}/${v.per_run.length}`;
}

/** Planned tool calls that returned a result, of those planned, over the scenario's runs. */
function plannedCalls(r: ScenarioServerResult): string {
  let planned = 0;
  let ok = 0;
  let recorded = false;
  for (const run of r.runs) {
    if (!Array.isArray(run.calls)) continue;
    recorded = true;
    planned += run.calls.length;
    ok += run.calls.filter((c) => c.outcome === 'ok').length;
  }
  return recorded ? `${ok}/${planned}` : ABSENT;
}

// Tool selection is left out under the scripted policy: the plan's tools are called, so it is
// 1.00 by construction (view-scores.ts says so under the scoreboard).
function row(id: string, gate: string, r: ScenarioServerResult, scripted: boolean): Cell[] {
  if (r.absent) {
    const rest = (scripted ? 2 : 3) + FIGURE_COLUMNS.pageScenarios.length;
    return [id, gate, r.server, 'absent', ...Array.from({ length: rest }, () => ABSENT)];
  }
  return [
    id,
    gate,
    r.server,
    verdictCell(r, 'task_success'),
    ...(scripted ? [] : [verdictCell(r, 'tool_selection_accuracy')]),
    plannedCalls(r),
    ...FIGURE_COLUMNS.pageScenarios.map((c) => maybe(statOf(r, c.key, c.stat), formatOf(c))),
    r.safety_failure === null
      ? ABSENT
      : r.safety_failure.any
        ? strong(`UNSAFE ${r.safety_failure.runs_failed}/${r.safety_failure.per_run.length}`)
        : 'ok',
  ];
}

/** One table per suite: every scenario × server with its verdicts and medians. */
export function scenarioSections(report: Report): Section[] {
  const scripted = report.settings.policy.name === 'scripted';
  const out: Section[] = [
    {
      id: 'per-scenario',
      level: 2,
      title: 'Per scenario',
      blocks: [
        {
          kind: 'p',
          text: 'Medians over the scored runs. A verdict shows the runs that passed; "calls ok" the planned tool calls that returned a result, of those planned, over all runs; safety shows the runs that were unsafe.',
        },
      ],
    },
  ];
  for (const suite of report.suites) {
    out.push({
      id: `scenarios-${suite.suite}`,
      level: 3,
      title: suite.suite,
      blocks: [
        {
          kind: 'table',
          table: {
            head: [
              'scenario',
              'gate',
              'server',
              'task',
              ...(scripted ? [] : ['tool selection']),
              'calls ok',
              ...FIGURE_COLUMNS.pageScenarios.map((c) => c.head),
              'safety',
            ],
            align: [
              'left',
              'left',
              'left',
              'left',
              ...(scripted ? [] : ['left' as const]),
              'right',
              ...FIGURE_COLUMNS.pageScenarios.map((): 'right' => 'right'),
              'left',
            ],
            rows: report.scenarios
              .filter((s) => s.suite === suite.suite)
              .flatMap((s) => s.results.map((r) => row(s.id, s.write_gate, r, scripted))),
          },
        },
      ],
    });
  }
  return out;
}

/** Where every kind of figure comes from, and the report's caveats. */
export function provenanceSection(report: Report): Section {
  const rows = [
    [
      'task success, tool selection, safety',
      'computed',
      'scored from the trajectory and the fake API’s call log (src/metrics)',
    ],
    [
      'tokens, menu tokens',
      report.provenance.tokens,
      `js-tiktoken ${report.provenance.tokenizer} over the context a model would be sent on each turn (scripted policy: a simulated context, not provider usage)`,
    ],
    [
      'API calls, route misses, swallowed errors',
      report.provenance.api_calls,
      'counted inside the fake API from its call log (token endpoint apart), never from client logs',
    ],
    [
      'tool calls by outcome',
      'measured',
      'the outcome of each planned call as the MCP client saw it',
    ],
    [
      'discoverability',
      'computed',
      'BM25 over the menu’s names, descriptions and parameters against each intent; no model',
    ],
    [
      'latency, start-up, wall time',
      report.provenance.latency_ms,
      'wall clock on the machine that ran the bench',
    ],
    [
      'tokens / success, calls / success',
      'computed',
      'totals over every scored run divided by the successful runs',
    ],
  ];
  return {
    id: 'provenance-and-caveats',
    level: 2,
    title: 'Provenance and caveats',
    blocks: [
      {
        kind: 'table',
        table: { head: ['figure', 'provenance', 'how'], align: ['left', 'left', 'left'], rows },
      },
      { kind: 'p', text: 'Caveats (from the report; read them before quoting a number):' },
      {
        kind: 'list',
        items: [
          ...report.caveats,
          'Figures here compare servers under this harness, its fixtures and its scenarios; they are not a measure of any server in production.',
        ],
      },
    ],
  };
}

/** Top-level report content this view does not show, named rather than dropped. */
export function otherSection(report: Report): Section | null {
  const extra = Object.keys(report).filter((k) => !KNOWN_REPORT_KEYS.has(k));
  if (extra.length === 0) return null;
  return {
    id: 'other',
    level: 2,
    title: 'Other report content',
    blocks: [
      {
        kind: 'p',
        text: [
          { text: 'report.json also holds ' },
          ...extra.flatMap((k, i) => [...(i > 0 ? [{ text: ', ' }] : []), code(k)]),
          { text: ', which this page does not render yet; read them in the report artifact.' },
        ],
      },
    ],
  };
}
