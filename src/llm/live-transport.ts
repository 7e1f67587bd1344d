import { withRetries } from './provider-retries.js';
import type { LlmSettings, ModelTransport } from './types.js';

/** How long one HTTP request to the provider may take (the run's deadline still applies). */
const REQUEST_TIMEOUT_MS = 600_000;

/**
 * A transport that sends requests through the provider's official SDK. The SDK is imported on
 * first use, so bundles that never run a model do not load it (the build puts it in a lazy chunk).
 * Retries (429, 408, 409, 5xx, overloaded) are withRetries', bounded by `max_retries`, honouring
 * `retry-after`/`retry-after-ms` up to a cap and ending at the run's deadline. The key is passed in: the SDKs are never left to read the
 * environment, and neither is the base URL.
 */
export function createLiveTransport(settings: LlmSettings, apiKey: string): ModelTransport {
  let send: ModelTransport['send'] | undefined;
  // Retries are ours (provider-retries.ts): the SDKs' sleep outlives any deadline.
  const options = { apiKey, maxRetries: 0, timeout: REQUEST_TIMEOUT_MS };
  async function load(): Promise<ModelTransport['send']> {
    if (settings.provider === 'anthropic') {
      const { default: Anthropic } = await import('@anthropic-ai/sdk');
      const client = new Anthropic({
        ...options,
        authToken: null,
        baseURL: settings.base_url ?? 'https://api.anthropic.com',
      });
      return async (request, signal) =>
        (await client.messages.create(
          request as unknown as Parameters<typeof client.messages.create>[0] & { stream?: false },
          { signal },
        )) as unknown as Record<string, unknown>;
    }
    const { default: OpenAI } = await import('openai');
    const client = new OpenAI({
      ...options,
      organization: null,
      project: null,
      baseURL: settings.base_url ?? 'https://api.openai.com/v1',
    });
    return async (request, signal) =>
      (await client.chat.completions.create(
        request as unknown as Parameters<typeof client.chat.completions.create>[0] & {
          stream?: false;
        },
        { signal },
      )) as unknown as Record<string, unknown>;
  }
  return {
    async send(request, signal) {
      send ??= await load();
      const once = send;
      return withRetries(() => once(request, signal), {
        maxRetries: settings.max_retries,
        signal,
      });
    },
  };
}
