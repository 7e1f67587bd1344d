import { mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startFakeModelProvider,
  type FakeModelProvider,
} from '../../test/helpers/fake-model-provider.js';
import { runAgentLoop } from '../agent/run-agent-loop.js';
import { stubSession, text } from '../../test/helpers/agent/test-session.js';
import { makeScenario } from '../../test/helpers/metrics/builders.js';
import { createCassetteRecorder, readCassette } from './cassette.js';
import { createLiveTransport } from './live-transport.js';
import { createLlmPolicy } from './llm-policy.js';
import { createReplayTransport, describeDivergence, firstDifference } from './replay-transport.js';
import { LLM_PROMPT_VERSION } from './system-prompt.js';
import type { LlmSettings, ModelTransport } from './types.js';

const scenario = makeScenario();
let provider: FakeModelProvider | undefined;
afterEach(async () => provider?.close());

const settings = (url: string): LlmSettings => ({
  provider: 'openai',
  model: 'gpt-test-1',
  base_url: url,
  temperature: 0,
  seed: 1,
  max_output_tokens: 256,
  max_turns: 10,
  prompt_version: LLM_PROMPT_VERSION,
  max_retries: 0,
});

async function runWith(
  transport: ModelTransport,
  s: LlmSettings,
  sites: string,
  name: 'llm' | 'replay',
  file?: string,
) {
  const recorder = file ? await createCassetteRecorder(file) : undefined;
  const policy = createLlmPolicy({
    settings: s,
    transport,
    name,
    ...(recorder ? { onExchange: recorder } : {}),
  });
  const session = stubSession({
    list_sites: () => text(sites),
    list_clients: () => text('jsmith-laptop on SFO-AP-02'),
  });
  return runAgentLoop({ session, policy, scenario, server: 'ref', run: 1 });
}

describe('record and replay', () => {
  it('replays a recorded session without the provider, and diverges at the turn whose input changed', async () => {
    provider = await startFakeModelProvider([
      { calls: [{ name: 'list_sites', arguments: {} }] },
      { calls: [{ name: 'list_clients', arguments: { site: 'SFO' } }] },
      { calls: [{ name: 'final_answer', arguments: { apName: 'SFO-AP-02' } }] },
    ]);
    const s = settings(provider.openaiUrl);
    const dir = await mkdtemp(join(tmpdir(), 'cassette-'));
    const file = join(dir, 'ref', 'run-1.jsonl');
    const live = await runWith(createLiveTransport(s, 'sk'), s, 'SFO, LAX', 'llm', file);
    expect(live.stopReason).toBe('final');
    const lines = await readCassette(file, dir);
    expect(lines?.map((l) => [l.exchange, l.turn])).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
    expect(JSON.parse((await readFile(file, 'utf8')).split('\n')[0]!).usage).toEqual({
      input: 100,
      output: 20,
      cache_read: 0,
      cache_write: 0,
    });

    const same = await runWith(createReplayTransport(lines, file), s, 'SFO, LAX', 'replay');
    expect(same.stopReason).toBe('final');
    expect(same.answer).toEqual(live.answer);
    expect(same.turns.map((t) => t.usage)).toEqual(live.turns.map((t) => t.usage));
    expect(provider.requests).toHaveLength(3);

    // list_sites now answers differently: turn 0 still matches, turn 1's request does not.
    const changed = await runWith(createReplayTransport(lines, file), s, 'SFO, LAX, JFK', 'replay');
    expect(changed.stopReason).toBe('diverged');
    expect(changed.error?.message).toBe(
      'diverged at turn 1: /messages/3/content: recorded "SFO, LAX", now "SFO, LAX, JFK"',
    );
    expect(changed.calls.map((c) => c.name)).toEqual(['list_sites']);

    const none = await runWith(createReplayTransport(null, 'missing.jsonl'), s, '', 'replay');
    expect(none.error?.message).toBe('diverged at turn 0: there is no recording at missing.jsonl');
  });

  it('diverges on an edited response (its request hash kept), never answering from it', async () => {
    provider = await startFakeModelProvider([
      { calls: [{ name: 'list_sites', arguments: {} }] },
      { calls: [{ name: 'final_answer', arguments: { apName: 'SFO-AP-01' } }] },
    ]);
    const s = settings(provider.openaiUrl);
    const dir = await mkdtemp(join(tmpdir(), 'cassette-'));
    const file = join(dir, 'run-1.jsonl');
    await runWith(createLiveTransport(s, 'sk'), s, 'SFO', 'llm', file);
    // The model's final answer rewritten by hand, the line's request hash left as recorded.
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('SFO-AP-01', 'SFO-AP-02'));
    const lines = await readCassette(file, dir);
    expect(lines?.map((l) => l.edited)).toEqual([false, true]);
    const replayed = await runWith(createReplayTransport(lines, file), s, 'SFO', 'replay');
    expect(replayed.stopReason).toBe('diverged');
    expect(replayed.error?.message).toBe(
      `diverged at turn 1: recording edited: ${file} exchange 1 no longer matches its digest`,
    );
    expect(replayed.answer).toBeNull();
  });

  it('refuses a cassette linked to a file outside its directory, and echoes no content', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cassette-'));
    const outside = join(await mkdtemp(join(tmpdir(), 'elsewhere-')), 'secret.txt');
    await writeFile(outside, 'TOP-SECRET-CONTENT');
    await symlink(outside, join(dir, 'run-1.jsonl'));
    const error = await readCassette(join(dir, 'run-1.jsonl'), dir).catch((e: unknown) => e);
    expect(String(error)).toContain('leads outside the cassette directory');
    await writeFile(join(dir, 'run-2.jsonl'), 'TOP-SECRET-CONTENT\n');
    const bad = await readCassette(join(dir, 'run-2.jsonl'), dir).catch((e: unknown) => e);
    expect(String(bad)).toContain('run-2.jsonl:1: not JSON');
    expect(String(bad)).not.toContain('TOP-SECRET');
  });

  it('says which tools a changed menu removed and added, in either wire format', () => {
    const anthropic = (names: string[]) => ({ tools: names.map((name) => ({ name })) });
    const openai = (names: string[]) => ({
      tools: names.map((name) => ({ type: 'function', function: { name } })),
    });
    for (const wire of [anthropic, openai]) {
      expect(
        describeDivergence(wire(['a', 'get_client_events']), wire(['get_client_event_log', 'a'])),
      ).toBe('the tool menu changed (removed get_client_events; added get_client_event_log)');
    }
    expect(describeDivergence({ tools: [], x: 1 }, { tools: [], x: 2 })).toBe(
      '/x: recorded 1, now 2',
    );
  });

  it('firstDifference names the first differing JSON pointer', () => {
    expect(firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(
      '/a/1/b: recorded 2, now 3',
    );
    expect(firstDifference({ a: 1 }, { a: 1 })).toBeNull();
    expect(firstDifference([1], [1, 2])).toBe('/1: recorded undefined, now 2');
  });
});
