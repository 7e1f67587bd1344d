import { entriesByTool, statusCounts, toolStatus } from '../report/render-sweep.js';
import type { Report } from '../report/types.js';
import { evidenceSpan } from './evidence-link.js';
import type { PublishModel } from './model.js';
import {
  classifySweeps,
  SWEEP_CLASSES,
  type ClassifiedTool,
  type SweepRule,
} from './sweep-rules.js';
import { code, strong, type Block, type Section, type Span } from './view-types.js';

const UNCLASSIFIED = 'unclassified';

/** One rule's tools, grouped by the report's detail: `detail: a, b; other: c` (or `a, b`). */
function toolsByDetail(tools: readonly ClassifiedTool[]): Span[] {
  const byDetail = new Map<string, string[]>();
  for (const t of tools) byDetail.set(t.detail, [...(byDetail.get(t.detail) ?? []), t.tool]);
  return [...byDetail].flatMap(([detail, names], i) => [
    { text: `${i > 0 ? '; ' : ''}${detail === '' ? '' : `${detail}: `}` },
    ...names.flatMap((n, j) => [...(j > 0 ? [{ text: ', ' }] : []), code(n)]),
  ]);
}

/**
 * The causes of one server's non-ok tools: one item per rule (by class, then file order), the
 * class, the cause, its evidence, how many tools and which (grouped by the report's detail).
 */
function causeItems(tools: readonly ClassifiedTool[], repo: string | undefined): Span[][] {
  const byRule = new Map<SweepRule | null, ClassifiedTool[]>();
  for (const t of tools) byRule.set(t.rule, [...(byRule.get(t.rule) ?? []), t]);
  const rank = (r: SweepRule | null): number =>
    r === null ? SWEEP_CLASSES.length : SWEEP_CLASSES.indexOf(r.class);
  return [...byRule]
    .sort((a, b) => rank(a[0]) - rank(b[0]))
    .map(([rule, list]) => [
      strong(rule?.class ?? UNCLASSIFIED),
      { text: `: ${rule?.cause ?? 'no sweep rule of the classification matches'}` },
      ...(rule?.evidence ?? []).flatMap((e) => [{ text: ' ' }, evidenceSpan(e, repo)]),
      {
        text: ` (${list.length} tool${list.length === 1 ? '' : 's'}, ${list[0]?.status ?? ''}) — `,
      },
      ...toolsByDetail(list),
    ]);
}

/** Counts per class per server, and each server's non-ok tools by cause, collapsed. */
function causeBlocks(model: PublishModel, rules: readonly SweepRule[]): Block[] {
  const classified = classifySweeps(model.report, rules).filter((s) => s.tools.length > 0);
  if (classified.length === 0) return [];
  const classOf = (t: ClassifiedTool): string => t.rule?.class ?? UNCLASSIFIED;
  const present = [...SWEEP_CLASSES, UNCLASSIFIED].filter((c) =>
    classified.some((s) => s.tools.some((t) => classOf(t) === c)),
  );
  const blocks: Block[] = [
    {
      kind: 'p',
      text: 'Why the others are not ok, by class (the classification file’s sweep rules: by-design, not called on purpose; harness-gap and fake-gap, ours; not-applicable, the tool reads no API the fake serves; server-bug and server-limitation, the server’s code). Each tool is listed under its cause with what the report says of it: the arguments missing, the error, or the calls made.',
    },
    {
      kind: 'table',
      table: {
        head: ['class', ...classified.map((s) => s.server)],
        align: ['left', ...classified.map(() => 'right' as const)],
        rows: present.map((c) => [
          c,
          ...classified.map((s) => String(s.tools.filter((t) => classOf(t) === c).length)),
        ]),
        stack: true,
      },
    },
  ];
  for (const s of classified) {
    blocks.push({
      kind: 'details',
      summary: `${s.server}: the ${s.tools.length} tool${s.tools.length === 1 ? '' : 's'} not ok, by cause`,
      items: causeItems(s.tools, model.sources[s.server]?.repo),
    });
  }
  return blocks;
}

/**
 * Each server's tool surface from the sweep (servers[].sweep): how many of its tools answered
 * with the fixture's data when called once with inferred arguments, how many did not and why,
 * and the tools that did not, collapsed: by cause when the classification has sweep rules
 * (counts per class per server, then each cause with its tools), else each with its status.
 * Null when no server has a sweep.
 */
export function toolSurfaceSection(report: Report, model?: PublishModel): Section | null {
  const swept = report.servers.flatMap((s) => (s.sweep ? [{ name: s.name, sweep: s.sweep }] : []));
  if (swept.length === 0) return null;
  const blocks: Block[] = [
    {
      kind: 'p',
      text: 'Every tool of each server’s menu called once per fixture bundle with arguments inferred from its schema (read tools unless the run swept all), judged against what the fake served: ok (the served data came back), or why not. Measured; independent of the scenarios’ plans.',
    },
  ];
  const rows = swept.map(({ name, sweep }) => {
    const byTool = entriesByTool(sweep);
    const { ok, others } = statusCounts(byTool);
    return [
      name,
      String(sweep.menu.length),
      sweep.failure !== null && sweep.tools.length === 0
        ? 'not run (the server did not start)'
        : `${ok}/${byTool.size}`,
      others.join(', ') || '—',
    ];
  });
  blocks.push({
    kind: 'table',
    table: {
      head: ['server', 'tools on the menu', 'ok of swept', 'the others'],
      align: ['left', 'right', 'right', 'left'],
      rows,
      stack: true,
    },
  });
  const rules = model?.sweepRules ?? [];
  if (model && rules.length > 0) {
    blocks.push(...causeBlocks(model, rules));
    return { id: 'tool-surface', level: 2, title: 'Tool surface (the sweep)', blocks };
  }
  for (const s of swept) {
    const notOk = [...entriesByTool(s.sweep)]
      .map(([tool, entries]) => [tool, toolStatus(entries)] as const)
      .filter(([, status]) => status !== 'ok');
    if (notOk.length === 0) continue;
    blocks.push({
      kind: 'details',
      summary: `${s.name}: the ${notOk.length} tool${notOk.length === 1 ? '' : 's'} not ok`,
      items: notOk.map(([tool, status]) => [code(tool), { text: `: ${status}` }]),
    });
  }
  return { id: 'tool-surface', level: 2, title: 'Tool surface (the sweep)', blocks };
}
