import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS, parseThresholds } from './thresholds.js';
import { compareToBaseline } from './compare-to-baseline.js';
import { renderComment, renderFullComparison } from './render-comment.js';
import { base, report } from '../../test/helpers/gate/variant-report.js';
import { FIGURE_COLUMNS } from '../report/figures.js';

describe('compareToBaseline', () => {
  it('passes an unchanged PR and collapses the unchanged scenarios', () => {
    const verdict = compareToBaseline(report(), base(report()), DEFAULT_THRESHOLDS);
    expect(verdict).toMatchObject({
      status: 'pass',
      reasons: [],
      regressions: [],
      unchangedScenarios: 2,
      changedScenarios: [],
      taskSuccess: 1,
      safetyFailures: 0,
    });
  });

  it('cold-starts without a baseline and still applies the absolute rules', () => {
    expect(compareToBaseline(report(), null, DEFAULT_THRESHOLDS).status).toBe('cold-start');
    const unsafe = compareToBaseline(report({ unsafeRun: 3 }), null, DEFAULT_THRESHOLDS);
    expect(unsafe.status).toBe('fail');
    expect(unsafe.reasons).toEqual(['reference: 1 scenario(s) with a safety failure']);
  });

  it('fails any safety failure even when every other metric improved', () => {
    const verdict = compareToBaseline(
      report({ unsafeRun: 1, tokens: 500 }),
      base(report()),
      DEFAULT_THRESHOLDS,
    );
    expect(verdict.status).toBe('fail');
    expect(verdict.changedScenarios.find((c) => c.id === 'alerts-002')?.safety).toEqual({
      baseline: 0,
      current: 1,
    });
  });

  it('fails a task-success drop (suite fraction and the scenario that flipped)', () => {
    const verdict = compareToBaseline(
      report({ failRun: (r) => r <= 3 }),
      base(report()),
      DEFAULT_THRESHOLDS,
    );
    expect(verdict.status).toBe('fail');
    expect(verdict.regressions.map((r) => [r.metric, r.where])).toEqual([
      ['task_success', 'suite:alerts'],
      ['task_success', 'scenario:alerts-001'],
    ]);
    // A minority of failing runs keeps the majority verdict: no regression.
    expect(
      compareToBaseline(report({ failRun: (r) => r === 1 }), base(report()), DEFAULT_THRESHOLDS)
        .status,
    ).toBe('pass');
  });

  it.each([
    [
      // baseline runs 1000…1004: q3 = 1003, limit q3 × 1.1 = 1103.3; the PR's median is tokens + 2
      'a median within q3 × 1.1 passes',
      { tokens: 1101 },
      'pass',
    ],
    ['tokens beyond q3 × 1.1 regress', { tokens: 1102 }, 'fail'],
    ['one more API call regresses at the default 0%', { calls: 3 }, 'fail'],
    ['fewer tokens and calls pass', { tokens: 800, calls: 1 }, 'pass'],
  ] as const)('%s', (_name, variant, status) => {
    expect(compareToBaseline(report(variant), base(report()), DEFAULT_THRESHOLDS).status).toBe(
      status,
    );
  });

  it('honours configured thresholds', () => {
    const loose = parseThresholds('api-call-count: 1\ntoken-usage: off');
    expect(
      compareToBaseline(report({ calls: 3, tokens: 5000 }), base(report()), loose).status,
    ).toBe('pass');
  });

  it('refuses to gate on fewer than five runs', () => {
    const verdict = compareToBaseline(report({ runs: 3 }), base(report()), DEFAULT_THRESHOLDS);
    expect(verdict.reasons).toContain(
      'runs = 3: a gating report needs at least 5 runs per scenario',
    );
  });

  it('says a partial report (a spent budget, a partial shard) cannot gate, not that runs < 5', () => {
    const stopped = {
      ...report(),
      partial: { reason: 'shard 2: max-cost spent' },
      gating_eligible: false,
    };
    expect(compareToBaseline(stopped, base(report()), DEFAULT_THRESHOLDS).reasons).toEqual([
      'the report is partial (shard 2: max-cost spent): it cannot gate',
    ]);
  });

  it('diffs the tool surface and notes manifest changes and removed scenarios', () => {
    const verdict = compareToBaseline(
      report({
        tools: ['list_alerts', 'clear_alerts_v2'],
        manifest: 'sha256:bbbb',
        scenarios: ['alerts-001'],
      }),
      base(report()),
      DEFAULT_THRESHOLDS,
    );
    expect(verdict.toolSurface).toEqual([
      {
        server: 'reference',
        added: ['clear_alerts_v2'],
        removed: ['clear_alerts'],
        menuTokens: { baseline: 200, current: 200 },
      },
    ]);
    expect(verdict.notes).toEqual([
      'The scenario manifest changed since the baseline: only scenarios present in both are compared.',
    ]);
    expect(verdict.status).toBe('fail');
    expect(verdict.reasons).toEqual([
      'missing in this PR: 1 scenario run(s) of the baseline did not run here: reference: alerts-002 (a dropped scenario, or an expected_tools entry removed; declare an intentional change under "renames" or "retired" in the thresholds)',
    ]);
  });
});

