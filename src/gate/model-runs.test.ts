import { describe, expect, it } from 'vitest';
import { LLM_PROMPT_VERSION } from '../llm/system-prompt.js';
import type { LlmReportSettings } from '../llm/types.js';
import { aggregateScenarioServer } from '../report/aggregate-scenario.js';
import { okRun, sampleReport } from '../report/test-helpers.js';
import type { Report } from '../report/types.js';
import { divergedNotes, modelMismatch, taskSuccessRegression } from './model-runs.js';

/** A scenario result whose runs pass as the list says. */
const result = (passes: boolean[]) =>
  aggregateScenarioServer(
    'reference',
    passes.map((ok, i) => okRun(i + 1, { task_success: ok })),
    'cl100k_base',
  );
const T = true;
const F = false;

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
  const report = sampleReport();
  report.settings.llm = settings;
  return report;
};

describe('taskSuccessRegression', () => {
  it('keeps the exact rule for scripted runs: a majority pass that became a failure', () => {
    expect(
      taskSuccessRegression('a-1', result([T, T, T, F, F]), result([T, T, F, F, F]), false),
    ).toMatchObject({ metric: 'task_success', baseline: 1, current: 0 });
    expect(
      taskSuccessRegression('a-1', result([T, T, T, T, T]), result([T, T, T, F, F]), false),
    ).toBeNull();
  });

  it.each([
    [[T, T, T, T, T], [F, F, F, F, F], 'flags'],
    [[T, T, T, T, T], [T, F, F, F, F], 'flags'],
    [[T, T, T, T, T], [T, T, F, F, F], 'passes'], // p = 0.083: could be noise
    [[T, T, T, F, F], [T, F, F, F, F], 'passes'],
    [[T, T, T, T], [F, F, F, F], 'passes'], // fewer than 5 runs each side: not tested
  ])('model-driven %j → %j %s', (before, after, expected) => {
    const found = taskSuccessRegression('a-1', result(before), result(after), true);
    expect(found === null ? 'passes' : 'flags').toBe(expected);
  });

  it('says the p-value and the pass rates when it flags', () => {
    expect(
      taskSuccessRegression('a-1', result([T, T, T, T, T]), result([F, F, F, F, F]), true),
    ).toEqual({
      metric: 'task_success',
      server: 'reference',
      where: 'scenario:a-1 (Fisher p = 0.004)',
      baseline: 1,
      current: 0,
      limit: 0.05,
    });
  });
});

describe('modelMismatch', () => {
  it('compares reports made with the same model settings, and no others', () => {
    expect(
      modelMismatch(withLlm(llm()), withLlm(llm({ source: 'replay', key_env: null }))),
    ).toBeNull();
    expect(modelMismatch(withLlm(null), withLlm(null))).toBeNull();
    expect(
      modelMismatch(withLlm(llm({ model: 'claude-haiku-4-5-20251001' })), withLlm(llm())),
    ).toMatch(
      /^The baseline was made with anthropic claude-sonnet-4-5-20250929 .*, this run with anthropic claude-haiku-4-5-20251001 .*: model-dependent metrics are not compared/,
    );
    expect(
      modelMismatch(withLlm(llm({ prompt_version: 'llm-system-0' })), withLlm(llm())),
    ).not.toBeNull();
    expect(modelMismatch(withLlm(llm()), withLlm(null))).toMatch(/made with the scripted policy/);
  });
});

describe('divergedNotes', () => {
  it('names each diverged scenario with the turn, as its own status', () => {
    const report = sampleReport();
    const target = report.scenarios[0]!.results[0]!;
    target.runs[0] = {
      ...target.runs[0]!,
      status: 'diverged',
      stop_reason: 'diverged',
      error: {
        phase: 'run',
        message: 'diverged at turn 2: /messages/5/content: recorded "a", now "b"',
        stderr_tail: null,
      },
    };
    target.diverged = 1;
    expect(divergedNotes(report)).toEqual([
      `Replay diverged for ${target.server} ${report.scenarios[0]!.id} (1 run(s)): diverged at turn 2: /messages/5/content: recorded "a", now "b". Not a server failure; re-record the cassettes.`,
    ]);
  });
});
