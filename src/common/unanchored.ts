import { isScalar } from 'yaml';
import type { YamlDocument } from './yaml-source.js';

/**
 * The comment `hpe-mcp-bench pin` leaves on a citation it could not re-anchor:
 * `- path:line@oldsha # unanchored at <newsha>: <reason>`. validate (scenario evidence) and publish
 * (classification evidence) report such a line as a warning, not an error, until it is fixed.
 */
export const UNANCHORED = 'unanchored';

/** The reason of the `# unanchored …` comment on the scalar at `path`, or null when unmarked. */
export function unanchoredNote(
  document: YamlDocument,
  path: readonly (string | number)[],
): string | null {
  const node: unknown = document.doc.getIn(path, true);
  const comment = isScalar(node) ? (node.comment ?? '').trim() : '';
  return comment.startsWith(UNANCHORED) ? comment : null;
}
