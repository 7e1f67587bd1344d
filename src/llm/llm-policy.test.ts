import { afterEach, describe, expect, it } from 'vitest';
import {
  startFakeModelProvider,
  type FakeModelProvider,
  type ScriptedReply,
} from '../../test/helpers/fake-model-provider.js';
import { runAgentLoop } from '../agent/run-agent-loop.js';
import { stubSession, text } from '../../test/helpers/agent/test-session.js';
import { makeScenario } from '../../test/helpers/metrics/builders.js';
import { createLiveTransport } from './live-transport.js';
import { createLlmPolicy, type Exchange } from './llm-policy.js';
import { LLM_PROMPT_VERSION } from './system-prompt.js';
import { mapToolNames } from './tool-names.js';
import type { LlmSettings, ProviderName } from './types.js';

/** `central.get` has a dot, which providers refuse: it goes out under a mapped name. */
const MAPPED = mapToolNames(['central.get']).renamed['central.get']!;

const scenario = makeScenario({
  result_schema: {
    type: 'object',
    required: ['apName'],
    properties: { apName: { type: 'string' } },
  },
});

let provider: FakeModelProvider | undefined;
afterEach(async () => {
  await provider?.close();
  provider = undefined;
});

function settingsFor(
  name: ProviderName,
  url: string,
  extra: Partial<LlmSettings> = {},
): LlmSettings {
  return {
    provider: name,
    model: name === 'anthropic' ? 'claude-test-1' : 'gpt-test-1',
    base_url: url,
    temperature: 0,
    seed: name === 'openai' ? 7 : null,
    max_output_tokens: 1024,
    max_turns: 10,
    prompt_version: LLM_PROMPT_VERSION,
    max_retries: 2,
    ...extra,
  };
}

async function drive(
  name: ProviderName,
  script: ScriptedReply[],
  options: { deadlineMs?: number; settings?: Partial<LlmSettings> } = {},
) {
  provider = await startFakeModelProvider(script);
  const url = name === 'anthropic' ? provider.anthropicUrl : provider.openaiUrl;
  const settings = settingsFor(name, url, options.settings);
  const exchanges: Exchange[] = [];
  const policy = createLlmPolicy({
    settings,
    transport: createLiveTransport(settings, 'sk-test-key'),
    onExchange: (exchange) => void exchanges.push(exchange),
  });
  const session = stubSession({
    list_clients: () => text('jsmith-laptop is on SFO-AP-02'),
    'central.get': (args) => text(`got ${JSON.stringify(args)}`),
  });
  const trajectory = await runAgentLoop({
    session,
    policy,
    scenario,
    server: 'ref',
    run: 1,
    deadlineMs: options.deadlineMs ?? 20_000,
  });
  return { trajectory, session, exchanges, requests: provider.requests, policy };
}

const final = (apName: string): ScriptedReply => ({
  text: 'Done.',
  calls: [{ name: 'final_answer', arguments: { apName } }],
  usage: { input: 300, output: 40, cacheRead: 50, cacheWrite: 10 },
});

