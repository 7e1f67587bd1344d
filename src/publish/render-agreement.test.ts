import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/helpers/report/test-report.js';
import { buildView } from './build-view.js';
import { renderDashboard } from './render-dashboard.js';
import { renderResultsPage } from './render-page.js';
import { goldenReport, modelOf } from '../../test/helpers/publish/helpers.js';
import { richReport } from '../../test/helpers/publish/rich-report.js';
import {
  htmlHeadings,
  htmlTables,
  markdownHeadings,
  markdownTables,
} from '../../test/helpers/publish/tables.js';
import { plainText } from './view-types.js';

const models = {
  golden: modelOf(goldenReport(), {
    classifications: [
      {
        server: 'subject-crash',
        scenario: 'subjects-offline-devices',
        class: 'server-bug',
        summary: 'list_devices exits the process | mid-call.',
        evidence: ['test/mcp-servers/subject-crash.ts:20@64c44534', 'a `b` c'],
      },
    ],
    couldNotRun: [{ server: 'ghost', stage: 'install', log_tail: 'pip: no matching distribution' }],
    changes: { since: '0.2.0', items: ['Sandboxed by default.', 'Route misses shown.'] },
  }),
  sample: modelOf(sampleReport()),
  rich: modelOf(richReport()),
};

describe.each(Object.entries(models))('the page and the dashboard of the %s report', (_, model) => {
  const page = renderResultsPage(model);
  const dashboard = renderDashboard(model);
  const view = buildView(model);
  const tables = view.sections.flatMap((s) =>
    s.blocks.flatMap((b) =>
      b.kind === 'table' ? [[[...b.table.head], ...b.table.rows.map((r) => r.map(plainText))]] : [],
    ),
  );

  it('show the same tables, cell for cell (both are read back as a reader sees them)', () => {
    expect(tables.length).toBeGreaterThan(5);
    expect(markdownTables(page)).toEqual(tables);
    expect(htmlTables(dashboard)).toEqual(tables);
  });

  it('have the same sections in the same order', () => {
    // The rich report has every optional section: none of them is missing from either.
    if (model.report.resilience) {
      for (const title of [
        'Tool calls by outcome',
        'Model usage and cost',
        'Resilience',
        'Errored runs and their cause',
        'Route misses and swallowed errors',
        'Protocol violations',
      ]) {
        expect(htmlHeadings(dashboard)).toContain(title);
      }
    }
    expect(markdownHeadings(page)).toEqual(htmlHeadings(dashboard));
    expect(markdownHeadings(page)).toEqual([view.title, ...view.sections.map((s) => s.title)]);
  });

  it('fail the comparison when a renderer changes a figure', () => {
    // The check above can fail: one figure changed in the dashboard alone is caught.
    const figure = tables[2]?.[1]?.[1] ?? '';
    expect(figure).not.toBe('');
    const edited = dashboard.replace(`>${figure}<`, '>9.99 (9/9)<');
    expect(htmlTables(edited)).not.toEqual(markdownTables(page));
  });
});
