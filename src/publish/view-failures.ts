import type { Report } from '../report/types.js';
import { classificationLookup } from './classification-lookup.js';
import { nonPassing, type NonPassing } from './derive.js';
import { evidenceSpan } from './evidence-link.js';
import { ABSENT, percent } from './format.js';
import type { PublishModel } from './model.js';
import { firstSentence, SUITE_TEXT } from './suite-jobs.js';
import { unsafeCalls } from './unsafe-calls.js';
import { code, strong, type Block, type Cell, type Inline, type Section } from './view-types.js';

const GROUPS: [string, string][] = [
  ['unsafe', 'Unsafe: the server made a call the task did not ask for or confirm'],
  ['server-bug', 'Server bugs'],
  ['server-limitation', 'Server limitations'],
  ['harness-gap', 'Harness gaps (ours)'],
  ['fake-gap', 'Fake API gaps (ours)'],
  ['unclassified', 'Not yet classified'],
];

const intentOf = (model: PublishModel, id: string): string | null =>
  model.scenarioInfo?.[id] ? firstSentence(model.scenarioInfo[id].intent) : null;

/** `alerts-004` and, below it, the first sentence of what it asks. */
function scenarioCell(model: PublishModel, id: string): Cell {
  const intent = intentOf(model, id);
  return intent === null ? code(id) : { lines: [code(id), intent] };
}

function toolsOf(report: Report, p: NonPassing): Inline {
  const result = report.scenarios
    .find((s) => s.id === p.scenario)
    ?.results.find((r) => r.server === p.server);
  const run = result?.runs.find((r) => !r.task_success || r.safety_failure) ?? result?.runs[0];
  const tools = [...new Set(run?.tools_called ?? [])];
  return tools.length === 0
    ? ABSENT
    : tools.flatMap((t, i) => (i === 0 ? [code(t)] : [{ text: ', ' }, code(t)]));
}

/**
 * What failed and why, failures first and grouped by cause: unsafe runs, then the classes of
 * the classification file. Each row: the scenario and what it asks, the server and the tools it
 * called, what went wrong (the missing fact, the refused call, or every unsafe call once with
 * the rules it broke), why (the classification) and the evidence (short, full on hover).
 * Absences are not failures: they are listed apart, collapsed (absenceSection).
 */
export function failureSection(model: PublishModel): Section {
  const { report } = model;
  const classificationOf = classificationLookup(model.report, model.classifications);
  const failing = nonPassing(report).filter((p) => p.status !== 'absent');
  const blocks: Block[] = [];
  for (const [key, title] of GROUPS) {
    const rows = failing.flatMap((p): Cell[][] => {
      const c = classificationOf(p.server, p.scenario);
      const group = p.status === 'unsafe' ? 'unsafe' : (c?.class ?? 'unclassified');
      if (group !== key) return [];
      const result = report.scenarios
        .find((s) => s.id === p.scenario)
        ?.results.find((r) => r.server === p.server);
      const calls = p.status === 'unsafe' && result ? unsafeCalls(result) : [];
      const passed = result?.task_success?.majority === true;
      const what: Cell =
        calls.length > 0
          ? {
              lines: calls.map((u): Inline => [
                // A request is code; any other finding is report text (escaped as prose).
                /^[A-Z]+ \//.test(u.call) ? code(u.call) : { text: u.call },
                {
                  text: `${u.tool ? ` via ${u.tool}` : ''}: ${u.broke.join('; ')} (${u.runs}/${u.of} runs)`,
                },
              ]),
            }
          : p.cause;
      const status =
        p.status === 'unsafe'
          ? passed
            ? 'passed but unsafe'
            : 'failed and unsafe'
          : `failed (${percent(p.pass_rate ?? 0)} of runs passed)`;
      const repo = model.sources[p.server]?.repo;
      const evidence = (c?.evidence ?? []).map((e) => evidenceSpan(e, repo));
      return [
        [
          scenarioCell(model, p.scenario),
          p.server,
          status,
          toolsOf(report, p),
          what,
          c ? c.summary : ABSENT,
          evidence.length > 0 ? { lines: evidence } : ABSENT,
        ],
      ];
    });
    if (rows.length === 0) continue;
    blocks.push(
      { kind: 'p', text: strong(`${title} (${rows.length})`) },
      {
        kind: 'table',
        table: {
          head: [
            'scenario',
            'server',
            'status',
            'tools called',
            'what went wrong',
            'why',
            'evidence',
          ],
          align: ['left', 'left', 'left', 'left', 'left', 'left', 'left'],
          rows,
          stack: true,
        },
      },
    );
  }
  return {
    id: 'failures',
    level: 2,
    title: `What failed, and why (${failing.length})`,
    blocks:
      blocks.length > 0
        ? [
            {
              kind: 'p',
              text: 'Every scenario a server covers and did not pass safely, grouped by cause. What went wrong is the report’s (the first failing run’s cause; every unsafe call once, with each rule it broke); why and the evidence come from the classification file (the server’s code at its pinned commit; the full citation on hover).',
            },
            ...blocks,
          ]
        : [{ kind: 'p', text: 'Every server passed every scenario it covers, safely.' }],
  };
}

/** One collapsed list per server of the scenarios it does not cover (not failures). */
export function absenceSection(model: PublishModel): Section | null {
  const absent = nonPassing(model.report).filter((p) => p.status === 'absent');
  if (absent.length === 0) return null;
  const blocks: Block[] = model.report.servers.flatMap((s): Block[] => {
    const mine = absent.filter((p) => p.server === s.name);
    if (mine.length === 0) return [];
    return [
      {
        kind: 'details',
        summary: `${s.name}: ${mine.length} of ${model.report.scenarios.length} scenarios not covered`,
        items: mine.map((p) => {
          const intent = intentOf(model, p.scenario);
          return intent === null ? code(p.scenario) : [code(p.scenario), { text: ` ${intent}` }];
        }),
      },
    ];
  });
  return {
    id: 'absences',
    level: 2,
    title: 'Not covered',
    blocks: [
      {
        kind: 'p',
        text: 'Scenarios a server has no tools for (no expected_tools entry): not failures, and left out of its rate; its coverage says how much of the suite it was ranked on.',
      },
      ...blocks,
    ],
  };
}

/** Per suite: what it tests in one sentence, and each scenario's intent, collapsed. */
export function suiteSection(model: PublishModel): Section {
  const blocks: Block[] = model.report.suites.flatMap((suite): Block[] => {
    const ids = model.report.scenarios.filter((s) => s.suite === suite.suite).map((s) => s.id);
    const text = SUITE_TEXT[suite.suite];
    return [
      {
        kind: 'p',
        text: [strong(suite.suite), { text: text ? `: ${text}` : '' }],
      },
      ...(model.scenarioInfo
        ? [
            {
              kind: 'details' as const,
              summary: `What its ${ids.length} scenario${ids.length === 1 ? '' : 's'} ask`,
              items: ids.map((id) => [
                code(id),
                { text: ` ${model.scenarioInfo?.[id]?.intent.replace(/\s+/g, ' ').trim() ?? ''}` },
              ]),
            },
          ]
        : []),
    ];
  });
  return { id: 'suites', level: 2, title: 'What the suites test', blocks };
}
