/**
 * The hidden marker that identifies this action's comment on a PR. `key` separates several
 * benchmark jobs on one PR (e.g. two configs); the default job has none.
 */
export function commentMarker(key = ''): string {
  return key === '' ? '<!-- hpe-mcp-bench:comment -->' : `<!-- hpe-mcp-bench:comment:${key} -->`;
}

/** GitHub's maximum issue-comment length, in characters. */
export const MAX_COMMENT_CHARS = 65_536;
