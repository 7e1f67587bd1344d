import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BenchError } from '../common/errors.js';
import { readReport } from '../report-io/read-report.js';
import { parseReport } from './parse-report.js';
import { sampleReport } from '../../test/helpers/report/test-report.js';
import { REPORT_SCHEMA_ID, REPORT_SCHEMA_VERSION } from './types.js';

/** The sample report as schema 1.0.0 wrote it (2.0.0 only added fields and changed the hash's scope). */
function v1Report(): Record<string, unknown> {
  const report = structuredClone(sampleReport()) as unknown as Record<string, unknown>;
  report.$schema = 'https://github.com/hpe-mcp-bench/schemas/report-1.0.0.schema.json';
  report.schema_version = '1.0.0';
  return report;
}

function failure(fn: () => unknown): BenchError {
  try {
    fn();
  } catch (error) {
    if (error instanceof BenchError) return error;
    throw error;
  }
  throw new Error('expected a BenchError');
}

describe('parseReport', () => {
  it('returns a current report as it is', () => {
    const report = sampleReport();
    expect(parseReport(structuredClone(report), 'r.json')).toEqual(report);
  });

  it('upgrades a 1.0.0 report to the current version without touching the input', () => {
    const old = v1Report();
    const upgraded = parseReport(old, 'old.json');
    expect(upgraded.schema_version).toBe(REPORT_SCHEMA_VERSION);
    expect(upgraded.$schema).toBe(REPORT_SCHEMA_ID);
    expect(upgraded.scenarios).toEqual(sampleReport().scenarios);
    expect(old.schema_version).toBe('1.0.0');
  });

  it('reads a 1.0.0 report that has none of the fields 2.0.0 added (they are all optional)', () => {
    const old = v1Report() as any;
    for (const key of ['sandbox', 'escapes', 'llm', 'shard']) delete old.settings[key];
    delete old.partial;
    delete old.resilience;
    delete old.harness.methodology_version;
    for (const server of old.servers)
      for (const key of [
        'tool_name_map',
        'cross_run_state',
        'discoverability',
        'protocol_version',
        'protocol_era',
        'protocol_violations',
      ])
        delete server[key];
    for (const scenario of old.scenarios)
      for (const result of scenario.results) {
        for (const key of ['discoverability', 'pass_hat_k', 'diverged', 'stopped'])
          delete result[key];
        for (const key of ['provider_tokens', 'cost_usd']) delete result[key];
        for (const run of result.runs)
          for (const key of [
            'oversized_results',
            'unrouted_requests',
            'swallowed_errors',
            'calls',
            'requests',
            'provider_usage',
            'cost_usd',
            'faults',
          ])
            delete run[key];
      }
    for (const row of [...old.suites.flatMap((s: any) => s.results), ...old.overall])
      for (const key of ['pass_hat_k', 'diverged', 'stopped', 'provider_tokens', 'cost_usd'])
        delete row[key];
    expect(parseReport(old, 'old.json').schema_version).toBe(REPORT_SCHEMA_VERSION);
  });

  it.each([
    [
      'a current report with a bad field',
      () => {
        const r = structuredClone(sampleReport()) as any;
        r.scenarios[0].results[0].tokens.median = 'many';
        return r;
      },
      'base.json is not a valid hpe-mcp-bench report: first bad field /scenarios/0/results/0/tokens/median: must be number',
    ],
    [
      'a 1.0.0 report with a bad field',
      () => {
        const r = v1Report() as any;
        delete r.manifest.hash;
        return r;
      },
      "base.json is not a valid hpe-mcp-bench report: first bad field /manifest: must have required property 'hash' (a 1.0.0 report)",
    ],
    [
      'an unknown version',
      () => ({ ...v1Report(), schema_version: '9.0.0' }),
      'base.json is not a valid hpe-mcp-bench report: /schema_version: "9.0.0", expected one of 1.0.0, 2.0.0',
    ],
    [
      'something else entirely',
      () => ({ name: 'package.json' }),
      'base.json is not a valid hpe-mcp-bench report: /schema_version: missing, expected one of 1.0.0, 2.0.0',
    ],
    ['an array', () => [], 'base.json is not a valid hpe-mcp-bench report: expected a JSON object'],
  ])('names the source and the first bad field: %s', (_name, make, message) => {
    const error = failure(() => parseReport(make(), 'base.json'));
    expect(error.code).toBe('report_invalid');
    expect(error.message).toBe(message);
  });

  it('tells the user to upgrade for a report from a newer harness', () => {
    expect(failure(() => parseReport({ schema_version: '99.0.0' }, 'x.json')).hint).toMatch(
      /newer hpe-mcp-bench/,
    );
  });
});

describe('readReport', () => {
  it('reads, validates and upgrades a file; names the file when it is not JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'read-report-'));
    writeFileSync(join(dir, 'old.json'), JSON.stringify(v1Report()));
    expect((await readReport(join(dir, 'old.json'))).schema_version).toBe(REPORT_SCHEMA_VERSION);
    writeFileSync(join(dir, 'bad.json'), '{ not json');
    await expect(readReport(join(dir, 'bad.json'))).rejects.toThrow(
      `${join(dir, 'bad.json')} is not a valid hpe-mcp-bench report: not JSON`,
    );
    await expect(readReport(join(dir, 'missing.json'))).rejects.toThrow(
      `${join(dir, 'missing.json')}: cannot read it (ENOENT)`,
    );
  });
});
