import { perSuccess } from './derive.js';
import { ABSENT, decimal, integer } from './format.js';
import type { PublishModel } from './model.js';
import { callOutcomes, findability } from './optional-content.js';
import { scatterChart } from './scatter-chart.js';
import { standings } from './standings.js';
import {
  NARROW,
  WIDE,
  barChart,
  escapeHtml as e,
  groupedFractionChart,
  seriesColour,
  stackedShareChart,
} from './svg-charts.js';
import type { ChartId } from './view-types.js';

const badge = (label: string): string => {
  const kind = label.startsWith('measured')
    ? 'measured'
    : label === 'estimated'
      ? 'estimated'
      : 'computed';
  return `<span class="badge ${kind}">${e(label)}</span>`;
};

const legend = (names: readonly string[], extra = ''): string =>
  `<p class="legend">${names
    .map((n, i) => `<span class="sw" style="background:${seriesColour(i)}"></span>${e(n)}`)
    .join(' ')}${extra}</p>`;

/** What a figure shows: its caption, provenance, legend and the drawing at a width. */
interface Figure {
  caption: string;
  provenance: string;
  legend?: string;
  draw: (width: number) => string;
}

/**
 * A figure drawn twice, wide and narrow: the stylesheet shows the narrow drawing on a phone, so
 * its 12 px labels stay 12 px instead of being scaled down to fit.
 */
const figure = (f: Figure): string =>
  `<figure><figcaption>${e(f.caption)}${badge(f.provenance)}</figcaption>${f.legend ?? ''}` +
  `<div class="wide">${f.draw(WIDE)}</div><div class="narrow">${f.draw(NARROW)}</div></figure>`;

function describe(id: ChartId, model: PublishModel): Figure | null {
  const { report } = model;
  const names = report.servers.map((s) => s.name);
  // Coverage goes on the mark: a server ranked on 23 of 64 scenarios says so where it is drawn.
  const standing = new Map(standings(report).map((s) => [s.server, s] as const));
  const covers = (n: string): string => {
    const s = standing.get(n);
    return s ? `covers ${s.covered}/${s.total}` : '';
  };
  // When every server covers every scenario the caption says so once and the marks keep their
  // names alone (long labels crowd a phone's scatter); otherwise each mark carries its coverage.
  const full = [...standing.values()].every((s) => s.covered === s.total);
  const markLabel = (n: string): string => {
    const s = standing.get(n);
    return full || !s ? n : `${n} ${s.covered}/${s.total}`;
  };
  const allCovered = full ? ` (every server covers all ${report.scenarios.length})` : '';
  const colour = (name: string): string => seriesColour(Math.max(0, names.indexOf(name)));
  switch (id) {
    case 'suites':
      return {
        caption: 'Task success per suite and server',
        provenance: 'computed',
        legend: legend(
          names.map((n) => `${n} (${covers(n)})`),
          ' <small>(dashed outline: absent)</small>',
        ),
        draw: (w) =>
          groupedFractionChart(
            'Task success per suite and server',
            'task success (scenarios passed by majority)',
            names,
            report.suites.map((s) => ({
              label: s.suite,
              values: names.map(
                (n) => s.results.find((r) => r.server === n)?.task_success.fraction ?? null,
              ),
            })),
            w,
          ),
      };
    case 'scatter':
      return {
        caption: `Tokens vs scenarios passed safely (of those covered)${allCovered}`,
        provenance: report.provenance.tokens,
        draw: (w) =>
          scatterChart(
            'Tokens per scenario run (mean) against scenarios passed safely of those covered, per server, with its coverage',
            'tokens per scenario run (mean)',
            'passed safely, of covered',
            report.overall.flatMap((r) => {
              const s = standing.get(r.server);
              return r.tokens && s && s.rate !== null
                ? [
                    {
                      label: markLabel(r.server),
                      x: r.tokens.mean,
                      y: s.rate,
                      colour: colour(r.server),
                    },
                  ]
                : [];
            }),
            w,
          ),
      };
    case 'calls':
      return {
        caption: 'API calls per successful task',
        provenance: 'computed',
        draw: (w) =>
          barChart(
            'API calls per successful task',
            'API calls per successful task',
            names.map((n) => {
              const per = perSuccess(report, n);
              return {
                label: `${n} (${covers(n)})`,
                value: per.calls_per_success,
                text: per.calls_per_success === null ? ABSENT : decimal(per.calls_per_success),
                colour: colour(n),
              };
            }),
            w,
          ),
      };
    case 'menu':
      return {
        caption: 'Menu tokens per server',
        provenance: report.provenance.tokens,
        draw: (w) =>
          barChart(
            'Menu tokens per server',
            'menu tokens',
            report.servers.map((s) => ({
              label: s.name,
              value: s.menu?.total ?? null,
              text: s.menu
                ? `${integer(s.menu.total)} (${s.menu.tool_count} tool${s.menu.tool_count === 1 ? '' : 's'})`
                : ABSENT,
              colour: colour(s.name),
            })),
            w,
          ),
      };
    case 'discoverability': {
      const metrics = ['recall@1', 'recall@5', 'MRR'];
      return {
        caption: 'Discoverability per server',
        provenance: 'computed',
        legend: legend(metrics),
        draw: (w) =>
          groupedFractionChart(
            'Discoverability per server',
            'expected tools found from the intent',
            metrics,
            report.servers.map((s) => {
              const f = findability(s);
              return {
                label: s.name,
                values: f ? [f.recall_at_1, f.recall_at_5, f.mrr] : [null, null, null],
              };
            }),
            w,
          ),
      };
    }
    case 'outcomes': {
      const categories = ['ok', 'error', 'protocol error', 'not executed'];
      const rows = callOutcomes(report).map((c) => ({
        label: c.server,
        counts: [c.ok, c.error, c.protocol_error, c.not_executed],
      }));
      if (rows.length === 0) return null;
      return {
        caption: 'Planned tool calls by outcome',
        provenance: 'measured',
        legend: legend(categories),
        draw: (w) =>
          stackedShareChart(
            'Planned tool calls by outcome',
            'share of planned calls',
            categories,
            rows,
            w,
          ),
      };
    }
  }
}

/**
 * A chart of the dashboard, drawn from the same report figures as the table it stands beside
 * (the page shows only the table). Empty when the report has nothing for it.
 */
export function dashboardChart(id: ChartId, model: PublishModel): string {
  const f = describe(id, model);
  return f ? figure(f) : '';
}
