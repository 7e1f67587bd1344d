import { describe, expect, it } from 'vitest';
import { LLM_PROMPT_VERSION } from '../llm/system-prompt.js';
import type { LlmReportSettings } from '../llm/types.js';
import { sampleReport } from '../../test/helpers/report/test-report.js';
import type { Report } from '../report/types.js';
import { describeDifference, savableAsBaseline, settingDifferences } from './comparability.js';
import { compareToBaseline } from './compare-to-baseline.js';
import { gatedSummaryMarkdown } from './gate.js';
import { renderSummaryMarkdown } from '../report/render-summary.js';
import { base, report } from '../../test/helpers/gate/variant-report.js';
import { DEFAULT_THRESHOLDS, parseThresholds } from './thresholds.js';

const llm = (over: Partial<LlmReportSettings> = {}): LlmReportSettings => ({
  provider: 'anthropic',
  model: 'claude-sonnet-4-5-20250929',
  base_url: null,
  temperature: 0,
  seed: null,
  max_output_tokens: 4096,
  max_turns: 20,
  prompt_version: LLM_PROMPT_VERSION,
  max_retries: 3,
  source: 'live',
  key_env: 'ANTHROPIC_API_KEY',
  price: null,
  budget: null,
  ...over,
});
const withLlm = (settings: LlmReportSettings | null): Report => {
  const r = sampleReport();
  r.settings.llm = settings;
  return r;
};
const described = (a: Report, b: Report): string[] =>
  settingDifferences(a, b).map(describeDifference);

describe('settingDifferences', () => {
  it('finds none between reports of the same settings, and none between a recording and its replay', () => {
    expect(settingDifferences(report(), report())).toEqual([]);
    expect(
      settingDifferences(withLlm(llm()), withLlm(llm({ source: 'replay', key_env: null }))),
    ).toEqual([]);
  });

  it('names each model setting that differs, and the policy when one side is scripted', () => {
    expect(described(withLlm(llm({ model: 'claude-haiku-4-5-20251001' })), withLlm(llm()))).toEqual(
      ['model claude-sonnet-4-5-20250929 → claude-haiku-4-5-20251001'],
    );
    expect(described(withLlm(llm({ prompt_version: 'llm-system-0' })), withLlm(llm()))).toEqual([
      `prompt ${LLM_PROMPT_VERSION} → llm-system-0`,
    ]);
    expect(described(withLlm(llm()), withLlm(null))).toEqual(['policy scripted → model-driven']);
  });

  it('compares each fixture bundle by id, and leaves out what one side does not record', () => {
    const pr = report();
    const old = report();
    old.fixtures.push({ path: 'fixtures/central/x', id: 'x', version: '1', content_hash: 'h' });
    delete old.settings.sandbox;
    pr.settings.sandbox = { requested: 'on', applied: true, tool: 'bwrap 0.9.0', reason: null };
    expect(settingDifferences(pr, old)).toEqual([]);
    const fixture = old.fixtures[0];
    if (fixture) fixture.content_hash = 'sha256:0123456789abcdef0123';
    old.settings.sandbox = { requested: 'auto', applied: false, tool: null, reason: 'no bwrap' };
    old.settings.faults = { faults: [] };
    expect(described(pr, old)).toEqual([
      'fixture site-a 1.0.0 (sha256:0123456789ab) → 1.0.0 (sha256:00)',
      'sandbox not applied → applied',
      'fault plan {"faults":[]} → none',
    ]);
  });
});

describe('the MCP protocol version each server negotiated', () => {
  it('is a difference per server, and not compared where a report does not record it', () => {
    const pr = report();
    const old = report();
    const [now] = pr.servers;
    const [was] = old.servers;
    if (!now || !was) throw new Error('test report changed');
    now.protocol_version = '2025-11-25';
    expect(settingDifferences(pr, old)).toEqual([]);
    was.protocol_version = '2025-06-18';
    expect(described(pr, old)).toEqual(['MCP protocol version reference 2025-06-18 → 2025-11-25']);
  });

  it('names the era apart when a server moved to 2026-07-28, and the comparison is refused', () => {
    const pr = report();
    const old = report();
    const [now] = pr.servers;
    const [was] = old.servers;
    if (!now || !was) throw new Error('test report changed');
    Object.assign(was, { protocol_version: '2025-11-25', protocol_era: 'legacy' });
    Object.assign(now, { protocol_version: '2026-07-28', protocol_era: 'modern' });
    expect(described(pr, old)).toEqual([
      'MCP protocol version reference 2025-11-25 → 2026-07-28',
      'MCP protocol era reference legacy → modern',
    ]);
    const verdict = compareToBaseline(pr, base(old), DEFAULT_THRESHOLDS);
    expect(verdict.status).toBe('fail');
    expect(verdict.comparability?.differences.map((d) => d.setting)).toEqual([
      'MCP protocol version reference',
      'MCP protocol era reference',
    ]);
    // A baseline from before the era was recorded is not compared on it.
    delete was.protocol_era;
    expect(described(pr, old)).toEqual(['MCP protocol version reference 2025-11-25 → 2026-07-28']);
  });
});

describe('the not-comparable rule', () => {
  it('is configured by the thresholds, with a clear error for a bad value', () => {
    expect(DEFAULT_THRESHOLDS.notComparable).toBe('fail');
    expect(parseThresholds('not-comparable: warn').notComparable).toBe('warn');
    expect(() => parseThresholds('not-comparable: maybe')).toThrow(
      /Input "thresholds" has an invalid value "not-comparable: \\"maybe\\"": "not-comparable" takes fail .* or warn/,
    );
  });

  it('lets a default-branch run save its baseline when it is the only failing rule', () => {
    const other = report({ runs: 6 });
    const verdict = compareToBaseline(report(), base(other), DEFAULT_THRESHOLDS);
    expect(verdict.status).toBe('fail');
    expect(savableAsBaseline(verdict)).toBe(true);
    const unsafe = compareToBaseline(report({ unsafeRun: 1 }), base(other), DEFAULT_THRESHOLDS);
    expect(savableAsBaseline(unsafe)).toBe(false);
  });

  it('does not apply on a cold start', () => {
    const verdict = compareToBaseline(report(), null, DEFAULT_THRESHOLDS);
    expect(verdict.status).toBe('cold-start');
    expect(verdict.comparability).toBeNull();
  });
});

describe('summary.md of a gated run', () => {
  it('opens with the not-comparable table when the baseline was refused, and only then', () => {
    const pr = report();
    const refused = compareToBaseline(pr, base(report({ runs: 6 })), DEFAULT_THRESHOLDS);
    const summary = gatedSummaryMarkdown(pr, refused);
    expect(summary.startsWith('**Not comparable with the baseline**')).toBe(true);
    expect(summary).toMatch(/^\| runs +\| 6 +\| 5 +\|$/m);
    expect(summary.endsWith(renderSummaryMarkdown(pr))).toBe(true);
    const same = compareToBaseline(pr, base(report()), DEFAULT_THRESHOLDS);
    expect(gatedSummaryMarkdown(pr, same)).toBe(renderSummaryMarkdown(pr));
  });
});
