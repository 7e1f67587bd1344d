import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/helpers/report/test-report.js';
import type { Report } from '../../src/report/types.js';
import { compareSandbox } from './sandbox-table.js';

function pair(): [Report, Report] {
  const on = sampleReport();
  const off = sampleReport();
  on.settings.sandbox = { requested: 'on', applied: true, reason: null } as never;
  off.settings.sandbox = { requested: 'off', applied: false, reason: 'off' } as never;
  on.duration_ms = 110_000;
  off.duration_ms = 100_000;
  return [on, off];
}

describe('compareSandbox', () => {
  it('passes equal figures within 1.2× and prints a row per server and mode', () => {
    const [on, off] = pair();
    const { table, problems } = compareSandbox(on, off);
    expect(problems).toEqual([]);
    for (const o of on.overall) {
      expect(table).toContain(`| ${o.server} | sandboxed |`);
      expect(table).toContain(`| ${o.server} | unsandboxed |`);
    }
    expect(table).toContain('110.0 s sandboxed, 100.0 s unsandboxed: 1.10×');
  });

  it('names a figure that differs, a slow sandbox and a report in the wrong mode', () => {
    const [on, off] = pair();
    const first = on.overall[0];
    if (!first) throw new Error('sample report has no servers');
    first.task_success = { ...first.task_success, passed: first.task_success.passed - 1 };
    on.duration_ms = 130_000;
    off.settings.sandbox = { requested: 'on', applied: true, reason: null } as never;
    const { problems } = compareSandbox(on, off);
    expect(problems).toContain(
      'the second report ran sandboxed (settings.sandbox.applied is not false)',
    );
    expect(problems.some((p) => p.startsWith(`${first.server}: taskSuccess`))).toBe(true);
    expect(problems).toContain('the sandboxed run took 1.30× the unsandboxed one');
  });
});
