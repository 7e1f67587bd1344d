import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { inputName, resolvePolicy } from '../llm/resolve-policy.js';
import { BenchError } from '../common/errors.js';
import { DEFAULT_THRESHOLDS, parseThresholds } from '../gate/thresholds.js';
import { INPUTS, OUTPUTS, parseActionInputs, type InputName } from './inputs.js';

function inputs(values: Partial<Record<InputName, string>> = {}) {
  return parseActionInputs((name) => values[name] ?? '');
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

describe('action.yml', () => {
  it('declares exactly the inputs and outputs the code reads and writes', () => {
    const action = parse(readFileSync('action.yml', 'utf8')) as {
      inputs: object;
      outputs: object;
      runs: { using: string; main: string };
    };
    expect(Object.keys(action.inputs).sort()).toEqual([...INPUTS].sort());
    expect(Object.keys(action.outputs).sort()).toEqual([...OUTPUTS].sort());
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
  });
});

describe('parseActionInputs', () => {
  it('fills the documented defaults', () => {
    expect(inputs()).toEqual({
      config: null,
      servers: [],
      scenarios: [],
      suites: [],
      scenarioIds: [],
      runs: 5,
      concurrency: null,
      isolation: null,
      tokenizer: null,
      faults: null,
      thresholds: DEFAULT_THRESHOLDS,
      baselineKeyPrefix: 'hpe-mcp-bench-baseline',
      saveBaseline: 'auto',
      comment: 'auto',
      githubToken: '',
      shard: null,
      mode: 'gate',
      reportDir: 'hpe-mcp-bench-report',
      sandbox: null,
      escapes: null,
      validation: null,
      deadline: '',
      resilience: false,
      sweep: 'read',
      policy: {
        policy: '',
        provider: '',
        model: '',
        baseUrl: '',
        temperature: '',
        seed: '',
        maxOutputTokens: '',
        maxTurns: '',
        apiKeyEnv: '',
        cassettes: '',
      },
      budget: { maxCost: '', maxTokens: '' },
    });
  });

  it('resolves the model inputs before any server starts, naming the input and the key variable', async () => {
    const parsed = inputs({
      policy: 'llm',
      provider: 'openai',
      model: 'gpt-4.1-2025-04-14',
      'api-key-env': 'BENCH_KEY',
    });
    await expect(resolvePolicy(parsed.policy, {}, '/ws', inputName)).rejects.toThrow(
      'the openai API key is missing: BENCH_KEY is not set',
    );
    await expect(
      resolvePolicy(
        { ...parsed.policy, temperature: 'warm' },
        { BENCH_KEY: 'k' },
        '/ws',
        inputName,
      ),
    ).rejects.toThrow('input temperature must be a number from 0 to 2, got "warm"');
    const choice = await resolvePolicy(parsed.policy, { BENCH_KEY: 'k' }, '/ws', inputName);
    expect(choice).toMatchObject({
      name: 'llm',
      keyEnv: 'BENCH_KEY',
      settings: { model: 'gpt-4.1-2025-04-14', temperature: 0 },
    });
  });

  it('reads sandbox and escapes, and names a bad value', () => {
    expect(inputs({ sandbox: 'on', escapes: 'fail' })).toMatchObject({
      sandbox: 'on',
      escapes: 'fail',
    });
    expect(() => inputs({ sandbox: 'maybe' })).toThrow(
      'input sandbox "maybe" is not one of: auto, on, off',
    );
    expect(() => inputs({ escapes: 'warn' })).toThrow(
      'input escapes "warn" is not one of: record, fail',
    );
  });

  it('splits lists on commas and newlines', () => {
    const parsed = inputs({
      server: 'reference, python-reference\n',
      suites: 'alerts\nnac',
      scenarios: 'scenarios/a.yaml\n scenarios/b/**',
    });
    expect(parsed.servers).toEqual(['reference', 'python-reference']);
    expect(parsed.suites).toEqual(['alerts', 'nac']);
    expect(parsed.scenarios).toEqual(['scenarios/a.yaml', 'scenarios/b/**']);
  });

  it('parses concurrency; empty leaves it to the core', () => {
    expect(inputs({ concurrency: '4' }).concurrency).toBe(4);
    expect(inputs({ concurrency: ' ' }).concurrency).toBeNull();
  });

  it('reads resilience as true or false', () => {
    expect(inputs({ resilience: 'true' }).resilience).toBe(true);
    expect(inputs({ resilience: 'false' }).resilience).toBe(false);
  });

  it('parses a shard', () => {
    expect(inputs({ shard: '2/4' }).shard).toEqual({ index: 2, count: 4 });
  });

  it.each([
    [
      { runs: 'five' },
      'input runs "five" is not a whole number from 1 to 1000 (runs per scenario)',
    ],
    [{ runs: '0' }, 'input runs "0" is not a whole number from 1 to 1000'],
    [{ concurrency: '0' }, 'input concurrency "0" is not a whole number from 1 to 64'],
    [{ concurrency: 'all' }, 'input concurrency "all" is not a whole number from 1 to 64'],
    [
      { comment: 'sometimes' },
      'Input "comment" has an invalid value "sometimes": expected one of auto, always, on-change, never',
    ],
    [
      { mode: 'Gate' },
      'Input "mode" has an invalid value "Gate": expected one of gate, merge, comment',
    ],
    [{ 'save-baseline': 'yes' }, 'Input "save-baseline" has an invalid value "yes"'],
    [{ shard: '5/4' }, 'Input "shard" has an invalid value "5/4": expected i/n with 1 ≤ i ≤ n'],
    [{ shard: '0/4' }, 'Input "shard" has an invalid value "0/4"'],
    [
      { 'baseline-key-prefix': 'my key' },
      'Input "baseline-key-prefix" has an invalid value "my key"',
    ],
    [
      { thresholds: 'token-usage: lots' },
      'Input "thresholds" has an invalid value "token-usage: \\"lots\\""',
    ],
    [
      { thresholds: 'tokens: 10%' },
      'Input "thresholds" has an invalid value "tokens": unknown key',
    ],
    [{ thresholds: 'task-success-drop: 2' }, 'a fraction between 0 and 1'],
    [{ thresholds: '- 10%' }, 'expected a YAML map'],
    [
      { resilience: 'yes' },
      'Input "resilience" has an invalid value "yes": expected one of true, false',
    ],
    [{ resilience: 'true', shard: '1/2' }, 'Input "resilience" cannot be combined with "shard"'],
  ])('names the input and echoes the bad value: %o', (values, message) => {
    const error = failure(() => inputs(values));
    expect(error.code).toBe('usage');
    expect(error.message).toContain(message);
  });
});

describe('parseThresholds', () => {
  it('reads percentages, numbers and off, keeping defaults for the rest', () => {
    expect(
      parseThresholds(
        'token-usage: 5%\nlatency-p95: 20%\napi-call-count: 2\ntask-success-drop: 0.1\ntool-errors: 1',
      ),
    ).toEqual({
      taskSuccessDrop: 0.1,
      figures: {
        ...DEFAULT_THRESHOLDS.figures,
        'tool-errors': { kind: 'absolute', value: 1 },
        'token-usage': { kind: 'relative', fraction: 0.05 },
        'api-call-count': { kind: 'absolute', value: 2 },
        'latency-p95': { kind: 'relative', fraction: 0.2 },
      },
      renames: { servers: {}, scenarios: {} },
      retired: { servers: [], scenarios: [], tools: [] },
      baselineMaxAgeDays: 14,
      notComparable: 'fail',
    });
    expect(parseThresholds('token-usage: off').figures['token-usage']).toEqual({ kind: 'off' });
    expect(parseThresholds('latency-p95: 15%').figures['api-call-count']).toEqual(
      DEFAULT_THRESHOLDS.figures['api-call-count'],
    );
  });
});
