import { describe, expect, it } from 'vitest';
import type { Verdict } from '../gate/types.js';
import { wantsComment } from './publish.js';

const quiet: Verdict = {
  status: 'pass',
  reasons: [],
  regressions: [],
  notes: [],
  baseline: {
    sha: 'b'.repeat(40),
    savedAt: '2026-11-30T00:00:00Z',
    sameManifest: true,
    ageDays: null,
  },
  suites: [],
  changedScenarios: [],
  unchangedScenarios: 3,
  toolSurface: [
    { server: 'reference', added: [], removed: [], menuTokens: { baseline: 1, current: 1 } },
  ],
  discoverability: [],
  taskSuccess: 1,
  safetyFailures: 0,
};
const delta = { baseline: 1, current: 0.5 };

describe('wantsComment', () => {
  it('never comments without a PR or with comment: never', () => {
    expect(wantsComment('always', quiet, false)).toBe(false);
    expect(wantsComment('never', { ...quiet, status: 'fail' }, true)).toBe(false);
  });

  it('comments on every PR run under auto and always', () => {
    expect(wantsComment('auto', quiet, true)).toBe(true);
    expect(wantsComment('always', quiet, true)).toBe(true);
  });

  it.each([
    ['nothing moved', quiet, false],
    ['a failing verdict', { ...quiet, status: 'fail' as const }, true],
    ['a cold start', { ...quiet, status: 'cold-start' as const }, true],
    [
      'a tool added',
      { ...quiet, toolSurface: [{ ...quiet.toolSurface[0]!, added: ['new_tool'] }] },
      true,
    ],
    [
      'only a description changed (discoverability moved)',
      {
        ...quiet,
        discoverability: [
          {
            server: 'reference',
            scenarios: 3,
            recallAt1: delta,
            recallAt3: delta,
            recallAt5: delta,
            mrr: delta,
            rankedLower: ['alerts-001'],
            rankedHigher: [],
          },
        ],
      },
      true,
    ],
  ])('on-change: %s → %s', (_name, verdict, expected) => {
    expect(wantsComment('on-change', verdict, true)).toBe(expected);
  });
});
