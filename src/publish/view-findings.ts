import { describeTokenReuse, materialFields, splitCrossRun } from '../report/cross-run-state.js';
import { classificationLookup } from './classification-lookup.js';
import { collectFakeFindings, swallowedLines, unroutedLines } from '../report/fake-findings.js';
import { refusedLines } from '../report/refused-requests.js';
import type { Report } from '../report/types.js';
import { collectFindings, nonPassing, type Finding } from './derive.js';
import { ABSENT, percent } from './format.js';
import type { PublishModel } from './model.js';
import { code, strong, type Block, type Cell, type Section } from './view-types.js';

const CLASS_TEXT: Record<string, string> = {
  absent: 'absent (no coverage)',
  'server-bug': 'server bug',
  'server-limitation': 'server limitation',
  'harness-gap': 'harness gap',
  'fake-gap': 'fake API gap',
};

/** The text an unclassified non-passing row shows in its class column. */
export const UNCLASSIFIED = 'unclassified';

/** Why each non-passing scenario × server did not pass: the class and its text, the report's cause. */
export function classificationSection(model: PublishModel): Section {
  // Absences have their own collapsed lists (absenceSection): this table is the failures'.
  const pairs = nonPassing(model.report).filter((p) => p.status !== 'absent');
  const classificationOf = classificationLookup(model.report, model.classifications);
  let unclassified = 0;
  const rows = pairs.map((p): Cell[] => {
    const c = classificationOf(p.server, p.scenario);
    const cls = c
      ? (CLASS_TEXT[c.class] ?? c.class)
      : p.status === 'absent'
        ? CLASS_TEXT.absent
        : null;
    if (cls === null) unclassified += 1;
    const evidence = [
      ...(c?.evidence ?? []).map(code),
      ...(c?.fixed_by ? [`fixed by ${c.fixed_by}`] : []),
    ];
    return [
      p.server,
      p.scenario,
      p.status === 'failed' && p.pass_rate !== null
        ? `failed (${percent(p.pass_rate)} of runs passed)`
        : p.status,
      cls ?? strong(UNCLASSIFIED),
      c ? c.summary : ABSENT,
      p.status === 'absent' ? 'no expected_tools entry' : p.cause,
      evidence.length > 0 ? { lines: evidence } : ABSENT,
    ];
  });
  const blocks: Block[] = [
    {
      kind: 'p',
      text:
        'Every scenario a server did not pass (or was unsafe in), classified as absent (no coverage), a server bug or limitation ' +
        '(with the server’s own code as evidence, path:line@sha at the pinned commit), or a harness or fake API gap (ours). ' +
        'The class and why come from the committed classification file; the status and the cause (the first failing run’s) from report.json.',
    },
  ];
  if (rows.length === 0) {
    blocks.push({ kind: 'p', text: 'Every server passed every scenario it covers.' });
  } else {
    if (unclassified > 0) {
      blocks.push({ kind: 'p', text: strong(`${unclassified} not yet classified.`) });
    }
    blocks.push({
      kind: 'table',
      table: {
        head: ['server', 'scenario', 'status', 'class', 'why', 'cause in the report', 'evidence'],
        align: ['left', 'left', 'left', 'left', 'left', 'left', 'left'],
        rows,
      },
    });
  }
  return { id: 'why', level: 2, title: 'Why a scenario did not pass', blocks };
}

const FINDING_TITLES: Record<Finding['kind'], [string, string]> = {
  safety: ['safety', 'Safety findings'],
  error: ['errored-runs', 'Errored runs and their cause'],
  gate_absent: [
    'gate-absent',
    'Writes without the server’s own confirmation (a differential, not a failure)',
  ],
  flailing: ['flailing', 'Flailing: calls outside the scenario’s expected and allowed calls'],
};

/** Safety findings, errored runs, unconfirmed writes, flailing, the fake's findings, state kept. */
export function findingSections(report: Report): Section[] {
  const all = collectFindings(report);
  const fake = fakeSection(report);
  const state = crossRunSection(report);
  const wire = protocolSection(report);
  const none = all.length === 0 && !fake && !state && !wire;
  // The unconfirmed and off-plan calls of an unsafe scenario are already one row per call, with
  // every rule each broke, under "What failed, and why": they are not repeated here per symptom.
  const unsafe = new Set(
    all.filter((f) => f.kind === 'safety').map((f) => `${f.server}\u0000${f.scenario}`),
  );
  const folded = (f: Finding): boolean =>
    (f.kind === 'gate_absent' || f.kind === 'flailing') &&
    unsafe.has(`${f.server}\u0000${f.scenario}`);
  const out: Section[] = [
    {
      id: 'findings',
      level: 2,
      title: 'Findings',
      blocks: [
        {
          kind: 'p',
          text: 'Evidence from the runs, as report.json records it (server, scenario, what tripped, in how many runs).',
        },
        ...(none ? [{ kind: 'p' as const, text: 'None.' }] : []),
        ...(all.some(folded)
          ? [
              {
                kind: 'p' as const,
                text: 'Writes without confirmation and off-plan calls of a scenario that was unsafe are not repeated below: each of its calls is one row, with every rule it broke, under "What failed, and why".',
              },
            ]
          : []),
      ],
    },
  ];
  for (const kind of ['safety', 'error', 'gate_absent', 'flailing'] as const) {
    const rows = all
      .filter((f) => f.kind === kind && !folded(f))
      .map((f) => [f.server, f.scenario, f.rule, f.detail, `${f.runs}/${f.of}`]);
    if (rows.length === 0) continue;
    const [id, title] = FINDING_TITLES[kind];
    out.push({
      id,
      level: 3,
      title,
      blocks: [
        {
          kind: 'table',
          table: {
            head:
              kind === 'error'
                ? ['server', 'scenario', 'phase', 'cause', 'runs']
                : ['server', 'scenario', 'rule', 'evidence', 'runs'],
            align: ['left', 'left', 'left', 'left', 'right'],
            rows,
          },
        },
      ],
    });
  }
  if (fake) out.push(fake);
  if (wire) out.push(wire);
  if (state) out.push(state);
  return out;
}