describe.each(['anthropic', 'openai'] as const)('the llm policy through the %s SDK', (name) => {
  it('runs tool calls with arguments, in parallel replies in order, then takes the final answer', async () => {
    const { trajectory, session, requests, exchanges } = await drive(name, [
      { text: 'Looking.', calls: [{ name: 'list_clients', arguments: { site: 'SFO' } }] },
      {
        calls: [
          { name: MAPPED, arguments: { path: '/a' } },
          { name: 'list_clients', arguments: {} },
        ],
      },
      final('SFO-AP-02'),
    ]);
    expect(trajectory.stopReason).toBe('final');
    expect(trajectory.answer).toEqual({ text: 'Done.', json: { apName: 'SFO-AP-02' } });
    expect(session.requests.map((r) => r.name)).toEqual([
      'list_clients',
      'central.get',
      'list_clients',
    ]);
    expect(session.requests[1]?.arguments).toEqual({ path: '/a' });
    expect(trajectory.turns.map((t) => t.callIndexes)).toEqual([[0], [1, 2], []]);
    expect(trajectory.turns[2]?.usage).toEqual({
      inputTokens: 300,
      outputTokens: 40,
      cacheReadTokens: 50,
      cacheWriteTokens: name === 'anthropic' ? 10 : 0,
    });
    expect(exchanges).toHaveLength(3);
    // The key travels in the provider's own header; the tools go verbatim, under mapped names.
    const first = requests[0]!;
    if (name === 'anthropic') {
      expect(first.path).toBe('/v1/messages');
      // @anthropic-ai/sdk 1.x sends an API key as a bearer token.
      expect(first.headers.authorization).toBe('Bearer sk-test-key');
      // The server's last tool carries the menu's cache breakpoint (cache-markers.ts).
      expect(first.body.tools).toContainEqual({
        name: MAPPED,
        description: 'central.get (stub)',
        input_schema: { type: 'object' },
        cache_control: { type: 'ephemeral' },
      });
      expect(first.body).not.toHaveProperty('seed');
    } else {
      expect(first.path).toBe('/v1/chat/completions');
      expect(first.headers.authorization).toBe('Bearer sk-test-key');
      expect(first.body.seed).toBe(7);
      expect(first.body.max_tokens).toBe(1024);
    }
    expect(first.body.temperature).toBe(0);
    expect(first.body.model).toBe(name === 'anthropic' ? 'claude-test-1' : 'gpt-test-1');
    // The third request holds both results of the parallel turn under our own call ids.
    const third = JSON.stringify(requests[2]!.body);
    expect(third).toContain('call_1_0');
    expect(third).toContain('got {\\"path\\":\\"/a\\"}');
  });

  it('does not pass a server 10 MB of arguments a model made up; the model is told why', async () => {
    const { trajectory, session, requests } = await drive(name, [
      { calls: [{ name: 'list_clients', arguments: { site: 'x'.repeat(10_000_000) } }] },
      final('SFO-AP-02'),
    ]);
    expect(trajectory.stopReason).toBe('final');
    expect(session.requests).toEqual([]);
    const second = JSON.stringify(requests[1]!.body);
    expect(second).toContain('more than the 262144 a call may carry, so the call was not made');
    expect(second.length).toBeLessThan(100_000);
  });

  it('shows malformed arguments and an unknown tool to the model as errors; neither crashes', async () => {
    const { trajectory, session, requests } = await drive(name, [
      {
        calls: [
          { name: 'list_clients', arguments: name === 'openai' ? '{"site": "SF' : { site: 1 } },
          { name: 'delete_everything', arguments: {} },
        ],
      },
      final('nowhere'),
    ]);
    expect(trajectory.stopReason).toBe('final');
    expect(trajectory.calls.at(-1)?.name).toBe('delete_everything');
    expect(trajectory.calls.at(-1)?.resultText).toMatch(/^Error: .*not found/);
    const second = JSON.stringify(requests[1]!.body);
    if (name === 'openai') {
      expect(session.requests.map((r) => r.name)).toEqual(['delete_everything']);
      expect(second).toContain('the arguments are not a JSON object');
    } else {
      expect(session.requests.map((r) => r.name)).toEqual(['list_clients', 'delete_everything']);
    }
    expect(second).toContain('Tool delete_everything not found');
  });

  it('retries a 429 after its retry-after and a 500, and the run goes on', async () => {
    const { trajectory, requests } = await drive(name, [
      { status: 429, headers: { 'retry-after': '1' } },
      { status: 500 },
      final('SFO-AP-02'),
    ]);
    expect(trajectory.stopReason).toBe('final');
    expect(requests).toHaveLength(3);
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('does not wait an hour a retry-after asks for: the run stops at once, naming it', async () => {
    const started = Date.now();
    const { trajectory, requests } = await drive(name, [
      { status: 429, headers: { 'retry-after': '3600' } },
      final('never'),
    ]);
    expect(trajectory.stopReason).toBe('policy_error');
    expect(trajectory.error?.message).toContain(
      'the provider asked to retry after 3600 s, more than the 60 s a retry may wait',
    );
    expect(requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('stops with policy_error when the retries are spent', async () => {
    const { trajectory, requests } = await drive(
      name,
      [{ status: 503 }, { status: 503 }, { status: 503 }],
      { settings: { max_retries: 1 } },
    );
    expect(trajectory.stopReason).toBe('policy_error');
    expect(trajectory.error?.message).toMatch(/policy llm failed in turn 0: .*503/);
    expect(requests).toHaveLength(2);
  });

  it('stops at the deadline while the model is slow', async () => {
    const started = Date.now();
    const { trajectory } = await drive(name, [{ ...final('late'), delayMs: 5_000 }], {
      deadlineMs: 300,
    });
    expect(trajectory.stopReason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('takes a reply without tool calls as the final answer, JSON from its text', async () => {
    const { trajectory } = await drive(name, [{ text: 'It is {"apName": "SFO-AP-02"}.' }]);
    expect(trajectory.answer?.json).toEqual({ apName: 'SFO-AP-02' });
  });
});
