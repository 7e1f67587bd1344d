import { resolve } from 'node:path';
import { DEFAULT_MAX_TURNS } from '../agent/run-agent-loop.js';
import { noSecrets, type Secrets } from '../common/secrets.js';
import { BenchError } from '../common/errors.js';
import { readCassetteSettings } from './cassette.js';
import type { PolicyChoice } from './run-policies.js';
import { LLM_PROMPT_VERSION } from './system-prompt.js';
import { DEFAULT_KEY_ENV, PROVIDERS, type LlmSettings, type ProviderName } from './types.js';

/** The policy options as the CLI flags and action inputs give them (strings, unparsed). */
export interface RawPolicyOptions {
  policy?: string | undefined;
  provider?: string | undefined;
  model?: string | undefined;
  baseUrl?: string | undefined;
  temperature?: string | undefined;
  seed?: string | undefined;
  maxOutputTokens?: string | undefined;
  maxTurns?: string | undefined;
  apiKeyEnv?: string | undefined;
  cassettes?: string | undefined;
}

/** Output tokens a model turn may take unless told otherwise. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 4096;
/** Retries of one model request on 429/5xx/overloaded (the SDK waits as retry-after says). */
export const DEFAULT_MAX_RETRIES = 3;
export const POLICIES = ['scripted', 'llm', 'replay'] as const;

/** How the entry names an option in errors: `--base-url` for the CLI, `base-url` input for the action. */
export type OptionName = (key: keyof RawPolicyOptions) => string;

const KEBAB: Record<keyof RawPolicyOptions, string> = {
  policy: 'policy',
  provider: 'provider',
  model: 'model',
  baseUrl: 'base-url',
  temperature: 'temperature',
  seed: 'seed',
  maxOutputTokens: 'max-output-tokens',
  maxTurns: 'max-turns',
  apiKeyEnv: 'api-key-env',
  cassettes: 'cassettes',
};
/** The policy options' names in an entry's own spelling of a flag name (`base-url`). */
export const policyOptionName =
  (spell: (flag: string) => string): OptionName =>
  (key) =>
    spell(KEBAB[key]);
/** CLI flag names. */
export const flagName: OptionName = (key) => `--${KEBAB[key]}`;
/** Action input names. */
export const inputName: OptionName = (key) => `input ${KEBAB[key]}`;

function number(
  raw: string | undefined,
  fallback: number,
  label: string,
  check: { min: number; max: number; integer: boolean },
): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  const ok =
    Number.isFinite(value) &&
    value >= check.min &&
    value <= check.max &&
    (!check.integer || Number.isInteger(value));
  if (!ok) {
    const kind = check.integer ? 'an integer' : 'a number';
    throw new BenchError(
      'usage',
      `${label} must be ${kind} from ${check.min} to ${check.max}, got "${raw}"`,
    );
  }
  return value;
}

const given = (raw: string | undefined): raw is string => raw !== undefined && raw.trim() !== '';

/**
 * Resolves the policy options into a choice runBench takes. `llm` needs a provider and a pinned
 * model, and reads the key from `env` (ANTHROPIC_API_KEY / OPENAI_API_KEY or the named
 * variable), else from the bench's taken `secrets` (the entries take the model keys out of the
 * environment first): a missing key is a usage error naming the variable, raised before any server starts.
 * `replay` reads the settings the cassettes were recorded with; a provider or model given that
 * differs from them is an error. `cwd` resolves the cassette directory.
 */
