import { markdownTable } from '../report/markdown-table.js';
import { codeSpan, escapeMarkdown } from '../report/markdown-escape.js';
import { buildView } from './build-view.js';
import type { PublishModel } from './model.js';
import { pageMarker } from './page-identity.js';
import type { Block, Cell, Inline, Span } from './view-types.js';

function span(s: Span): string {
  const text = s.code ? codeSpan(s.text) : escapeMarkdown(s.text);
  const shown = s.strong && !s.code ? `**${text}**` : text;
  // hrefs are built by the view from validated parts (https, no spaces or parentheses).
  return s.href ? `[${shown}](${s.href})` : shown;
}

const html = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Inline content as markdown; every text from the report goes through escapeMarkdown or codeSpan. */
function inline(content: Inline): string {
  if (typeof content === 'string') return escapeMarkdown(content);
  if (Array.isArray(content)) return (content as readonly Span[]).map(span).join('');
  return span(content as Span);
}

const cell = (c: Cell): string =>
  typeof c === 'object' && 'lines' in c ? c.lines.map(inline).join('<br>') : inline(c);

function block(b: Block): string[] {
  switch (b.kind) {
    case 'p':
      return [inline(b.text), ''];
    case 'warn':
      return [`> ${inline(b.text)}`, ''];
    case 'list':
      return [...b.items.map((i) => `- ${inline(i)}`), ''];
    case 'table':
      return [
        markdownTable(
          b.table.head.map(escapeMarkdown),
          [...b.table.align],
          b.table.rows.map((r) => r.map(cell)),
        ),
      ];
    case 'pre':
      return ['```text', b.text.replace(/```/g, "'''"), '```', ''];
    case 'details':
      // An HTML block GitHub renders collapsed; the list inside is markdown again.
      return [
        `<details><summary>${html(b.summary)}</summary>`,
        '',
        ...b.items.map((i) => `- ${inline(i)}`),
        '',
        '</details>',
        '',
      ];
    case 'chart':
      // Charts are the dashboard's drawing of the tables beside them; the page has the tables.
      return [];
  }
}

/**
 * The results page (`docs/benchmark-results-<version>.md`) from the view both renderings share
 * (build-view.ts). Pure: same model, same text; laid out as Prettier formats markdown, so the
 * committed page passes format:check.
 */
export function renderResultsPage(model: PublishModel): string {
  const view = buildView(model);
  const out = [`# ${escapeMarkdown(view.title)}`, '', ...view.intro.flatMap(block)];
  for (const section of view.sections) {
    out.push(`${'#'.repeat(section.level)} ${escapeMarkdown(section.title)}`, '');
    out.push(...section.blocks.flatMap(block));
  }
  // The figures' digest last: a later publish under this name compares it (page-identity.ts).
  out.push('', pageMarker(model.report));
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\n*$/, '\n');
}
