import { describe, expect, it } from 'vitest';
import type { Report, RunEnvironment } from '../report/types.js';
import { compareToBaseline } from './compare-to-baseline.js';
import { environmentChanges, environmentLine } from './environment-diff.js';
import { renderComment } from './render-comment.js';
import { base, report } from '../../test/helpers/gate/variant-report.js';
import { DEFAULT_THRESHOLDS } from './thresholds.js';

const MACHINE: RunEnvironment = {
  machine: 'AMD EPYC 7763 64-Core Processor ×4, 16 GiB',
  cpus: 4,
  os: 'linux 6.8.0-1017-azure x64',
  node: 'v24.11.1',
  python: '3.12.3',
  runner_image: 'ubuntu24 20261130.1',
  load_average: [0.4, 0.3, 0.2],
};

const ran = (environment: RunEnvironment | undefined, harness = '0.1.0'): Report => {
  const r = report();
  return {
    ...r,
    harness: { ...r.harness, version: harness },
    ...(environment ? { environment } : {}),
  };
};

describe('the environment changed line', () => {
  it('says nothing when the two runs had the same environment and a similar load', () => {
    const now = ran({ ...MACHINE, load_average: [1.9, 1, 1] });
    expect(environmentChanges(now, ran(MACHINE))).toEqual([]);
    const comment = renderComment(
      now,
      compareToBaseline(now, base(ran(MACHINE)), DEFAULT_THRESHOLDS),
    );
    expect(comment).not.toContain('Environment changed');
  });

  it('names each difference: runner image, Node, Python, a busy machine, the harness', () => {
    const now = ran(
      {
        ...MACHINE,
        node: 'v20.18.0',
        python: null,
        runner_image: 'ubuntu24 20261207.2',
        load_average: [3.5, 1, 1],
      },
      '0.2.0',
    );
    expect(environmentChanges(now, ran(MACHINE))).toEqual([
      { what: 'harness', baseline: '0.1.0', current: '0.2.0' },
      { what: 'runner image', baseline: 'ubuntu24 20261130.1', current: 'ubuntu24 20261207.2' },
      { what: 'Node', baseline: 'v24.11.1', current: 'v20.18.0' },
      { what: 'Python', baseline: '3.12.3', current: 'none' },
      { what: 'load average (1 min, at start)', baseline: '0.4', current: '3.5' },
    ]);
    const verdict = compareToBaseline(now, base(ran(MACHINE)), DEFAULT_THRESHOLDS);
    expect(renderComment(now, verdict)).toContain(
      '> **Environment changed** since the baseline: harness 0.1.0 → 0.2.0; runner image ubuntu24 20261130.1 → ubuntu24 20261207.2; Node v24.11.1 → v20.18.0; Python 3.12.3 → none; load average (1 min, at start) 0.4 → 3.5.',
    );
  });

  it('compares only the harness with a baseline that predates the record', () => {
    expect(environmentChanges(ran(MACHINE, '0.2.0'), ran(undefined))).toEqual([
      { what: 'harness', baseline: '0.1.0', current: '0.2.0' },
    ]);
    expect(environmentChanges(ran(MACHINE), ran(undefined))).toEqual([]);
    expect(environmentChanges(ran(MACHINE), null)).toEqual([]);
    expect(environmentLine([])).toBeNull();
  });
});
