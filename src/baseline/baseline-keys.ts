/** The event facts that decide whether a run may save a baseline. */
export interface RunEvent {
  eventName: string;
  ref: string;
  defaultBranch: string | undefined;
}

/** `<prefix>-<manifestHash>-<sha>`: unique per commit, because cache entries are immutable. */
export function baselineKey(prefix: string, manifestHash: string, sha: string): string {
  return `${prefix}-${manifestHash.slice(0, 16)}-${sha}`;
}

/**
 * Restore order: a baseline of the same scenario manifest first (comparable), then any
 * baseline under the prefix (shown with a comparability warning).
 */
export function restorePrefixes(prefix: string, manifestHash: string): string[] {
  return [`${prefix}-${manifestHash.slice(0, 16)}-`, `${prefix}-`];
}

/**
 * Whether this run saves its report as the new baseline. Pull requests never do (their caches
 * are invisible to the default branch, and a PR must not move the bar); `auto` saves on pushes
 * to the default branch only.
 */
export function shouldSaveBaseline(setting: 'auto' | 'true' | 'false', event: RunEvent): boolean {
  if (event.eventName === 'pull_request' || event.eventName === 'pull_request_target') return false;
  if (setting === 'false') return false;
  if (setting === 'true') return true;
  const onDefault =
    event.defaultBranch !== undefined && event.ref === `refs/heads/${event.defaultBranch}`;
  return event.eventName === 'push' && onDefault;
}
