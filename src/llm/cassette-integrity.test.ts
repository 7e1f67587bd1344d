import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CASSETTE_SETTINGS_FILE, readCassetteSettings, writeCassetteSettings } from './cassette.js';
import { LLM_PROMPT_VERSION } from './system-prompt.js';
import type { LlmSettings } from './types.js';

const SETTINGS: LlmSettings = {
  provider: 'openai',
  model: 'gpt-test-1',
  base_url: null,
  temperature: 0,
  seed: 1,
  max_output_tokens: 256,
  max_turns: 10,
  prompt_version: LLM_PROMPT_VERSION,
  max_retries: 0,
};

async function settingsFile(text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'settings-'));
  await writeFile(join(dir, CASSETTE_SETTINGS_FILE), text);
  return dir;
}

describe('llm-settings.json', () => {
  it('round-trips what was recorded', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'settings-'));
    await writeCassetteSettings(dir, SETTINGS);
    await expect(readCassetteSettings(dir)).resolves.toEqual(SETTINGS);
  });

  it('is refused when edited after recording (a base_url pointed elsewhere)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'settings-'));
    await writeCassetteSettings(dir, SETTINGS);
    const file = join(dir, CASSETTE_SETTINGS_FILE);
    const doc = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify({ ...doc, base_url: 'https://evil.example/v1' }));
    await expect(readCassetteSettings(dir)).rejects.toThrow(
      'was edited after it was recorded (its digest no longer matches)',
    );
  });

  it.each([
    ['null', 'expected a JSON object of model settings'],
    [
      JSON.stringify({ ...SETTINGS, max_output_tokens: -5 }),
      '"max_output_tokens" must be an integer of at least 1',
    ],
    [JSON.stringify({ ...SETTINGS, provider: 'acme' }), '"provider" must be anthropic or openai'],
    [
      JSON.stringify({ ...SETTINGS, temperature: '0' }),
      '"temperature" must be a number from 0 to 2',
    ],
    [JSON.stringify(SETTINGS), 'has no digest'],
    ['{"model": "SECRET-TEXT"', 'is not JSON'],
  ])('%s is a usage error, not a crash', async (text, message) => {
    const error = await readCassetteSettings(await settingsFile(text)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'usage' });
    expect(String(error)).toContain(message);
    expect(String(error)).not.toContain('SECRET-TEXT');
  });
});
