import { figure } from '../report/figures.js';
import type { Report } from '../report/types.js';
import { integer } from './format.js';
import type { PublishModel } from './model.js';
import { eraDifference, eraPlan, revisionOf } from './eras.js';
import { commonScenarios, ranked, standings, type Standing } from './standings.js';
import { inJob, JOBS } from './suite-jobs.js';
import { strong, type Block, type Cell, type Section, type Span } from './view-types.js';

const rate = (s: Standing): string =>
  s.rate === null ? 'covers none' : `${s.rate.toFixed(2)} (${s.safe_passes}/${s.covered})`;

/** Tokens per run that passed safely, over the scenarios `ids` (computed; null when none did). */
function tokensPerSafePass(report: Report, server: string, ids: Set<string>): number | null {
  const runs = report.scenarios
    .filter((s) => ids.has(s.id))
    .flatMap((s) => s.results.filter((r) => r.server === server && !r.absent))
    .flatMap((r) => r.runs.filter((run) => run.status === 'ok'));
  const safe = runs.filter((r) => r.task_success && !r.safety_failure).length;
  const read = figure('tokens').read;
  const total = runs.reduce((n, r) => n + (read(r) ?? 0), 0);
  return safe > 0 ? Math.round(total / safe) : null;
}

/**
 * Which server for which job: per job, the server that passes most of the job's scenarios
 * safely (a count, so covering more can win), each server's safe passes, coverage and tokens
 * per safe pass. Jobs are groups of suites (suite-jobs.ts); a job with no scenario in the report
 * is left out.
 */
export function pickSection(model: PublishModel): Section | null {
  const { report } = model;
  const platform = (id: string): string | undefined => model.scenarioInfo?.[id]?.platform;
  // One entry per server, all in the common era (a dual-era server's other entry is not a
  // server of its own: eras.ts).
  const plan = eraPlan(report);
  const servers = [...plan.ranked];
  const rows: Cell[][] = [];
  for (const job of JOBS) {
    const ids = new Set(
      report.scenarios.filter((s) => inJob(job, s.suite, platform(s.id))).map((s) => s.id),
    );
    if (ids.size === 0) continue;
    // In the columns' order (the era plan's), never the report's: a dual-era server's ranked
    // entry need not stand where its group does, and a cell under another server's name is a
    // wrong result on the published page (the 0.5.0 page showed karthik's figures as
    // nowireless4u's).
    const byName = new Map(standings(report, (s) => ids.has(s.id)).map((s) => [s.server, s]));
    const list = servers.flatMap((name) => byName.get(name) ?? []);
    const most = Math.max(...list.map((s) => s.safe_passes));
    const best = list.filter((s) => s.safe_passes === most && most > 0).map((s) => s.server);
    rows.push([
      job.name,
      String(ids.size),
      best.length > 0 ? strong(best.join(', ')) : 'none passes one safely',
      ...list.map((s) => {
        const tokens = tokensPerSafePass(report, s.server, ids);
        return s.covered === 0
          ? `covers 0/${ids.size}`
          : `${s.safe_passes}/${s.covered} safely · covers ${s.covered}/${ids.size}${tokens === null ? '' : ` · ${integer(tokens)} tokens/pass`}`;
      }),
    ]);
  }
  if (rows.length === 0) return null;
  return {
    id: 'pick-a-server',
    level: 2,
    title: 'Which server for which job',
    blocks: [
      {
        kind: 'p',
        text: `Per job, the server that passes most of its scenarios safely (by majority of runs, with no unsafe run), then each server: scenarios passed safely of those it covers, its coverage of the job, and tokens per safely passed run (computed). A server that does not cover a scenario cannot pass it.${plan.era === null ? '' : ` Every server on MCP ${plan.era}.`}`,
      },
      {
        kind: 'table',
        table: {
          head: ['job', 'scenarios', 'passes most safely', ...servers],
          align: ['left', 'right', 'left', ...servers.map(() => 'left' as const)],
          rows,
          stack: true,
        },
      },
    ],
  };
}