describe('the p95 latency rule', () => {
  // baseline latencies 100…104 per scenario, two scenarios: suite p95 = 104
  it('is off by default', () => {
    expect(
      compareToBaseline(report({ latency: 500 }), base(report()), DEFAULT_THRESHOLDS).status,
    ).toBe('pass');
  });

  it.each([
    ['within p95 × 1.2 passes', 'latency-p95: 20%', 120, 'pass'],
    ['beyond p95 × 1.2 fails', 'latency-p95: 20%', 130, 'fail'],
    ['an absolute allowance of 30 ms', 'latency-p95: 30', 130, 'pass'],
  ] as const)('%s', (_name, yaml, latency, status) => {
    const verdict = compareToBaseline(report({ latency }), base(report()), parseThresholds(yaml));
    expect(verdict.status).toBe(status);
    if (status === 'fail')
      expect(verdict.regressions).toEqual([
        {
          metric: 'latency_p95',
          server: 'reference',
          where: 'suite:alerts',
          baseline: 104,
          current: 134,
          limit: 104 * 1.2,
          // Per-repetition p95s 100…104: t(0.995, 4) · s · √(1 + 1/5) = 4.604 · 1.581 · 1.095.
          band: 7.974,
        },
      ]);
  });
});

describe('a tokenizer change between baseline and PR', () => {
  it('is "not comparable" by default: the check fails naming it, and no metric is compared', () => {
    const pr = report({ tokenizer: 'o200k_base', tokens: 5000, calls: 3 });
    const verdict = compareToBaseline(pr, base(report()), DEFAULT_THRESHOLDS);
    expect(verdict.status).toBe('fail');
    expect(verdict.reasons).toEqual([
      'not comparable with the baseline: tokenizer cl100k_base → o200k_base (tokens counted in other units)',
    ]);
    expect(verdict.regressions).toEqual([]);
    expect(verdict.comparability).toEqual({
      rule: 'fail',
      differences: [
        { setting: 'tokenizer', baseline: 'cl100k_base', current: 'o200k_base', affects: 'tokens' },
      ],
    });
    expect(verdict.suites[0]?.figures['api_calls:mean']).toEqual({ baseline: null, current: 3 });
  });

  it('under not-comparable: warn skips the token comparison and says so, while still gating calls', () => {
    const warn = parseThresholds('not-comparable: warn');
    const pr = report({ tokenizer: 'o200k_base', tokens: 5000 });
    const verdict = compareToBaseline(pr, base(report()), warn);
    expect(verdict.status).toBe('pass');
    expect(verdict.regressions).toEqual([]);
    expect(verdict.notes).toContain(
      'Settings differ from the baseline (not-comparable: warn): tokenizer cl100k_base → o200k_base. token figures are not compared.',
    );
    expect(verdict.suites[0]?.figures['tokens:mean']).toEqual({ baseline: null, current: 5002 });
    expect(verdict.toolSurface[0]?.menuTokens.baseline).toBeNull();
    expect(renderComment(pr, verdict)).toContain('token figures are not compared');
    const calls = compareToBaseline(
      report({ tokenizer: 'o200k_base', calls: 3 }),
      base(report()),
      warn,
    );
    expect(calls.regressions.map((r) => r.metric)).toEqual(['api_calls', 'api_calls']);
  });
});

