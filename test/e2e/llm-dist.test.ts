// needs: processes
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRICES } from '../../src/llm/prices.js';
import { costUsd } from '../../src/llm/prices.js';
import { stripTiming } from '../../src/report/strip-timing.js';
import { reportSchemaErrors } from '../../src/report/validate-report.js';
import { referenceSubjectConfig } from '../helpers/reference-subject-config.js';
import {
  startFakeModelProvider,
  type FakeModelProvider,
  type ScriptedReply,
} from '../helpers/fake-model-provider.js';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli/index.js');
const SCENARIO = 'client-diagnosis-001';
const MODELS = { anthropic: 'claude-sonnet-4-5-20250929', openai: 'gpt-4.1-2025-04-14' } as const;

/**
 * A model that solves client-diagnosis-001 on the reference server: the plan's two calls, one per
 * turn, then the final answer with the facts. The turn is the number of assistant messages so far,
 * so the same script serves both wire formats.
 */
function solver(body: Record<string, unknown>): ScriptedReply {
  const messages = (body.messages as { role: string }[]) ?? [];
  const turn = messages.filter((m) => m.role === 'assistant').length;
  const usage = { input: 1000 + turn * 400, output: 60, cacheRead: 200, cacheWrite: 0 };
  if (turn === 0) {
    return {
      text: 'Listing failed clients.',
      calls: [{ name: 'list_clients', arguments: { status: 'Failed', wlan_name: 'Corp-Secure' } }],
      usage,
    };
  }
  if (turn === 1) {
    const args = {
      mac: 'a4:bb:6d:3e:19:c2',
      site_id: '5563304806',
      connection_type: 'Wireless',
      hours: 24,
    };
    return { calls: [{ name: 'get_client_events', arguments: args }], usage };
  }
  const facts = {
    clientMac: 'a4:bb:6d:3e:19:c2',
    apName: 'SFO-AP-02',
    failureReason: 'password expired',
    radiusServer: 'radius-primary',
  };
  return { text: 'Found it.', calls: [{ name: 'final_answer', arguments: facts }], usage };
}

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string> = {}): Promise<Result> {
  const child = spawn(
    process.execPath,
    [
      CLI,
      'run',
      '--scenario',
      SCENARIO,
      '--runs',
      '1',
      '--allow-few-runs',
      // The sweep calls no model; the model-driven run is the subject.
      '--sweep',
      'off',
      ...args,
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', CI: '1', ...env },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.once('exit', (code) => done({ code, stdout, stderr })));
}

const readReport = async (dir: string) =>
  JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));

let provider: FakeModelProvider;
let tmp: string;
beforeAll(async () => {
  provider = await startFakeModelProvider(solver);
  tmp = await mkdtemp(join(tmpdir(), 'llm-dist-'));
});
afterAll(() => provider.close());

