/**
 * Keys whose values depend on the clock or the machine's speed. Everything else in a report is a
 * function of the SHAs, fixtures, manifest and settings, so two runs must agree on it byte for byte.
 */
export const TIMING_KEYS: readonly string[] = [
  'generated_at',
  'duration_ms',
  'durationMs',
  'latency_ms',
  'latencyMs',
  'startup_ms',
  'startupMs',
  'atMs',
  'recovery_ms',
  // What else the machine ran: the environment's only entry that changes between two runs on it.
  'load_average',
];

/** A deep copy without the timing keys, at any depth. */
export function stripTiming<T>(value: T): T {
  return strip(value) as T;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!TIMING_KEYS.includes(key)) out[key] = strip(inner);
  }
  return out;
}
