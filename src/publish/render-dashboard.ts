import { buildView } from './build-view.js';
import { dashboardChart } from './dashboard-charts.js';
import type { PublishModel } from './model.js';
import { dashboardMarker } from './page-identity.js';
import { escapeHtml as e } from './svg-charts.js';
import type { Block, Cell, Inline, Span } from './view-types.js';

// Readable at 1400 px and on a phone (~390 px): text wraps in the page's width, wide tables and
// charts scroll inside their own box (the page itself never scrolls sideways), charts keep their
// drawn size so their 12 px labels stay 12 px.
const STYLE = `
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1360px;color:#1b1b1b;padding:0 16px}
h1{font-size:22px;line-height:1.25}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ddd}h3{font-size:15px;margin-top:22px}
.scroll{overflow-x:auto;max-width:100%;margin:8px 0}
table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ddd;padding:3px 6px;text-align:left;vertical-align:top}
th{background:#f6f6f6;font-weight:600}td.num,th.num{text-align:right}td.num{white-space:nowrap}
td{overflow-wrap:break-word}li{overflow-wrap:anywhere}
pre{background:#f6f6f6;padding:8px;overflow-x:auto;font-size:12px}
.warn{background:#fff3cd;border:1px solid #e0c060;padding:8px}
figure{display:inline-block;vertical-align:top;max-width:100%;margin:12px 0}
@media (min-width:1000px){figure{margin-right:28px}}figcaption{font-weight:600;margin-bottom:4px}
.legend{font-size:13px;margin:2px 0 6px}.sw{display:inline-block;width:11px;height:11px;margin:0 4px 0 10px;vertical-align:-1px}
.badge{display:inline-block;font-size:11px;font-weight:400;padding:0 6px;border-radius:8px;margin-left:6px;vertical-align:middle}
.measured{background:#d7f0dd}.computed{background:#dbe8fb}.estimated{background:#fde8c8}
svg{display:block}svg text{font:12px system-ui,sans-serif;fill:#1b1b1b}svg .absent{fill:#777;font-style:italic}
svg .axis-title{fill:#444}svg .grid{stroke:#eee}svg .axis{stroke:#888}svg .absent-bar{fill:none;stroke:#bbb;stroke-dasharray:3 2}
code{font-size:12px;overflow-wrap:anywhere}a code{color:inherit}
details{margin:6px 0}summary{cursor:pointer}summary>h2,summary>h3{display:inline-block;margin:10px 0 4px;border:0}
.glance td:first-child{font-weight:600}
figure .narrow{display:none}
@media (max-width:640px){body{margin:12px auto;padding:0 10px;font-size:15px}h1{font-size:19px}figure .wide{display:none}figure .narrow{display:block}
table.stack thead{display:none}table.stack,table.stack tbody,table.stack tr,table.stack td{display:block;width:100%}
table.stack tr{border:1px solid #ccc;margin:0 0 10px}table.stack td,table.stack td.num{border:0;border-bottom:1px solid #eee;text-align:left;white-space:normal}
table.stack td::before{content:attr(data-label);display:block;font-size:12px;font-weight:600;color:#555}}
`;

function span(s: Span): string {
  const text = e(s.text);
  const shown = s.code ? `<code>${text}</code>` : s.strong ? `<strong>${text}</strong>` : text;
  // No links: the dashboard references nothing outside itself (the page links evidence); the
  // full text a short one stands for is on hover.
  return s.title ? `<span title="${e(s.title)}">${shown}</span>` : shown;
}

/** Inline content as HTML; every text from the report is escaped. */
function inline(content: Inline): string {
  if (typeof content === 'string') return e(content);
  if (Array.isArray(content)) return (content as readonly Span[]).map(span).join('');
  return span(content as Span);
}

const cellHtml = (c: Cell): string =>
  typeof c === 'object' && 'lines' in c ? c.lines.map(inline).join('<br>') : inline(c);

function block(b: Block, model: PublishModel): string {
  switch (b.kind) {
    case 'p':
      return `<p>${inline(b.text)}</p>`;
    case 'warn':
      return `<p class="warn">${inline(b.text)}</p>`;
    case 'list':
      return `<ul>${b.items.map((i) => `<li>${inline(i)}</li>`).join('')}</ul>`;
    case 'table': {
      const { head, align, rows } = b.table;
      const cls = (i: number): string => (align[i] === 'right' ? ' class="num"' : '');
      // A stacked table labels each cell with its column, for the narrow screen's cards.
      const label = (i: number): string =>
        b.table.stack ? ` data-label="${e(head[i] ?? '')}"` : '';
      return `<div class="scroll"><table${b.table.stack ? ' class="stack"' : ''}><thead><tr>${head.map((h, i) => `<th${cls(i)}>${e(h)}</th>`).join('')}</tr></thead><tbody>${rows
        .map(
          (r) =>
            `<tr>${r.map((c, i) => `<td${cls(i)}${label(i)}>${cellHtml(c)}</td>`).join('')}</tr>`,
        )
        .join('')}</tbody></table></div>`;
    }
    case 'pre':
      return `<pre>${e(b.text)}</pre>`;
    case 'details':
      return `<details><summary>${e(b.summary)}</summary><ul>${b.items.map((i) => `<li>${inline(i)}</li>`).join('')}</ul></details>`;
    case 'chart':
      return dashboardChart(b.chart, model);
  }
}

/**
 * The self-contained HTML dashboard: the same view as the results page (build-view.ts), every
 * table of it, with inline SVG charts beside the tables they draw. One file, no script, no
 * network (a Content-Security-Policy forbids loading anything); every text from the report is
 * escaped. Pure: same model, same bytes.
 */
export function renderDashboard(model: PublishModel): string {
  const view = buildView(model);
  const body = [
    `<h1>${e(view.title)}</h1>`,
    ...view.intro.map((b) => block(b, model)),
    ...view.sections.map((s) => {
      const heading = `<h${s.level}>${e(s.title)}</h${s.level}>`;
      const inner = s.blocks
        .map((b) => block(b, model))
        .filter((html) => html !== '')
        .join('\n');
      return s.collapsed
        ? `<section id="${e(s.id)}"><details><summary>${heading}</summary>${inner}</details></section>`
        : `<section id="${e(s.id)}">${heading}${inner}</section>`;
    }),
  ];
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(view.title)}</title>`,
    dashboardMarker(model.report),
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