describe.each(['anthropic', 'openai'] as const)(
  'the built CLI with --policy llm --provider %s',
  (name) => {
    it('solves a golden scenario, reports measured usage and cost, records and replays the session', async () => {
      expect(existsSync(CLI), `${CLI} is missing: run npm run build`).toBe(true);
      const url = name === 'anthropic' ? provider.anthropicUrl : provider.openaiUrl;
      const keyEnv = name === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY';
      const cassettes = join(tmp, `${name}-cassettes`);
      const live = join(tmp, `${name}-live`);
      const model = [
        '--policy',
        'llm',
        '--provider',
        name,
        '--model',
        MODELS[name],
        '--base-url',
        url,
        '--seed',
        '42',
      ];
      const recorded = await cli([...model, '--cassettes', cassettes, '--out', live], {
        [keyEnv]: 'sk-e2e-secret',
      });
      expect(recorded.code, recorded.stderr).toBe(0);
      const report = await readReport(live);
      expect(reportSchemaErrors(report)).toEqual([]);
      const result = report.scenarios[0].results[0];
      const run = result.runs[0];
      expect(run.task_success, JSON.stringify(run.task_failures)).toBe(true);
      expect(run.tools_called).toEqual(['list_clients', 'get_client_events']);
      expect(run.provider_usage).toEqual({
        input: 1000 + 1400 + 1800,
        output: 180,
        cache_read: 600,
        cache_write: 0,
        total: 4200 + 180 + 600,
        provenance: 'measured',
      });
      // js-tiktoken's figure stays computed, beside the measured one.
      expect(run.tokens.provenance).toBe('computed');
      const price = DEFAULT_PRICES[MODELS[name]]!;
      expect(run.cost_usd).toBe(
        costUsd({ input: 4200, output: 180, cache_read: 600, cache_write: 0 }, price),
      );
      expect(report.overall[0].cost_usd).toEqual({
        total: run.cost_usd,
        per_successful_task: run.cost_usd,
      });
      expect(result.pass_hat_k).toEqual({ k: 1, passed: true });
      expect(report.settings.policy).toEqual({
        name: 'llm',
        model: MODELS[name],
        temperature: 0,
        seed: 42,
      });
      expect(report.settings.llm).toMatchObject({
        provider: name,
        source: 'live',
        key_env: keyEnv,
        price,
      });
      expect(JSON.stringify(report)).not.toContain('sk-e2e-secret');

      const file = join(cassettes, 'reference', SCENARIO, 'run-1.jsonl');
      const lines = (await readFile(file, 'utf8'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines.map((l) => l.turn)).toEqual([0, 1, 2]);
      expect(lines[0].hash).toMatch(/^[0-9a-f]{64}$/);
      expect(await readFile(file, 'utf8')).not.toContain('sk-e2e-secret');

      // Replay: no key, no provider; the same report once timing and the session's source are set aside.
      const before = provider.requests.length;
      const replayOut = join(tmp, `${name}-replay`);
      const replayed = await cli([
        '--policy',
        'replay',
        '--cassettes',
        cassettes,
        '--out',
        replayOut,
      ]);
      expect(replayed.code, replayed.stderr).toBe(0);
      expect(provider.requests.length).toBe(before);
      const again = await readReport(replayOut);
      expect(again.settings.policy.name).toBe('replay');
      expect(again.settings.llm).toMatchObject({ source: 'replay', key_env: null });
      const comparable = (r: any) => {
        const copy = stripTiming(r);
        copy.settings.policy.name = 'llm';
        copy.settings.llm.source = 'live';
        copy.settings.llm.key_env = keyEnv;
        return JSON.stringify(copy, null, 2);
      };
      expect(comparable(again)).toBe(comparable(report));
    }, 180_000);
  },
);

describe('replay against a changed server, and a missing key', () => {
  it('diverges at turn 0 when a tool was renamed: its own status, not a server failure', async () => {
    const cassettes = join(tmp, 'anthropic-cassettes');
    expect(await readdir(cassettes)).toContain('reference');
    const config = join(tmp, 'renamed.yml');
    await writeFile(config, referenceSubjectConfig(ROOT, 'subject-renamed-tool.ts'));
    const out = join(tmp, 'renamed-replay');
    const result = await cli([
      '--config',
      config,
      '--policy',
      'replay',
      '--cassettes',
      cassettes,
      '--out',
      out,
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('replay diverged from the recording: reference (1)');
    const report = await readReport(out);
    expect(reportSchemaErrors(report)).toEqual([]);
    const scenario = report.scenarios[0].results[0];
    expect(scenario.runs[0].status).toBe('diverged');
    expect(scenario.runs[0].stop_reason).toBe('diverged');
    expect(scenario.runs[0].error.message).toBe(
      'diverged at turn 0: the tool menu changed (removed get_client_events; added get_client_event_log)',
    );
    expect(scenario.errors).toBe(0);
    expect(scenario.diverged).toBe(1);
    expect(scenario.task_success).toBeNull();
  }, 120_000);

  it('fails fast, naming the variable, when the key is missing', async () => {
    const started = Date.now();
    const result = await cli([
      '--policy',
      'llm',
      '--provider',
      'openai',
      '--model',
      'gpt-4.1-2025-04-14',
      '--out',
      join(tmp, 'nokey'),
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('the openai API key is missing: OPENAI_API_KEY is not set');
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);
});