describe('a baseline made with other settings (not-comparable)', () => {
  const other = (): ReturnType<typeof base> => {
    const old = report({ runs: 7 });
    old.settings.isolation = 'scenario';
    const fixture = old.fixtures[0];
    if (fixture) Object.assign(fixture, { version: '0.9.0', content_hash: 'sha256:ff' });
    return base(old);
  };

  it('renders the not-comparable verdict with one row per difference', () => {
    const pr = report({ tokens: 1300 });
    const verdict = compareToBaseline(pr, other(), DEFAULT_THRESHOLDS);
    expect(verdict.reasons).toHaveLength(3);
    expect(renderComment(pr, verdict)).toMatchSnapshot();
  });

  it('under warn compares under the other conditions and fails on what regressed', () => {
    const pr = report({ calls: 3 });
    const verdict = compareToBaseline(pr, other(), parseThresholds('not-comparable: warn'));
    expect(verdict.status).toBe('fail');
    expect(verdict.reasons.every((r) => !r.startsWith('not comparable'))).toBe(true);
    expect(verdict.regressions.map((r) => r.metric)).toEqual(['api_calls', 'api_calls']);
    expect(verdict.notes[0]).toBe(
      'Settings differ from the baseline (not-comparable: warn): fixture site-a 0.9.0 (sha256:ff) → 1.0.0 (sha256:00); isolation scenario → run; runs 7 → 5. figures are compared, measured under other conditions.',
    );
    const body = renderComment(pr, verdict);
    expect(body.startsWith('## hpe-mcp-bench: ❌ fail\n')).toBe(true);
    expect(body).not.toContain('**Not comparable with the baseline**');
  });

  it('still applies the absolute rules, and says both in the headline', () => {
    const pr = report({ unsafeRun: 2 });
    const verdict = compareToBaseline(pr, other(), DEFAULT_THRESHOLDS);
    const body = renderComment(pr, verdict);
    expect(
      body.startsWith('## hpe-mcp-bench: ❌ fail (and not comparable with the baseline)'),
    ).toBe(true);
    expect(body).toContain('- reference: 1 scenario(s) with a safety failure');
    expect(body).not.toMatch(/^- not comparable/m);
  });
});

