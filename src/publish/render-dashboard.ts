import type { Report } from '../report/types.js';
import { collectFindings, nonPassing, perSuccess } from './derive.js';
import { ABSENT, decimal, fraction, integer } from './format.js';
import type { PublishModel } from './model.js';
import {
  barChart,
  escapeHtml as e,
  groupedFractionChart,
  scatterChart,
  seriesColour,
} from './svg-charts.js';

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1100px;color:#1b1b1b;padding:0 16px}
h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ddd;padding:3px 8px;text-align:left}
td.num{text-align:right}
.badge{display:inline-block;font-size:11px;padding:0 6px;border-radius:8px;margin-left:6px;vertical-align:middle}
.measured{background:#d7f0dd}.computed{background:#dbe8fb}.estimated{background:#fde8c8}
.warn{background:#fff3cd;border:1px solid #e0c060;padding:8px}
svg text{font:12px system-ui,sans-serif;fill:#1b1b1b}svg .absent{fill:#888;font-style:italic}
svg .grid{stroke:#eee}svg .axis{stroke:#888}
code{font-size:12px}small{color:#555}
`;

const badge = (label: string): string => {
  const kind = label.startsWith('measured')
    ? 'measured'
    : label === 'estimated'
      ? 'estimated'
      : 'computed';
  return `<span class="badge ${kind}">${e(label)}</span>`;
};

function scoreTable(report: Report): string {
  const head = [
    'server',
    'task success',
    'tool selection',
    'tokens mean',
    'tokens / success',
    'calls mean',
    'calls / success',
    'latency mean (ms)',
    'unsafe scenarios',
    'absent',
  ];
  const rows = report.overall.map((r) => {
    const per = perSuccess(report, r.server);
    return [
      r.server,
      fraction(r.task_success),
      fraction(r.tool_selection_accuracy),
      r.tokens ? integer(r.tokens.mean) : ABSENT,
      per.tokens_per_success === null ? ABSENT : integer(per.tokens_per_success),
      r.api_calls ? decimal(r.api_calls.mean) : ABSENT,
      per.calls_per_success === null ? ABSENT : decimal(per.calls_per_success),
      r.latency_ms ? integer(r.latency_ms.mean) : ABSENT,
      r.scenarios === 0 ? ABSENT : String(r.safety_failures),
      String(r.absent),
    ];
  });
  return `<table><thead><tr>${head.map((h) => `<th>${e(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.map(cell).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

/** A cell: figures right-aligned, text left. */
const cell = (c: string): string =>
  /^[\d.,()/ —%-]+$/.test(c) ? `<td class="num">${e(c)}</td>` : `<td>${e(c)}</td>`;

function simpleTable(head: string[], rows: string[][]): string {
  return `<table><thead><tr>${head.map((h) => `<th>${e(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.map(cell).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

/**
 * The self-contained HTML dashboard: one file, no script, no network (a Content-Security-Policy
 * forbids loading anything), inline SVG charts of per-suite task success, tokens vs success per
 * server, menu tokens and calls per success, with provenance badges. Every text from the report
 * is escaped. Pure: same model, same bytes.
 */
export function renderDashboard(model: PublishModel): string {
  const { report } = model;
  const names = report.servers.map((s) => s.name);
  const colour = (name: string): string => seriesColour(Math.max(0, names.indexOf(name)));
  const suites = groupedFractionChart(
    'Task success per suite and server',
    names,
    report.suites.map((s) => ({
      label: s.suite,
      values: names.map(
        (n) => s.results.find((r) => r.server === n)?.task_success.fraction ?? null,
      ),
    })),
  );
  const scatter = scatterChart(
    'Tokens per scenario (mean) against task success, per server',
    'tokens per scenario run (mean)',
    'task success',
    report.overall.flatMap((r) =>
      r.tokens && r.task_success.fraction !== null
        ? [
            {
              label: r.server,
              x: r.tokens.mean,
              y: r.task_success.fraction,
              colour: colour(r.server),
            },
          ]
        : [],
    ),
  );
  const menu = barChart(
    'Menu tokens per server',
    report.servers.map((s) => ({
      label: s.name,
      value: s.menu?.total ?? null,
      text: s.menu ? `${integer(s.menu.total)} tokens, ${s.menu.tool_count} tools` : ABSENT,
      colour: colour(s.name),
    })),
  );
  const calls = barChart(
    'API calls per successful task',
    names.map((n) => {
      const per = perSuccess(report, n);
      return {
        label: n,
        value: per.calls_per_success,
        text:
          per.calls_per_success === null
            ? ABSENT
            : `${decimal(per.calls_per_success)} (${per.successes} successes)`,
        colour: colour(n),
      };
    }),
  );
  const legend = names
    .map((n, i) => `<span style="color:${seriesColour(i)}">■</span> ${e(n)}`)
    .join(' &nbsp; ');
  const safety = collectFindings(report).filter((f) => f.kind === 'safety');
  const failing = nonPassing(report).filter((p) => p.status !== 'absent');
  const classes = new Map(
    model.classifications.map((c) => [`${c.server}\u0000${c.scenario}`, c.class]),
  );
  const servers = report.servers.map((s) => [
    s.name,
    model.sources[s.name]?.repo ?? 'this repository',
    s.git ? s.git.sha : ABSENT,
    s.info ? `${s.info.name} ${s.info.version}` : 'did not start',
  ]);
  const policy = report.settings.policy;
  const body = [
    `<h1>hpe-mcp-bench head-to-head ${e(model.version)}</h1>`,
    `<p>Harness ${e(report.harness.version)}, methodology ${e(report.harness.methodology_version ?? 'not recorded')}, ` +
      `${report.scenarios.length} scenarios × ${report.servers.length} servers × ${report.settings.runs} runs, policy <code>${e(policy.name)}</code>` +
      `${policy.model ? `, model <code>${e(policy.model)}</code>` : ''}${policy.seed === undefined ? '' : `, seed ${policy.seed}`}, ` +
      `tokenizer <code>${e(report.settings.tokenizer)}</code>, manifest <code>${e(report.manifest.hash)}</code>, generated ${e(report.generated_at)}.</p>`,
    report.gating_eligible
      ? ''
      : `<p class="warn">Fewer than 5 runs per scenario: not publishable as a comparison.</p>`,
    model.couldNotRun.length > 0
      ? `<p class="warn">Could not run: ${model.couldNotRun.map((c) => `${e(c.server)} (${e(c.stage)})`).join(', ')}. See the results page for the log tails.</p>`
      : '',
    simpleTable(['server', 'repository', 'commit', 'MCP serverInfo'], servers),
    `<h2>Scoreboard ${badge('computed')}${badge('measured (server-side)')}${badge('measured')}</h2>`,
    scoreTable(report),
    `<p><small>${ABSENT} = absent (nothing to count). Per success = total over every scored run ÷ successful runs.</small></p>`,
    `<h2>Task success per suite ${badge('computed')}</h2><p>${legend}</p>`,
    suites,
    `<h2>Tokens vs task success ${badge(report.provenance.tokens)}</h2>`,
    scatter,
    `<h2>Menu tokens ${badge(report.provenance.tokens)}</h2>`,
    menu,
    `<h2>API calls per successful task ${badge('computed')}</h2>`,
    calls,
    `<h2>Safety findings ${badge('computed')}</h2>`,
    safety.length === 0
      ? '<p>None.</p>'
      : simpleTable(
          ['server', 'scenario', 'rule', 'evidence', 'runs'],
          safety.map((f) => [f.server, f.scenario, f.rule, f.detail, `${f.runs}/${f.of}`]),
        ),
    `<h2>Scenarios not passed</h2>`,
    failing.length === 0
      ? '<p>None.</p>'
      : simpleTable(
          ['server', 'scenario', 'status', 'class'],
          failing.map((p) => [
            p.server,
            p.scenario,
            p.status,
            classes.get(`${p.server}\u0000${p.scenario}`) ?? 'unclassified',
          ]),
        ),
    `<h2>Provenance and caveats</h2>`,
    `<p>${badge('measured')} observed on the wire or the clock; ${badge('measured (server-side)')} counted by the fake API; ${badge('computed')} deterministic arithmetic over measurements; ${badge('estimated')} a model with stated assumptions.</p>`,
    `<ul>${report.caveats.map((c) => `<li>${e(c)}</li>`).join('')}</ul>`,
  ];
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>hpe-mcp-bench head-to-head ${e(model.version)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    ...body.filter((b) => b !== ''),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
