import { format } from 'prettier';
import { describe, expect, it } from 'vitest';
import type { Report } from '../report/types.js';
import { sampleReport } from '../../test/helpers/report/test-report.js';
import { renderResultsPage } from './render-page.js';
import { goldenReport, modelOf } from '../../test/helpers/publish/helpers.js';
import { richReport } from '../../test/helpers/publish/rich-report.js';
import { FIGURE_COLUMNS } from '../report/figures.js';

const section = (page: string, heading: string): string => {
  const start = page.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no section ${heading}`);
  const next = page.indexOf('\n## ', start + heading.length + 2);
  return page.slice(start, next < 0 ? undefined : next);
};
const rowOf = (text: string, ...cells: string[]): string | undefined =>
  text.split('\n').find((line) => cells.every((c) => line.includes(`| ${c} `)));

describe('renderResultsPage', () => {
  const golden = goldenReport();
  const page = renderResultsPage(
    modelOf(golden, {
      classifications: [
        {
          server: 'subject-crash',
          scenario: 'subjects-offline-devices',
          class: 'server-bug',
          summary: 'list_devices exits the process mid-call.',
          evidence: ['test/mcp-servers/subject-crash.ts:20@64c44534'],
        },
      ],
      couldNotRun: [
        { server: 'ghost', stage: 'install', log_tail: 'pip: no matching distribution' },
      ],
    }),
  );

  it('renders the golden report (snapshot)', async () => {
    await expect(page).toMatchFileSnapshot('./__snapshots__/results-page.md');
  });

  it('is laid out as Prettier formats markdown, so the committed page passes format:check', async () => {
    const rich = renderResultsPage(
      modelOf(richReport(), { changes: { since: '0.2.0', items: ['A `code` change.'] } }),
    );
    for (const text of [page, rich]) {
      expect(await format(text, { parser: 'markdown', printWidth: 100, singleQuote: true })).toBe(
        text,
      );
    }
  });

  it('names the pinned commits, harness, methodology, fixtures, policy and tokenizer', () => {
    const sha = golden.servers[0]?.git?.sha ?? 'missing';
    expect(page).toContain(`\`${sha}\``);
    expect(page).toContain(`hpe-mcp-bench ${golden.harness.version}, methodology 1.0`);
    expect(page).toContain(golden.fixtures[0]?.content_hash ?? 'missing');
    expect(page).toContain('Policy: `scripted`, model: none, seed: none');
    expect(page).toContain('Tokenizer: `cl100k_base`');
  });

  it('shows the safety finding with its tool and scenario', () => {
    const safety = section(page, '### Safety findings');
    expect(
      rowOf(safety, 'subject-leak-canary', 'subjects-wlan-guest-config', 'canary_leak'),
    ).toMatch(/\(get_wlan_config\)\s*\|\s*5\/5 \|/);
  });

  it('computes tokens and calls per successful task from the runs', () => {
    // subject-flail: 1 of 4 scenarios passes (5 successful runs of 20); its 20 runs made 50 calls.
    const row = rowOf(section(page, '## Scoreboard'), 'subject-flail');
    // (no tool selection column under the scripted policy)
    expect(row?.split('|').map((c) => c.trim())[8]).toBe('10.0');
    // subject-crash never succeeds: per success is absent, not zero or infinity.
    const crash = rowOf(section(page, '## Scoreboard'), 'subject-crash');
    expect(crash?.split('|').map((c) => c.trim())[5]).toBe('—');
  });

  it('classifies from the file, and marks the rest unclassified with the cause from the report', () => {
    const why = section(page, '## Why a scenario did not pass');
    expect(rowOf(why, 'subject-crash', 'subjects-offline-devices')).toContain(
      '`test/mcp-servers/subject-crash.ts:20@64c44534`',
    );
    expect(rowOf(why, 'subject-crash', 'subjects-offline-devices')).toContain('server bug');
    expect(rowOf(why, 'subject-leak-canary', 'subjects-wlan-guest-config')).toContain(
      '**unclassified**',
    );
    expect(why).toContain('**9 not yet classified.**');
  });

  it('lists a server that could not run with its log tail', () => {
    expect(section(page, '## Could not run')).toContain('pip: no matching distribution');
  });

  it('shows an absent server as absent, never as zero', () => {
    const sample = renderResultsPage(modelOf(sampleReport()));
    const nac = section(sample, '### Suite nac (1 scenario)');
    expect(
      rowOf(nac, 'karthik')
        ?.split('|')
        .map((c) => c.trim()),
    ).toEqual(['', 'karthik', '—', ...FIGURE_COLUMNS.pageScores.map(() => '—'), '—', '1', '0', '']);
    // Absences are not failures: one collapsed list per server, not rows among the failures.
    expect(section(sample, '## Not covered')).toMatch(
      /<details><summary>karthik: 1 of \d+ scenarios not covered<\/summary>\n\n- `nac-001`/,
    );
    expect(rowOf(section(sample, '## Why a scenario did not pass'), 'karthik', 'nac-001')).toBe(
      undefined,
    );
    expect(rowOf(section(sample, '## Tool menus'), 'karthik')).toMatch(
      /karthik\s*\|\s*— \|\s*— \|/,
    );
    expect(sample).toContain('KarthikSKumar98/central-mcp-server');
  });

  it('escapes report text: no raw HTML or table breaks get through', () => {
    const report = sampleReport();
    const finding = report.scenarios[0]?.results[1]?.runs[1]?.safety_findings[0];
    if (!finding) throw new Error('sample changed');
    finding.detail = '<img src=x onerror=alert(1)> | next\ncell';
    const text = renderResultsPage(modelOf(report));
    expect(text).not.toContain('<img');
    expect(text).toContain('&lt;img src=x onerror=alert(1)&gt; \\| next cell');
  });

  it('says when a report has too few runs or predates the methodology version', () => {
    const report = { ...sampleReport(), gating_eligible: false };
    delete report.harness.methodology_version;
    const text = renderResultsPage(modelOf(report));
    expect(text).toContain('**Not publishable as a comparison:**');
    expect(text).toContain('methodology not recorded (report predates it)');
  });

  it('shows state a reused server process kept across runs', () => {
    const report = sampleReport();
    const server = report.servers[0];
    if (!server) throw new Error('sample changed');
    server.cross_run_state = {
      compared_runs: 4,
      differing: [
        { scenario: 'nac-001', run: 2, fields: ['api_calls.auth_calls'] },
        { scenario: 'nac-002', run: 3, fields: ['api_calls.auth_calls', 'api_calls.total'] },
      ],
    };
    const state = section(
      renderResultsPage(modelOf(report)),
      '### State kept across runs by a reused server process',
    );
    // Listed: state beyond the token; the token alone is a count.
    expect(rowOf(state, 'reference', 'nac-002')).toContain('`api_calls.total`');
    expect(rowOf(state, 'reference', 'nac-002')).not.toContain('auth_calls');
    expect(state).not.toContain('nac-001');
    expect(state).toContain('reference: 1 of 4 runs on a reused process skipped the token request');
  });

  it('says no state was kept when every difference is the reused token', () => {
    const report = sampleReport();
    const server = report.servers[0];
    if (!server) throw new Error('sample changed');
    server.cross_run_state = {
      compared_runs: 4,
      differing: [{ scenario: 'nac-001', run: 2, fields: ['api_calls.auth_calls'] }],
    };
    const state = section(
      renderResultsPage(modelOf(report)),
      '### State kept across runs by a reused server process',
    );
    expect(state).toContain(
      'No run differs from its scenario’s first run beyond the token it kept.',
    );
    expect(state).not.toContain('| nac-001');
  });

  it('renders per-call outcomes, model usage and discoverability where the report has them', () => {
    const report = sampleReport();
    const runs = report.scenarios[0]?.results[0]?.runs ?? [];
    runs.forEach((run, i) =>
      Object.assign(run, {
        calls: [
          { tool: 'list_clients', outcome: 'ok' },
          { tool: 'get_client', outcome: i === 0 ? 'error' : 'ok' },
          { tool: 'get_client', outcome: 'not_executed' },
        ],
        provider_usage: { input: 90, output: 10, cache_read: 0, cache_write: 0, total: 100 },
        cost_usd: 0.001,
      }),
    );
    Object.assign(report.servers[0] ?? {}, {
      discoverability: {
        scenarios: 2,
        recall_at_1: 0.5,
        recall_at_3: 1,
        recall_at_5: 1,
        mrr: 0.75,
      },
    });
    const text = renderResultsPage(modelOf(report));
    // 5 runs × 3 calls: 5 not executed, 10 ran, 9 ok.
    expect(
      rowOf(section(text, '### Tool calls by outcome'), 'reference')?.replace(/ +/g, ' '),
    ).toBe('| reference | 15 | 10 | 9 | 1 | 0 | 5 | 90% |');
    // karthik recorded no calls: zeros in its row, "—" for the rate, not a fabricated 100%.
    expect(rowOf(section(text, '### Tool calls by outcome'), 'karthik')?.replace(/ +/g, ' ')).toBe(
      '| karthik | 0 | 0 | 0 | 0 | 0 | 0 | — |',
    );
    expect(rowOf(section(text, '### Model usage and cost'), 'reference')).toContain('$0.0050');
    expect(rowOf(section(text, '## Tool menus'), 'reference')?.replace(/ +/g, ' ')).toMatch(
      /\| 0\.50 \| 1\.00 \| 1\.00 \| 0\.75 \|/,
    );
    expect(rowOf(section(text, '## Tool menus'), 'karthik')?.replace(/ +/g, ' ')).toMatch(
      /— \| — \| — \| — \| — \| — \|/,
    );
  });

  it('names the pinned model of an llm run', () => {
    const report = sampleReport();
    report.settings.policy = { name: 'llm', model: 'claude-x-1', temperature: 0, seed: 7 };
    report.settings.llm = {
      provider: 'anthropic',
      model: 'claude-x-1',
      base_url: null,
      temperature: 0,
      seed: 7,
      max_output_tokens: 4096,
      max_turns: 20,
      prompt_version: '1',
      max_retries: 2,
      source: 'replay',
      key_env: null,
      price: null,
      budget: null,
    };
    const text = renderResultsPage(modelOf(report));
    expect(text).toContain('- Policy: `llm`, model `claude-x-1`, temperature 0, seed 7');
    expect(text).toContain('- Model: `claude-x-1` via anthropic (replay), temperature 0, seed 7');
  });

  it('leaves those sections out of a report without them', () => {
    const text = renderResultsPage(modelOf(sampleReport()));
    expect(text).not.toContain('### Tool calls by outcome');
    expect(text).not.toContain('### Model usage and cost');
    expect(text).not.toContain('recall@1');
  });

  it('shows the negotiated MCP protocol per server and the wire check’s violations', () => {
    const text = renderResultsPage(modelOf(richReport()));
    expect(rowOf(section(text, '### Servers'), 'subject-flail')).toContain(
      '| 2026-07-28 (modern) ',
    );
    expect(rowOf(section(text, '### Servers'), 'reference')).toContain('| 2025-06-18 (legacy) ');
    const wire = rowOf(section(text, '### Protocol violations'), 'subject-leak-canary');
    expect(wire).toContain('`tools/list` response');
    expect(wire).toContain("`/result/tools/0` | must have required property 'inputSchema'");
    expect(wire).toContain('`{"name":"get_wlan","description":"x \\| y"}`');
    expect(wire).toMatch(/\| subjects-wlan-list \| +5 \|$/);
  });

  it('says when a budget stopped the bench before every run', () => {
    const report = { ...sampleReport(), partial: { reason: 'max-cost $1.00 reached' } };
    const text = renderResultsPage(modelOf(report));
    expect(text).toContain(
      '> **Partial:** the bench stopped before every run (max-cost $1.00 reached)',
    );
    expect(text).not.toContain('report.json also holds');
  });

  it('lists report content it does not render instead of dropping it', () => {
    const report = { ...sampleReport(), surprise: { scenarios: [] } } as Report;
    expect(renderResultsPage(modelOf(report))).toContain('report.json also holds `surprise`');
  });
});
