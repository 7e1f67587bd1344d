// needs: processes
import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICES, costUsd } from '../../src/llm/prices.js';
import {
  startFakeModelProvider,
  type FakeModelProvider,
  type ScriptedReply,
} from '../helpers/fake-model-provider.js';
import { cliEntry } from '../helpers/cli-entry.js';

const ROOT = resolve(import.meta.dirname, '../..');
const MODEL = 'claude-sonnet-4-5-20250929';
const PRICE = DEFAULT_PRICES[MODEL]!;
const SCENARIO = 'client-diagnosis-001';

/** Follows client-diagnosis-001's plan on the reference server; usage is the stand-in's count. */
function planFollower(body: Record<string, unknown>): ScriptedReply {
  const turn = ((body.messages as { role: string }[]) ?? []).filter(
    (m) => m.role === 'assistant',
  ).length;
  if (turn === 0) {
    return {
      calls: [{ name: 'list_clients', arguments: { status: 'Failed', wlan_name: 'Corp-Secure' } }],
    };
  }
  if (turn === 1) {
    const args = {
      mac: 'a4:bb:6d:3e:19:c2',
      site_id: '5563304806',
      connection_type: 'Wireless',
      hours: 24,
    };
    return { calls: [{ name: 'get_client_events', arguments: args }] };
  }
  const facts = {
    clientMac: 'a4:bb:6d:3e:19:c2',
    apName: 'SFO-AP-02',
    failureReason: 'password expired',
    radiusServer: 'radius-primary',
  };
  return { calls: [{ name: 'final_answer', arguments: facts }] };
}

/** The CLI (the bundle the test run builds from the working tree) in its own process. */
function cli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [...cliEntry(), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', CI: '1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.once('exit', (code) => done({ code, stdout, stderr })),
  );
}

interface Usage {
  input: number;
  output: number;
  cache_read: number;
  cache_write: number;
}

/** Five model-driven runs of the scenario against the reference server; each run's usage. */
async function fiveRuns(provider: FakeModelProvider, out: string): Promise<Usage[]> {
  const result = await cli(
    [
      'run',
      '--scenario',
      SCENARIO,
      '--runs',
      '5',
      '--concurrency',
      '1',
      // The sweep calls no model; the runs' usage is the subject.
      '--sweep',
      'off',
      '--quiet',
      '--out',
      out,
      '--policy',
      'llm',
      '--provider',
      'anthropic',
      '--model',
      MODEL,
      '--base-url',
      provider.anthropicUrl,
    ],
    { ANTHROPIC_API_KEY: 'sk-e2e' },
  );
  expect(result.code, result.stderr).toBe(0);
  const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
  const runs = report.scenarios[0].results[0].runs as {
    task_success: boolean;
    provider_usage: Usage;
  }[];
  expect(runs.map((r) => r.task_success)).toEqual([true, true, true, true, true]);
  return runs.map((r) => r.provider_usage);
}

const inputCost = (runs: Usage[]): number =>
  runs.reduce((sum, u) => sum + costUsd({ ...u, output: 0 }, PRICE), 0);

let providers: FakeModelProvider[] = [];
afterEach(async () => {
  await Promise.all(providers.map((p) => p.close()));
  providers = [];
});

describe('prompt caching and the estimate (real processes: the CLI, the reference server, the stand-in over HTTP)', () => {
  it('five runs cost at least 60 % less input with caching, and estimate is within 20 % of what they measured', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'llm-cache-'));
    const caching = await startFakeModelProvider(planFollower, { counted: { cache: true } });
    const plain = await startFakeModelProvider(planFollower, { counted: { cache: false } });
    providers = [caching, plain];

    const cached = await fiveRuns(caching, join(dir, 'cached'));
    const uncached = await fiveRuns(plain, join(dir, 'plain'));
    // The same requests went to both; only the provider's caching differs.
    const bodies = (p: FakeModelProvider) => p.requests.map((r) => JSON.stringify(r.body));
    expect(bodies(caching)).toEqual(bodies(plain));
    const first = caching.requests[0]!.body;
    expect(JSON.stringify(first.system)).toContain('"cache_control":{"type":"ephemeral"}');
    expect(
      (first.tools as { cache_control?: unknown }[]).filter((t) => t.cache_control),
    ).toHaveLength(1);
    // Run 1 writes the prefix on its first request and reads it after; run 2 on only reads.
    expect(cached[0]!.cache_write).toBeGreaterThan(3000);
    expect(cached.slice(1).map((u) => u.cache_write)).toEqual([0, 0, 0, 0]);
    expect(cached[1]!.cache_read).toBe(3 * cached[0]!.cache_write);
    expect(uncached.every((u) => u.cache_read === 0 && u.cache_write === 0)).toBe(true);

    const withCache = inputCost(cached);
    const without = inputCost(uncached);
    const saving = 1 - withCache / without;
    expect(saving).toBeGreaterThanOrEqual(0.6);

    const estimated = await cli([
      'estimate',
      '--scenario',
      SCENARIO,
      '--provider',
      'anthropic',
      '--model',
      MODEL,
      '--runs',
      '5',
      '--json',
      '--quiet',
    ]);
    expect(estimated.code, estimated.stderr).toBe(0);
    const estimate = JSON.parse(estimated.stdout);
    expect(estimate.provenance).toBe('estimated');
    const server = estimate.servers[0];
    expect(server).toMatchObject({ server: 'reference', scenarios: 1, requests: 15 });
    const estimatedWith = costUsd({ ...server.cached, output: 0 }, PRICE);
    const estimatedWithout = costUsd({ ...server.uncached, output: 0 }, PRICE);
    expect(Math.abs(estimatedWith / withCache - 1)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(estimatedWithout / without - 1)).toBeLessThanOrEqual(0.2);
    console.log(
      `measured input cost: $${without.toFixed(4)} without caching, $${withCache.toFixed(4)} with (${(saving * 100).toFixed(1)} % less); estimated $${estimatedWithout.toFixed(4)} and $${estimatedWith.toFixed(4)}`,
    );
  }, 240_000);
});