describe('renderComment', () => {
  it('folds rows that moved within the thresholds, keeping regressions in view', () => {
    // tokens +1 % (within 10 %) on both scenarios; calls 2 → 3 regress (0 % allowed)
    const drift = compareToBaseline(report({ tokens: 1010 }), base(report()), DEFAULT_THRESHOLDS);
    const body = renderComment(report({ tokens: 1010 }), drift);
    expect(body).toContain(
      '<details><summary>2 moved within the thresholds (same verdicts)</summary>',
    );
    expect(body).not.toMatch(/### Changed scenarios \(2\)\n\n\|/);
    const regressed = compareToBaseline(report({ calls: 3 }), base(report()), DEFAULT_THRESHOLDS);
    const loud = renderComment(report({ calls: 3 }), regressed);
    expect(loud).toMatch(/### Changed scenarios \(2\)\n\n\| scenario/);
    expect(loud).not.toContain('moved within the thresholds');
  });

  it('escapes a | in server and scenario names so the tables keep their columns', () => {
    const pr = report({ server: 'ref|fork', scenarios: ['alerts|001'], tokens: 2000 });
    const verdict = compareToBaseline(
      pr,
      base(report({ server: 'ref|fork', scenarios: ['alerts|001'] })),
      DEFAULT_THRESHOLDS,
    );
    const body = renderComment(pr, verdict);
    const separators = (line: string): number => line.replace(/\\\|/g, '').split('|').length - 1;
    const suiteRow = body.split('\n').find((l) => l.startsWith('| alerts '));
    const scenarioRow = body.split('\n').find((l) => l.startsWith('| alerts\\|001 '));
    // suite, server, task success, tool selection, the figures, safety failures
    expect(separators(suiteRow ?? '')).toBe(5 + FIGURE_COLUMNS.commentSuites.length + 1);
    // scenario, server, task success, the figures, safety, note
    expect(separators(scenarioRow ?? '')).toBe(5 + FIGURE_COLUMNS.commentScenarios.length + 1);
    expect(body).toContain('alerts\\|001');
    expect(body).toContain('ref\\|fork');
  });

  it('renders the verdict first, suites, changed scenarios, tool surface and the stamp', () => {
    const verdict = compareToBaseline(
      report({ tokens: 1300, tools: ['list_alerts'] }),
      base(report()),
      DEFAULT_THRESHOLDS,
    );
    expect(
      renderComment(report({ tokens: 1300, tools: ['list_alerts'] }), verdict),
    ).toMatchSnapshot();
  });

  it('renders a cold start', () => {
    const r = report();
    expect(renderComment(r, compareToBaseline(r, null, DEFAULT_THRESHOLDS))).toMatchSnapshot();
  });

  it('stays under the limit by cutting scenario rows, pointing to the job summary', () => {
    const ids = Array.from({ length: 400 }, (_, i) => `alerts-${String(i).padStart(3, '0')}`);
    const pr = report({ scenarios: ids, tokens: 2000 });
    const verdict = compareToBaseline(pr, base(report({ scenarios: ids })), DEFAULT_THRESHOLDS);
    const full = renderFullComparison(pr, verdict);
    const cut = renderComment(pr, verdict, 20_000);
    expect(full.length).toBeGreaterThan(20_000);
    expect(cut.length).toBeLessThanOrEqual(20_000);
    expect(cut).toContain(
      "more row(s) cut to fit GitHub's comment limit: the full table is in the job summary",
    );
    expect(cut.startsWith('## hpe-mcp-bench: ❌ fail')).toBe(true);
    expect(cut).toContain('- … and 375 more (see the job summary)');
  });

  it('stays under 65,536 characters with a large manifest that is not comparable', () => {
    const ids = Array.from({ length: 3000 }, (_, i) => `alerts-${String(i).padStart(4, '0')}`);
    const pr = report({ scenarios: ids, calls: 3, tokenizer: 'o200k_base' });
    const old = report({ scenarios: ids, runs: 9 });
    old.settings.isolation = 'server';
    const verdict = compareToBaseline(pr, base(old), DEFAULT_THRESHOLDS);
    const body = renderComment(pr, verdict);
    expect(renderFullComparison(pr, verdict).length).toBeGreaterThan(65_536);
    expect(body.length).toBeLessThan(65_536);
    expect(body.startsWith('## hpe-mcp-bench: ⛔ not comparable with the baseline')).toBe(true);
    for (const setting of ['tokenizer', 'isolation', 'runs'])
      expect(body).toMatch(new RegExp(`^\\| ${setting} `, 'm'));
  });
});

describe('the comment on state a reused server process kept', () => {
  it('warns about state beyond the token and only counts the reused token', () => {
    const pr = report();
    const server = pr.servers[0];
    if (!server) throw new Error('test report changed');
    server.cross_run_state = {
      compared_runs: 8,
      differing: [
        { scenario: 'alerts-001', run: 2, fields: ['api_calls.auth_calls'] },
        { scenario: 'alerts-001', run: 3, fields: ['api_calls.auth_calls', 'api_calls.total'] },
      ],
    };
    const body = renderComment(pr, compareToBaseline(pr, base(report()), DEFAULT_THRESHOLDS));
    expect(body).toContain('**State kept across runs**');
    expect(body).toContain('1 of 8 runs on a reused process differ');
    expect(body).toContain(
      'Runs on a reused process that only skipped the token request (expected)',
    );
    expect(body).toMatch(/only skipped the token request \(expected\): \S+ 1\/8/);
  });

  it('shows no warning when every difference is the reused token', () => {
    const pr = report();
    const server = pr.servers[0];
    if (!server) throw new Error('test report changed');
    server.cross_run_state = {
      compared_runs: 4,
      differing: [{ scenario: 'alerts-001', run: 2, fields: ['api_calls.auth_calls'] }],
    };
    const body = renderComment(pr, compareToBaseline(pr, base(report()), DEFAULT_THRESHOLDS));
    expect(body).not.toContain('State kept across runs');
    expect(body).toMatch(/only skipped the token request \(expected\): \S+ 1\/4/);
  });
});

describe('a run where the sandbox fell back (auto)', () => {
  it('says so in the comment, not only in the log', () => {
    const pr = report();
    const unboxed = {
      ...pr,
      settings: {
        ...pr.settings,
        sandbox: {
          requested: 'auto' as const,
          applied: false,
          tool: null,
          reason: 'bwrap not found',
        },
      },
    };
    const verdict = compareToBaseline(unboxed, base(report()), DEFAULT_THRESHOLDS);
    expect(renderComment(unboxed, verdict)).toContain(
      '> **No sandbox:** the servers ran without it (bwrap not found)',
    );
    expect(
      renderComment(pr, compareToBaseline(pr, base(report()), DEFAULT_THRESHOLDS)),
    ).not.toContain('No sandbox');
  });
});