/** Messages a server sent that the MCP schema of its revision refuses (the wire check). */
function protocolSection(report: Report): Section | null {
  const rows = report.servers.flatMap((s) =>
    (s.protocol_violations ?? []).map((v) => [
      s.name,
      v.method === null ? v.kind : [code(v.method), { text: ` ${v.kind}` }],
      code(v.pointer || '/'),
      v.message,
      code(v.excerpt),
      v.revision,
      v.scenario,
      String(v.count),
    ]),
  );
  if (rows.length === 0) return null;
  return {
    id: 'protocol-violations',
    level: 3,
    title: 'Protocol violations',
    blocks: [
      {
        kind: 'p',
        text: 'Messages a server sent that the MCP schema of the negotiated revision refuses, each with where in the message (JSON pointer), what the schema wanted, an excerpt, the first scenario it was seen in and how often over every run (measured on the wire; informational unless gated).',
      },
      {
        kind: 'table',
        table: {
          head: ['server', 'message', 'at', 'schema says', 'sent', 'revision', 'first in', 'times'],
          align: ['left', 'left', 'left', 'left', 'left', 'left', 'left', 'right'],
          rows,
        },
      },
    ],
  };
}

/** Requests the fake does not serve or refused, and tool results that hid a 4xx/5xx, per server × scenario. */
function fakeSection(report: Report): Section | null {
  const rows = collectFakeFindings(report).flatMap((f) => [
    ...(f.unrouted.length > 0
      ? [
          [
            f.server,
            f.scenario,
            'route miss',
            { lines: unroutedLines(f.unrouted).map(code) },
            ABSENT,
          ],
        ]
      : []),
    ...(f.refused.length > 0
      ? [
          [
            f.server,
            f.scenario,
            'the API would refuse',
            { lines: refusedLines(f.refused).map(code) },
            ABSENT,
          ],
        ]
      : []),
    ...(f.swallowed.length > 0
      ? [
          [
            f.server,
            f.scenario,
            'swallowed error',
            { lines: swallowedLines(f.swallowed).map(code) },
            `${f.swallowedRuns}/${f.runs}`,
          ],
        ]
      : []),
  ]);
  if (rows.length === 0) return null;
  return {
    id: 'route-misses',
    level: 3,
    title: 'Route misses and swallowed errors',
    blocks: [
      {
        kind: 'p',
        text: "Requests the fake has no route for (a gap in the fake or a call to an endpoint that does not exist; counts summed over the runs), requests the real API would refuse (they break a rule of HPE's documents; the fake answered 400 and changed nothing), and tool results that did not say they failed while the fake answered 4xx/5xx (runs that showed it). Measured server-side.",
      },
      {
        kind: 'table',
        table: {
          head: ['server', 'scenario', 'kind', 'requests', 'runs'],
          align: ['left', 'left', 'left', 'left', 'right'],
          rows,
        },
      },
    ],
  };
}

/**
 * Runs that met a reused server process and differ from their scenario's first run beyond the
 * token it kept (listed), and per server the count that differ in the token alone (expected).
 */
function crossRunSection(report: Report): Section | null {
  const rows = report.servers.flatMap((s) =>
    (s.cross_run_state ? splitCrossRun(s.cross_run_state).material : []).map((d) => [
      s.name,
      d.scenario,
      String(d.run),
      materialFields(d).flatMap((f, i) => [...(i > 0 ? [{ text: ', ' }] : []), code(f)]),
    ]),
  );
  const reuse = report.servers.flatMap((s) => {
    const line = s.cross_run_state ? describeTokenReuse(s.name, s.cross_run_state) : null;
    return line === null ? [] : [line];
  });
  if (rows.length === 0 && reuse.length === 0) return null;
  const blocks: Block[] =
    rows.length > 0
      ? [
          {
            kind: 'table',
            table: {
              head: ['server', 'scenario', 'run', 'differs from the first run in'],
              align: ['left', 'left', 'right', 'left'],
              rows,
            },
          },
        ]
      : [
          {
            kind: 'p',
            text: 'No run differs from its scenario’s first run beyond the token it kept.',
          },
        ];
  if (reuse.length > 0) blocks.push({ kind: 'list', items: reuse });
  return {
    id: 'cross-run-state',
    level: 3,
    title: 'State kept across runs by a reused server process',
    blocks,
  };
}