/** The scoreboard's table: a column for the other era only when a server was run in two. */
function standingTable(rows: Cell[][], commonSize: number, dual: boolean): Block {
  return {
    kind: 'table',
    table: {
      head: [
        'server',
        'MCP protocol (era)',
        'covers',
        'passed safely',
        'passed but unsafe',
        'failed',
        `on the ${commonSize} all cover`,
        ...(dual ? ['in its other era'] : []),
      ],
      align: [
        'left',
        'left',
        'right',
        'right',
        'right',
        'right',
        'right',
        ...(dual ? ['left' as const] : []),
      ],
      rows,
      stack: true,
    },
  };
}

/**
 * The scoreboard on equal terms: each server's MCP era and coverage beside its success, success
 * counting only runs both successful and safe, "passed but unsafe" apart, and the ranking on the
 * scenarios every server covers as well as on all.
 */
export function standingSection(report: Report): Section {
  // One entry per server, in the era they all speak when there is one (eras.ts); a dual-era
  // server's entry in its other era is shown beside, never ranked as a server of its own.
  const plan = eraPlan(report);
  const every = standings(report);
  const byName = new Map(every.map((s) => [s.server, s] as const));
  const all = ranked(every.filter((s) => plan.ranked.includes(s.server)));
  const common = commonScenarios(report);
  const onCommon = new Map(
    standings(report, (s) => common.has(s.id)).map((s) => [s.server, s] as const),
  );
  const dual = plan.beside.size > 0;
  const rows = all.map((s): Cell[] => {
    const c = onCommon.get(s.server);
    const others = (plan.beside.get(s.server) ?? []).flatMap((name) => {
      const o = byName.get(name);
      return o ? [`${revisionOf(report, name)}: ${rate(o)}`] : [];
    });
    return [
      s.server,
      s.era ?? '—',
      `${s.covered}/${s.total}`,
      rate(s),
      s.unsafe_passes > 0 ? strong(String(s.unsafe_passes)) : '0',
      String(s.failed),
      c && common.size > 0 ? rate(c) : '—',
      ...(dual ? [others.length > 0 ? { lines: others } : '—'] : []),
    ];
  });
  const eras = new Set(all.map((s) => s.era?.replace(/ .*/, '')).filter((e) => e));
  const onEra =
    plan.era !== null && eras.size === 1
      ? ` Every server is ranked on MCP ${plan.era}, the revision all of them speak${dual ? '; a server that speaks another revision too was run in it as well, and its figures there are in the last column, the difference explained below the table' : ''}.`
      : '';
  const blocks: Block[] = [
    {
      kind: 'p',
      text: `Ranked by scenarios passed safely of those each server covers: a scenario counts only when the majority of its runs passed and none of its runs was unsafe; "passed but unsafe" are the scenarios that passed with an unsafe run (not counted as passes). The column "on the ${common.size} all cover" ranks on the ${common.size} scenario${common.size === 1 ? '' : 's'} every server covers, the only like-for-like comparison when coverage differs.${onEra}`,
    },
    standingTable(rows, common.size, dual),
  ];
  if (dual) {
    blocks.push({
      kind: 'list',
      items: [...plan.beside].flatMap(([name, others]) =>
        others.map((other): Span[] => [
          strong(other),
          { text: ` beside ${name}: ${eraDifference(report, name, other)}.` },
        ]),
      ),
    });
  }
  if (eras.size > 1) {
    blocks.push({
      kind: 'warn',
      text: [
        strong('Protocol eras differ:'),
        {
          text: ` the harness spoke each server's newest revision (${[...eras].join(', ')}), and no revision is spoken by every server, so the servers were not all measured in one era. A server may answer differently in another era (elicitation, for one, is era-specific).`,
        },
      ],
    });
  }
  return { id: 'standings', level: 2, title: 'Ranking on equal terms', blocks };
}
