import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { defaultBenchConfig } from '../../config/default-config.js';
import type { RunBenchOptions } from './run-bench-options.js';
import type { Scenario } from '../../scenarios/types.js';
import { checkOptions, DEFAULT_ISOLATION, settingsWarnings } from './check-options.js';

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
      validation: 'documents',
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
      'isolation "process" is not one of: run, scenario, server',
    );
    expect(() => checkOptions(options({ concurrency: 0 }))).toThrow(
      'concurrency "0" is not a whole number from 1 to 64',
    );
  });

  it('refuses runs and concurrency beyond sane bounds, naming the bound', () => {
    expect(() => checkOptions(options({ runs: 100_000_000 }))).toThrow(
      'runs "100000000" is not a whole number from 1 to 1000 (runs per scenario)',
    );
    expect(() => checkOptions(options({ concurrency: 1000 }))).toThrow(
      'concurrency "1000" is not a whole number from 1 to 64 (parallel workers)',
    );
    expect(checkOptions(options({ runs: 1000, concurrency: 64 })).runs).toBe(1000);
  });

  it('keeps a lenient fake when asked for, and names the modes for anything else', () => {
    expect(checkOptions(options({ validation: 'lenient' })).validation).toBe('lenient');
    expect(() => checkOptions(options({ validation: 'strict' as never }))).toThrow(
      'validation "strict" is not one of: documents, lenient',
    );
  });
});

describe('settingsWarnings', () => {
  const settings = checkOptions(options({ concurrency: 2 }));
  it('is quiet on the defaults', () => {
    expect(settingsWarnings({ ...settings, sandbox: 'auto' }, 2)).toEqual([]);
  });
  it('warns of more workers than twice the cores, a sandbox switched off and a lenient fake', () => {
    const loose = {
      ...settings,
      concurrency: 5,
      sandbox: 'off' as const,
      validation: 'lenient' as const,
    };
    expect(settingsWarnings(loose, 2)).toEqual([
      "concurrency 5 on 2 core(s): servers queue for the CPU, so latency measures the machine's load, not the server (use at most 4)",
      'sandbox off: the servers run with the host file system writable and direct network connections neither blocked nor counted (docs/security.md)',
      "validation lenient: the fakes let through requests HPE's documents forbid, so a server that sends them passes where the live API answers 400; a baseline made with validation documents is not comparable (fake-central/SPEC.md §9)",
    ]);
  });
});
