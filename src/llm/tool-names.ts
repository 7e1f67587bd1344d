import { createHash } from 'node:crypto';

/** Tool names every supported provider accepts (OpenAI's rule; Anthropic's is the same or wider). */
export const PROVIDER_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** A reversible map between the server's tool names and the names the provider is sent. */
export interface ToolNameMap {
  toProvider: ReadonlyMap<string, string>;
  fromProvider: ReadonlyMap<string, string>;
  /** Only the names that changed (server name → provider name), for the report. */
  renamed: Record<string, string>;
}

const shortHash = (name: string): string =>
  createHash('sha256').update(name).digest('hex').slice(0, 8);

function candidate(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]/g, '_');
  const unchanged = cleaned === name && PROVIDER_TOOL_NAME.test(name);
  if (unchanged) return name;
  // A hash of the original keeps two names that clean to the same string apart.
  return `${cleaned.slice(0, 55) || 'tool'}_${shortHash(name)}`;
}

/**
 * Maps `names` (the server's `tools/list` order, then any harness tool such as the final-answer
 * tool) to names the provider accepts: a valid name stays as it is; another gets its invalid
 * characters replaced, is cut to fit and gets a hash suffix of the original. Deterministic, and
 * injective: a clash gets a counter.
 */
export function mapToolNames(names: readonly string[]): ToolNameMap {
  const toProvider = new Map<string, string>();
  const fromProvider = new Map<string, string>();
  const renamed: Record<string, string> = {};
  // Names already valid are claimed first, so a mapped name never takes a real one.
  const taken = new Set(names.filter((name) => candidate(name) === name));
  for (const name of names) {
    if (toProvider.has(name)) continue;
    let mapped = candidate(name);
    if (mapped !== name) {
      let n = 2;
      const base = mapped.slice(0, 60);
      while (taken.has(mapped)) mapped = `${base}_${n++}`;
      renamed[name] = mapped;
    }
    taken.add(mapped);
    toProvider.set(name, mapped);
    fromProvider.set(mapped, name);
  }
  return { toProvider, fromProvider, renamed };
}
