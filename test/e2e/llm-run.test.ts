// needs: processes
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reportSchemaErrors } from '../../src/report/validate-report.js';
import {
  startFakeModelProvider,
  type FakeModelProvider,
  type ScriptedReply,
} from '../helpers/fake-model-provider.js';
import { runCliCaptured } from '../helpers/run-cli.js';
import { bundledArgs } from '../helpers/bundled-servers.js';

const ROOT = resolve(import.meta.dirname, '../..');
const KEY = 'sk-ant-canary-7f3e9d';

/** A bench config whose one server is the launch tests' stdio server (it has an `env` tool). */
async function envServerConfig(dir: string): Promise<string> {
  const file = join(dir, 'bench.yml');
  await writeFile(
    file,
    [
      'servers:',
      '  envy:',
      '    transport: stdio',
      `    command: ${JSON.stringify(process.execPath)}`,
      `    args: ${JSON.stringify(bundledArgs(['--import', 'tsx', join(ROOT, 'test/mcp-servers/servers-stdio-server.ts')]))}`,
      `    cwd: ${JSON.stringify(ROOT)}`,
      '    scenarioKey: reference',
      '',
    ].join('\n'),
  );
  return file;
}

/** Calls `env` on turn 0, then answers. */
function envThenAnswer(body: Record<string, unknown>): ScriptedReply {
  const turn = ((body.messages as { role: string }[]) ?? []).filter(
    (m) => m.role === 'assistant',
  ).length;
  return turn === 0
    ? { calls: [{ name: 'env', arguments: {} }], usage: { input: 500, output: 10 } }
    : { calls: [{ name: 'final_answer', arguments: {} }], usage: { input: 900, output: 10 } };
}

/** `run` of the env server under the llm policy with a 400-token budget, at one worker. */
function budgetRun(config: string, out: string, pick: string[], url: string) {
  return runCliCaptured(
    [
      'run',
      '--config',
      config,
      ...pick,
      '--out',
      out,
      '--policy',
      'llm',
      '--provider',
      'anthropic',
      '--model',
      'claude-test-1',
      '--base-url',
      url,
      '--max-tokens',
      '400',
      // One worker: with more, each may send one request before the spend is known.
      '--concurrency',
      '1',
      // The sweep calls no model; the budget is the subject.
      '--sweep',
      'off',
    ],
    { ANTHROPIC_API_KEY: KEY },
  );
}

let provider: FakeModelProvider | undefined;
afterEach(async () => {
  await provider?.close();
  provider = undefined;
  delete process.env.ANTHROPIC_API_KEY;
});

