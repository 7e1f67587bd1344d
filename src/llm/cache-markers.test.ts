import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAgentLoop } from '../agent/run-agent-loop.js';
import { stubSession, text } from '../../test/helpers/agent/test-session.js';
import { makeScenario } from '../../test/helpers/metrics/builders.js';
import { anthropicRequest } from './anthropic-wire.js';
import { CACHE_CONTROL, withoutCacheMarkers } from './cache-markers.js';
import { readCassette, requestHash } from './cassette.js';
import { createLlmPolicy } from './llm-policy.js';
import { createReplayTransport } from './replay-transport.js';
import { LLM_PROMPT_VERSION } from './system-prompt.js';
import type { LlmSettings } from './types.js';

const settings: LlmSettings = {
  provider: 'anthropic',
  model: 'claude-sonnet-4-5-20250929',
  base_url: null,
  temperature: 0,
  seed: null,
  max_output_tokens: 256,
  max_turns: 10,
  prompt_version: LLM_PROMPT_VERSION,
  max_retries: 0,
};
const tool = (name: string) => ({ name, description: name, inputSchema: { type: 'object' } });
const conversation = {
  system: 'be brief',
  tools: [tool('list_sites'), tool('list_clients'), tool('final_answer')],
  intent: 'find the AP',
  turns: [],
};

describe('Anthropic cache breakpoints', () => {
  it('marks the server’s last tool (before the final-answer tool) and the system prompt', () => {
    const request = anthropicRequest(conversation, settings);
    const tools = request.tools as Record<string, unknown>[];
    expect(tools.map((t) => t.cache_control ?? null)).toEqual([null, CACHE_CONTROL, null]);
    expect(request.system).toEqual([
      { type: 'text', text: 'be brief', cache_control: CACHE_CONTROL },
    ]);
  });

  it('hashes the request as it was before caching: markers never change a cassette’s hash', () => {
    const request = anthropicRequest(conversation, settings);
    const bare = withoutCacheMarkers(request);
    expect(bare.system).toBe('be brief');
    expect(JSON.stringify(bare)).not.toContain('cache_control');
    expect(requestHash(request)).toBe(requestHash(bare));
    // Anything else still counts.
    expect(requestHash(request)).not.toBe(requestHash({ ...bare, system: 'be long' }));
  });

  it('replays a cassette recorded before the markers existed (test/helpers/llm/fixtures)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'old-cassette-'));
    await cp(
      join(import.meta.dirname, '../../test/helpers/llm/fixtures/cassette-before-caching'),
      dir,
      {
        recursive: true,
      },
    );
    const file = join(dir, 'run-1.jsonl');
    const lines = await readCassette(file, dir);
    expect(lines?.map((l) => l.edited)).toEqual([false, false, false]);
    expect(JSON.stringify(lines)).not.toContain('cache_control');
    const policy = createLlmPolicy({
      settings,
      transport: createReplayTransport(lines, file),
      name: 'replay',
    });
    const session = stubSession({
      list_sites: () => text('SFO, LAX'),
      list_clients: () => text('jsmith-laptop on SFO-AP-02'),
    });
    const result = await runAgentLoop({
      session,
      policy,
      scenario: makeScenario(),
      server: 'ref',
      run: 1,
    });
    expect(result.error).toBeUndefined();
    expect(result.stopReason).toBe('final');
    expect(result.answer?.json).toEqual({ apName: 'SFO-AP-02' });
  });
});
