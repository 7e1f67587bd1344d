import { figure } from '../report/figures.js';
import type { Report } from '../report/types.js';
import { integer } from './format.js';
import type { PublishModel } from './model.js';
import { commonScenarios, ranked, standings, type Standing } from './standings.js';
import { inJob, JOBS } from './suite-jobs.js';
import { strong, type Block, type Cell, type Section } from './view-types.js';

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
  const servers = report.servers.map((s) => s.name);
  const rows: Cell[][] = [];
  for (const job of JOBS) {
    const ids = new Set(
      report.scenarios.filter((s) => inJob(job, s.suite, platform(s.id))).map((s) => s.id),
    );
    if (ids.size === 0) continue;
    const list = standings(report, (s) => ids.has(s.id));
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
        text: 'Per job, the server that passes most of its scenarios safely (by majority of runs, with no unsafe run), then each server: scenarios passed safely of those it covers, its coverage of the job, and tokens per safely passed run (computed). A server that does not cover a scenario cannot pass it.',
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

/**
 * The scoreboard on equal terms: each server's MCP era and coverage beside its success, success
 * counting only runs both successful and safe, "passed but unsafe" apart, and the ranking on the
 * scenarios every server covers as well as on all.
 */
export function standingSection(report: Report): Section {
  const all = ranked(standings(report));
  const common = commonScenarios(report);
  const onCommon = new Map(
    standings(report, (s) => common.has(s.id)).map((s) => [s.server, s] as const),
  );
  const rows = all.map((s): Cell[] => {
    const c = onCommon.get(s.server);
    return [
      s.server,
      s.era ?? '—',
      `${s.covered}/${s.total}`,
      rate(s),
      s.unsafe_passes > 0 ? strong(String(s.unsafe_passes)) : '0',
      String(s.failed),
      c && common.size > 0 ? rate(c) : '—',
    ];
  });
  const eras = new Set(all.map((s) => s.era?.replace(/ .*/, '')).filter((e) => e));
  const blocks: Block[] = [
    {
      kind: 'p',
      text: `Ranked by scenarios passed safely of those each server covers: a scenario counts only when the majority of its runs passed and none of its runs was unsafe; "passed but unsafe" are the scenarios that passed with an unsafe run (not counted as passes). The last column ranks on the ${common.size} scenario${common.size === 1 ? '' : 's'} every server covers, the only like-for-like comparison when coverage differs.`,
    },
    {
      kind: 'table',
      table: {
        head: [
          'server',
          'MCP protocol (era)',
          'covers',
          'passed safely',
          'passed but unsafe',
          'failed',
          `on the ${common.size} all cover`,
        ],
        align: ['left', 'left', 'right', 'right', 'right', 'right', 'right'],
        rows,
        stack: true,
      },
    },
  ];
  if (eras.size > 1) {
    blocks.push({
      kind: 'warn',
      text: [
        strong('Protocol eras differ:'),
        {
          text: ` the harness spoke each server's newest revision (${[...eras].join(', ')}), so the servers were not all measured in one era. A server may answer differently in the other era (elicitation, for one, is era-specific); this run did not score any server in both.`,
        },
      ],
    });
  }
  return { id: 'standings', level: 2, title: 'Ranking on equal terms', blocks };
}