export async function resolvePolicy(
  raw: RawPolicyOptions,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  name: OptionName,
  secrets: Secrets = noSecrets(),
): Promise<PolicyChoice> {
  const policy = given(raw.policy) ? raw.policy : 'scripted';
  if (!(POLICIES as readonly string[]).includes(policy)) {
    throw new BenchError('usage', `${name('policy')} "${policy}" is not valid`, {
      hint: `use one of: ${POLICIES.join(', ')}`,
    });
  }
  const modelOnly = (
    ['provider', 'model', 'baseUrl', 'temperature', 'seed', 'apiKeyEnv'] as const
  ).filter((key) => given(raw[key]));
  if (policy === 'scripted') {
    if (modelOnly.length > 0 || given(raw.cassettes)) {
      const first = modelOnly[0] ?? 'cassettes';
      throw new BenchError(
        'usage',
        `${name(first)} is for --policy llm or replay, and the policy is scripted`,
        {
          hint: `add ${name('policy')} llm (or replay), or drop ${name(first)}`,
        },
      );
    }
    return { name: 'scripted' };
  }
  const cassettes = given(raw.cassettes) ? resolve(cwd, raw.cassettes) : null;
  if (policy === 'replay') {
    if (cassettes === null) {
      throw new BenchError('usage', `the replay policy needs ${name('cassettes')} DIR`, {
        hint: 'the directory a --policy llm --cassettes DIR run recorded into',
      });
    }
    const settings = await readCassetteSettings(cassettes);
    for (const key of ['provider', 'model'] as const) {
      if (given(raw[key]) && raw[key] !== settings[key]) {
        throw new BenchError(
          'usage',
          `${name(key)} "${raw[key]}" differs from the recording's "${settings[key]}"`,
          {
            hint: `drop ${name(key)}: a replay uses what ${cassettes} was recorded with`,
          },
        );
      }
    }
    return { name: 'replay', settings, cassettes };
  }
  const settings = resolveLlmSettings(raw, name);
  const provider = settings.provider;
  const keyEnv = given(raw.apiKeyEnv) ? raw.apiKeyEnv.trim() : DEFAULT_KEY_ENV[provider];
  // The entries take the model keys out of the environment first (src/common/secrets.ts) and
  // pass them in as `secrets`.
  const apiKey = env[keyEnv] ?? secrets.get(keyEnv);
  if (apiKey === undefined || apiKey.trim() === '') {
    throw new BenchError('usage', `the ${provider} API key is missing: ${keyEnv} is not set`, {
      hint: `export ${keyEnv}=… (in a workflow: env: ${keyEnv}: \${{ secrets.${keyEnv} }}), or name another variable with ${name('apiKeyEnv')}`,
    });
  }
  return { name: 'llm', settings, apiKey: apiKey.trim(), keyEnv, cassettes };
}

/**
 * The model settings of an `llm` policy from the raw options: a provider, a pinned model and the
 * numeric options in range. Needs no key (the estimate command uses it on its own).
 */
export function resolveLlmSettings(raw: RawPolicyOptions, name: OptionName): LlmSettings {
  if (!given(raw.provider) || !(PROVIDERS as readonly string[]).includes(raw.provider)) {
    throw new BenchError(
      'usage',
      `the llm policy needs ${name('provider')} (${PROVIDERS.join(' or ')})${given(raw.provider) ? `, got "${raw.provider}"` : ''}`,
    );
  }
  const provider = raw.provider as ProviderName;
  if (!given(raw.model)) {
    throw new BenchError('usage', `the llm policy needs ${name('model')} ID, a pinned model id`, {
      hint: 'a dated id such as claude-sonnet-4-5-20250929 or gpt-4.1-2025-04-14, not an alias that moves',
    });
  }
  let baseUrl: string | null = null;
  if (given(raw.baseUrl)) {
    try {
      baseUrl = new URL(raw.baseUrl).toString().replace(/\/$/, '');
    } catch {
      throw new BenchError('usage', `${name('baseUrl')} "${raw.baseUrl}" is not a URL`, {
        hint: 'e.g. http://127.0.0.1:11434/v1 for Ollama',
      });
    }
  }
  return {
    provider,
    model: raw.model.trim(),
    base_url: baseUrl,
    temperature: number(raw.temperature, 0, name('temperature'), {
      min: 0,
      max: 2,
      integer: false,
    }),
    seed: given(raw.seed)
      ? number(raw.seed, 0, name('seed'), { min: 0, max: Number.MAX_SAFE_INTEGER, integer: true })
      : null,
    max_output_tokens: number(
      raw.maxOutputTokens,
      DEFAULT_MAX_OUTPUT_TOKENS,
      name('maxOutputTokens'),
      {
        min: 1,
        max: 1_000_000,
        integer: true,
      },
    ),
    max_turns: number(raw.maxTurns, DEFAULT_MAX_TURNS, name('maxTurns'), {
      min: 1,
      max: 1000,
      integer: true,
    }),
    prompt_version: LLM_PROMPT_VERSION,
    max_retries: DEFAULT_MAX_RETRIES,
  };
}
