import type { ModelPrice } from '../config/types.js';
/** The model providers the `llm` policy speaks to, each through its official SDK. */
export const PROVIDERS = ['anthropic', 'openai'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** The environment variable a provider's key is read from unless another is named. */
export const DEFAULT_KEY_ENV: Record<ProviderName, string> = {
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
};

/**
 * Everything that pins a model-driven run. It goes into the report's settings and into the
 * comparability stamp: two reports with different settings here are not compared on
 * model-dependent metrics.
 */
export interface LlmSettings {
  provider: ProviderName;
  /** The pinned model id, exactly as the provider takes it (no aliases resolved). */
  model: string;
  /** The API base URL (null: the SDK's default endpoint for the provider). */
  base_url: string | null;
  temperature: number;
  /** Sent where the provider takes one (OpenAI-compatible); recorded either way. */
  seed: number | null;
  max_output_tokens: number;
  /** Policy turns a run may take, the final one included. */
  max_turns: number;
  /** Version of the system prompt in src/llm/system-prompt.ts. */
  prompt_version: string;
  /** Retries of one request on 429, 5xx and overloaded answers (the SDK honours retry-after). */
  max_retries: number;
}

/** Token usage one model exchange reported (provenance `measured`), cache traffic apart. */
export interface MeasuredUsage {
  /** Input tokens billed at the full rate (cache reads and writes not included). */
  input: number;
  output: number;
  cache_read: number;
  cache_write: number;
}

/** A tool call the model asked for, in provider-neutral form. */
export interface ModelToolCall {
  /** The name as the provider saw it (possibly mapped; see tool-names.ts). */
  name: string;
  /** Parsed arguments, or the reason they could not be used. */
  arguments: Record<string, unknown> | { invalid: string };
}

/** One model reply, in provider-neutral form. */
export interface ModelReply {
  text: string;
  calls: ModelToolCall[];
  usage: MeasuredUsage;
}

/**
 * Sends one request body in the provider's wire format and returns its response body. The live
 * transport calls the SDK; the replay transport answers from a cassette.
 */
export interface ModelTransport {
  send(request: Record<string, unknown>, signal: AbortSignal): Promise<Record<string, unknown>>;
}

/** The model settings in a report: what pins the model, where its turns came from, its price. */
export interface LlmReportSettings extends LlmSettings {
  /** `live`: the provider answered; `replay`: recorded answers from cassettes. */
  source: 'live' | 'replay';
  /** The environment variable the key was read from (never the key). Null for a replay. */
  key_env: string | null;
  /** USD per million tokens used for cost_usd (null: no price known for the model). */
  price: ModelPrice | null;
  /** Budget limits of the run (null when none was set). */
  budget: { max_cost_usd: number | null; max_tokens: number | null } | null;
}
