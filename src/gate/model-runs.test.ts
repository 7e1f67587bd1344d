import { describe, expect, it } from 'vitest';
import { aggregateScenarioServer } from '../report/aggregate-scenario.js';
import { okRun, sampleReport } from '../../test/helpers/report/test-report.js';
import { divergedNotes, taskSuccessRegression } from './model-runs.js';

/** A scenario result whose runs pass as the list says. */
const result = (passes: boolean[]) =>
  aggregateScenarioServer(
    'reference',
    passes.map((ok, i) => okRun(i + 1, { task_success: ok })),
    'cl100k_base',
  );
const T = true;
const F = false;

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
