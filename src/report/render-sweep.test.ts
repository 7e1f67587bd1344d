import { describe, expect, it } from 'vitest';
import { renderSummaryMarkdown } from './render-summary.js';
import { sweepLine } from './render-sweep.js';
import type { ServerSweep, SweepToolResult } from './sweep-types.js';
import { sampleReport } from '../../test/helpers/report/test-report.js';

const entry = (tool: string, over: Partial<SweepToolResult> = {}): SweepToolResult => ({
  tool,
  fixture: 'site-a',
  outcome: 'ok',
  arguments: {},
  calls: [],
  digest: null,
  served: 1,
  shown: ['x'],
  ...over,
});

const SWEEP: ServerSweep = {
  mode: 'read',
  fixtures: ['campus-b', 'site-a'],
  menu: ['a', 'b', 'c', 'd', 'e'],
  menu_changed: null,
  failure: null,
  tools: [
    // ok on one bundle is ok: a tool may have nothing to show on another.
    entry('a', { fixture: 'campus-b', outcome: 'no-data' }),
    entry('a'),
    entry('b', { outcome: 'no-data' }),
    entry('c', { outcome: 'not-called', missing: ['destination'] }),
    entry('d', { outcome: 'not-called', reason: 'may write (its annotations or name)' }),
    entry('e', { outcome: 'route-miss', error: 'GET /x: no such route' }),
  ],
  counts: {},
};

describe('sweepLine', () => {
  it('counts tools, not tool × bundle entries, largest group first', () => {
    expect(sweepLine(SWEEP)).toBe(
      'sweep: 1/5 tools ok, 1 no-data, 1 not called (arguments), 1 not called (may write), 1 route-miss',
    );
  });

  it('says when the server did not start, and when the menu changed', () => {
    expect(sweepLine({ ...SWEEP, tools: [], failure: 'site-a: exited with code 1' })).toBe(
      'sweep: not run: the server did not start (site-a: exited with code 1)',
    );
    expect(sweepLine({ ...SWEEP, menu_changed: { added: ['f'], removed: ['b'] } })).toMatch(
      /; the menu changed between two listings \(\+f, −b\)$/,
    );
  });

  it('summary.md has the line and the collapsed per-tool table', () => {
    const report = sampleReport();
    report.servers[0]!.sweep = SWEEP;
    const summary = renderSummaryMarkdown(report);
    expect(summary).toContain(`- \`reference\` ${sweepLine(SWEEP)}`);
    expect(summary).toContain(
      '<details><summary>Tool sweep of `reference`: 6 tool × bundle entries',
    );
    expect(summary).toMatch(
      /\| `c`\s+\| site-a\s+\| not-called \|\s+\| no arguments for: destination/,
    );
    // Without a sweep, summary.md is what it was.
    expect(renderSummaryMarkdown(sampleReport())).not.toContain('Tool sweep');
  });

  it('counts tools truncated under short pages, and shows what a write changed', () => {
    const sweep: ServerSweep = {
      ...SWEEP,
      mode: 'all',
      tools: [
        entry('a', { pages: { pages: 3, result: 'truncated', values: 2, missing: ['x'] } }),
        entry('b', { pages: { pages: 3, result: 'whole', values: 1 } }),
        entry('w', {
          changed: ['wlan-ssids ssid=Corp: removed', 'x id=1: added', 'x id=2: added'],
        }),
        entry('v', { outcome: 'no-data', served: 0, shown: [], changed: [] }),
      ],
    };
    expect(sweepLine(sweep)).toBe('sweep: 3/4 tools ok, 1 no-data, 1 truncated under short pages');
    const report = sampleReport();
    report.servers[0]!.sweep = sweep;
    const summary = renderSummaryMarkdown(report);
    expect(summary).toMatch(/\| changed wlan-ssids ssid=Corp: removed; x id=1: added \(\+1\)/);
    expect(summary).toMatch(
      /\| `v`\s+\| site-a\s+\| no-data\s+\|\s+\| changed nothing in the fake/,
    );
  });
});
