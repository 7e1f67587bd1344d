/** A stored baseline: the report of a default-branch commit plus where and when it came from. */
export interface Baseline<R = unknown> {
  /** The cache key it was saved under (`<prefix>-<manifestHash>-<sha>`). */
  key: string;
  sha: string;
  ref: string;
  manifestHash: string;
  /** ISO time of the save (shown as the baseline's age). */
  savedAt: string;
  report: R;
}

/**
 * Where baselines live. The action passes the Actions-cache store; the CLI and tests pass a
 * directory store. Both treat entries as immutable and restore the newest match of a prefix.
 */
export interface BaselineStore {
  /** The newest baseline whose key starts with one of `prefixes` (tried in order), or null. */
  restore(prefixes: string[]): Promise<Baseline | null>;
  save(baseline: Baseline): Promise<void>;
}

/** The store cannot be reached (cache service down, not configured): a warning, never a failure. */
export class BaselineUnavailableError extends Error {
  override name = 'BaselineUnavailableError';
}
