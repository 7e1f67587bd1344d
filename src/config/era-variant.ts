import type { BenchConfig, ServerConfig } from './types.js';

/**
 * A dual-era server is scored in both MCP eras, so servers are compared on equal terms: under its own name in
 * the era `auto` negotiates (2026-07-28 when it speaks it) and again as `NAME@2025-11-25`, the
 * same launch configuration with the 2025 `initialize` handshake only (`protocol: legacy`). The
 * second entry is derived here rather than written into the bench config, so the two can never
 * drift apart (env, gates, router, timeouts), and the report carries it as its own, labelled
 * entry (`era_of`: the server it was derived from).
 */
export const LEGACY_REVISION = '2025-11-25';

/** The name of `server`'s 2025-era entry. */
export function eraVariantName(server: string): string {
  return `${server}@${LEGACY_REVISION}`;
}

/** The server a `NAME@2025-11-25` name derives from, or null for any other name. */
export function eraVariantBase(name: string): string | null {
  const suffix = `@${LEGACY_REVISION}`;
  return name.endsWith(suffix) && name.length > suffix.length
    ? name.slice(0, -suffix.length)
    : null;
}

/**
 * The config with an entry for every requested `NAME@2025-11-25` whose NAME is in it and that
 * the config does not declare itself: NAME's entry under `protocol: legacy`, scored under
 * NAME's scenario key. Names that are not variants, or whose base is unknown, are left for the
 * caller's "not in the config" error.
 */
export function withEraVariants(config: BenchConfig, requested: readonly string[]): BenchConfig {
  const added: Record<string, ServerConfig> = {};
  for (const name of requested) {
    const base = eraVariantBase(name);
    const source = base === null ? undefined : config.servers[base];
    if (base === null || source === undefined || config.servers[name] !== undefined) continue;
    const note = `the ${LEGACY_REVISION} handshake (protocol: legacy) of ${base}`;
    added[name] = {
      ...source,
      protocol: 'legacy',
      scenarioKey: source.scenarioKey ?? base,
      eraOf: base,
      notes: source.notes === undefined ? note : `${source.notes}; ${note}`,
    };
  }
  return Object.keys(added).length === 0
    ? config
    : { ...config, servers: { ...config.servers, ...added } };
}
