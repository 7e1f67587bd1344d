/**
 * Prompt-cache breakpoints (Anthropic `cache_control`) and the request form cassettes hash.
 *
 * The Messages API caches a prefix in the order tools → system → messages, up to a block marked
 * with `cache_control`. The policy sends the server's tools first and its own final-answer tool
 * last (its schema is the scenario's `result_schema`), then the system prompt. So two
 * breakpoints: one on the server's last tool (the menu: the same for every turn, run and scenario
 * of a server) and one on the system prompt (menu + final-answer tool + prompt: the same for every
 * turn and run of a scenario). Prefixes under the model's minimum (1,024 tokens on Sonnet 4.5 and
 * Opus 4.1, 4,096 on Haiku 4.5) are not cached by the API and cost nothing extra.
 */
export const CACHE_CONTROL = { type: 'ephemeral' } as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'cache_control')
      .map(([key, inner]) => [key, strip(inner)]),
  );
}

/**
 * The request without its cache markers: every `cache_control` key dropped and a `system` made
 * only of text blocks joined back into the plain string it was before caching. Cassettes hash
 * this form, so a recording made before the markers (or with other markers) replays: markers
 * change what the request costs, never what the model is asked.
 */
export function withoutCacheMarkers(request: Record<string, unknown>): Record<string, unknown> {
  const bare = strip(request) as Record<string, unknown>;
  const system = bare.system;
  if (
    Array.isArray(system) &&
    system.length > 0 &&
    system.every(
      (block) => isObject(block) && block.type === 'text' && typeof block.text === 'string',
    )
  ) {
    bare.system = (system as { text: string }[]).map((block) => block.text).join('');
  }
  return bare;
}