describe('model-driven runs through the CLI (in process)', () => {
  it('never lets the model key reach the server under test', async () => {
    provider = await startFakeModelProvider(envThenAnswer);
    const dir = await mkdtemp(join(tmpdir(), 'llm-key-'));
    // The key sits in the harness's own environment, as it would in a workflow step.
    process.env.ANTHROPIC_API_KEY = KEY;
    const result = await runCliCaptured(
      [
        'run',
        '--config',
        await envServerConfig(dir),
        '--scenario',
        'client-diagnosis-001',
        '--runs',
        '1',
        '--allow-few-runs',
        '--out',
        join(dir, 'out'),
        '--policy',
        'llm',
        '--provider',
        'anthropic',
        '--model',
        'claude-test-1',
        '--base-url',
        provider.anthropicUrl,
        '--cassettes',
        join(dir, 'tapes'),
      ],
      process.env,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(provider.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    const tape = await readFile(join(dir, 'tapes/envy/client-diagnosis-001/run-1.jsonl'), 'utf8');
    const second = JSON.stringify(JSON.parse(tape.trim().split('\n')[1]!).request);
    // The server's whole environment went to the model as the env tool's result: no key in it.
    expect(second).toContain('HTTPS_PROXY');
    expect(second).not.toContain(KEY);
    expect(second).not.toContain('ANTHROPIC_API_KEY');
    const report = await readFile(join(dir, 'out/report.json'), 'utf8');
    expect(report).not.toContain(KEY);
    expect(JSON.parse(report).servers[0].tool_name_map).toEqual({});
  }, 120_000);

  it('stops cleanly when the token budget is spent: a partial report, marked and not gating', async () => {
    provider = await startFakeModelProvider(envThenAnswer);
    const dir = await mkdtemp(join(tmpdir(), 'llm-budget-'));
    const out = join(dir, 'out');
    const pick = ['--scenario', 'client-diagnosis-001', '--scenario', 'client-diagnosis-002'];
    const result = await budgetRun(
      await envServerConfig(dir),
      out,
      [...pick, '--runs', '1', '--allow-few-runs'],
      provider.anthropicUrl,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      'partial report: the token budget of 400 was spent (510 measured tokens)',
    );
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(report.partial.reason).toMatch(/^the token budget of 400 was spent/);
    expect(report.gating_eligible).toBe(false);
    expect(report.settings.llm.budget).toEqual({ max_cost_usd: null, max_tokens: 400 });
    const [first, second] = report.scenarios.map((s: any) => s.results[0]);
    expect(first.runs[0].status).toBe('stopped');
    expect(first.runs[0].stop_reason).toBe('budget');
    expect(first.runs[0].provider_usage.total).toBe(510);
    expect(first.stopped).toBe(1);
    expect(second.runs).toEqual([]);
    expect(provider.requests).toHaveLength(1);
  }, 120_000);

  it('after a budget stop of a 5-run bench, says partial, not "fewer than 5 runs"', async () => {
    provider = await startFakeModelProvider(envThenAnswer);
    const dir = await mkdtemp(join(tmpdir(), 'llm-budget5-'));
    const result = await budgetRun(
      await envServerConfig(dir),
      join(dir, 'out'),
      ['--scenario', 'client-diagnosis-001'],
      provider.anthropicUrl,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('budget: the token budget of 400 was spent');
    expect(result.stderr).not.toContain('fewer than 5');
    const report = JSON.parse(await readFile(join(dir, 'out/report.json'), 'utf8'));
    expect(report.settings.runs).toBe(5);
    expect(report.partial.reason).toMatch(/^the token budget of 400 was spent/);
  }, 120_000);

  it.each([
    [-5000, '-5000'],
    [2.5, '2.5'],
  ])(
    'a provider reporting usage.input_tokens = %s: that run is a provider error naming the value, the budget holds',
    async (input, shown) => {
      provider = await startFakeModelProvider((body) => {
        const reply = envThenAnswer(body);
        return { ...reply, usage: { input, output: 10 } };
      });
      const dir = await mkdtemp(join(tmpdir(), 'llm-usage-'));
      const out = join(dir, 'out');
      const result = await budgetRun(
        await envServerConfig(dir),
        out,
        ['--scenario', 'client-diagnosis-001', '--runs', '2', '--allow-few-runs'],
        provider.anthropicUrl,
      );
      expect(result.code, result.stderr).not.toBe(70);
      expect(result.stderr).not.toContain('harness bug');
      const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
      expect(reportSchemaErrors(report)).toEqual([]);
      const runs = report.scenarios[0].results[0].runs;
      expect(runs).toHaveLength(2);
      // A provider's error ends that run (policy_error, named in its failures); it is not
      // charged, so it cannot lower the spend the budget counts.
      for (const run of runs) {
        expect(run.stop_reason).toBe('policy_error');
        expect(run.task_failures[0]).toContain(
          `the provider reported usage.input_tokens = ${shown}: a token count is a whole number ≥ 0`,
        );
        expect(run.provider_usage).toBeNull();
      }
      expect(provider.requests).toHaveLength(2);
    },
    120_000,
  );

  it.each([
    [
      ['--policy', 'llm', '--model', 'm'],
      /the llm policy needs --provider \(anthropic or openai\)/,
    ],
    [['--policy', 'llm', '--provider', 'anthropic'], /the llm policy needs --model ID/],
    [
      ['--policy', 'llm', '--provider', 'anthropic', '--model', 'm'],
      /the anthropic API key is missing: ANTHROPIC_API_KEY is not set\n {2}hint: export ANTHROPIC_API_KEY=/,
    ],
    [
      ['--policy', 'llm', '--provider', 'openai', '--model', 'm', '--api-key-env', 'MY_KEY'],
      /the openai API key is missing: MY_KEY is not set/,
    ],
    [
      ['--policy', 'llm', '--provider', 'openai', '--model', 'm', '--temperature', 'hot'],
      /--temperature must be a number from 0 to 2, got "hot"/,
    ],
    [
      ['--policy', 'llm', '--provider', 'openai', '--model', 'm', '--base-url', 'nope'],
      /--base-url "nope" is not a URL/,
    ],
    [['--policy', 'replay'], /the replay policy needs --cassettes DIR/],
    [
      ['--policy', 'replay', '--cassettes', 'no-such-dir'],
      /no-such-dir\/llm-settings\.json is missing/,
    ],
    [['--model', 'm'], /--model is for --policy llm or replay, and the policy is scripted/],
    [['--policy', 'guess'], /--policy "guess" is not valid/],
    [['--max-tokens', '0'], /--max-tokens must be a positive integer, got "0"/],
  ])('refuses %j before any server starts (exit 2)', async (args, message) => {
    const result = await runCliCaptured(['run', ...args], {});
    expect(result.stderr).toMatch(message);
    expect(result.code).toBe(2);
  });

  it('refuses --max-cost for a model without a price', async () => {
    const result = await runCliCaptured(
      [
        'run',
        '--policy',
        'llm',
        '--provider',
        'openai',
        '--model',
        'my-local-model',
        '--base-url',
        'http://127.0.0.1:9/v1',
        '--max-cost',
        '1',
        '--runs',
        '1',
        '--allow-few-runs',
        '--scenario',
        'client-diagnosis-001',
        '--out',
        await mkdtemp(join(tmpdir(), 'llm-cost-')),
      ],
      { OPENAI_API_KEY: 'k' },
    );
    expect(result.stderr).toMatch(
      /--max-cost needs a price for model "my-local-model", and there is none/,
    );
    expect(result.code).toBe(2);
  });
});
