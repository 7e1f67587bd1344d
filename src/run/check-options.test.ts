import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { defaultBenchConfig } from '../config/default-config.js';
import type { RunBenchOptions } from './run-bench-options.js';
import type { Scenario } from '../scenarios/types.js';
import { checkOptions, DEFAULT_ISOLATION } from './check-options.js';

const options = (over: Partial<RunBenchOptions> = {}): RunBenchOptions => ({
  config: defaultBenchConfig('/bench'),
  servers: ['reference'],
  scenarios: [{ id: 's1' } as Scenario],
  root: '/bench',
  ...over,
});

describe('checkOptions defaults', () => {
  it('runs 5 times, one process per scenario, a worker per available core', () => {
    expect(checkOptions(options())).toMatchObject({
      runs: 5,
      isolation: 'scenario',
      concurrency: availableParallelism(),
      tokenizer: 'cl100k_base',
      faults: null,
    });
    expect(DEFAULT_ISOLATION).toBe('scenario');
  });

  it('starts a fresh process per run under a fault plan, unless told otherwise', () => {
    const faults = { faults: [{ kind: 'server_error' as const, first: 1 }] };
    expect(checkOptions(options({ faults })).isolation).toBe('run');
    expect(checkOptions(options({ faults, isolation: 'server' })).isolation).toBe('server');
  });

  it('rejects an unknown isolation and a concurrency below 1', () => {
    expect(() => checkOptions(options({ isolation: 'process' as never }))).toThrow(
      /unknown isolation "process"/,
    );
    expect(() => checkOptions(options({ concurrency: 0 }))).toThrow(/concurrency must be/);
  });
});
