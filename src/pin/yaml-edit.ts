import { Scalar, stringify, type Node } from 'yaml';

export { UNANCHORED } from '../common/unanchored.js';

/** One edit of a YAML file's text: the scalar's value, or its trailing comment. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * An edit giving a plain or quoted scalar a new value, keeping its quoting where the value allows
 * it: the YAML library writes the scalar, so a value such as `2.0.0: hotfix` or `#1` is quoted
 * (and escaped) instead of breaking the file. A value that would need more than one line is
 * written double-quoted.
 */
export function replaceScalar(source: string, node: Node, value: string): TextEdit {
  const [start, end] = node.range ?? [0, 0];
  const raw = source.slice(start, end);
  const scalar = new Scalar(value);
  scalar.type = raw.startsWith('"')
    ? Scalar.QUOTE_DOUBLE
    : raw.startsWith("'")
      ? Scalar.QUOTE_SINGLE
      : Scalar.PLAIN;
  const text = stringify(scalar, { lineWidth: 0 }).replace(/\n$/, '');
  return { start, end, text: text.includes('\n') ? JSON.stringify(value) : text };
}

/**
 * An edit setting the comment after a scalar on its line (`value # comment`), replacing a comment
 * already there. `comment` must be one line.
 */
export function setLineComment(source: string, node: Node, comment: string): TextEdit {
  const [, end] = node.range ?? [0, 0];
  const eol = source.indexOf('\n', end);
  const lineEnd = eol === -1 ? source.length : eol;
  const rest = source.slice(end, lineEnd);
  // Only whitespace or a comment may follow the value on its line (a flow sequence has `,` or `]`).
  const replace = /^\s*(#.*)?$/.test(rest) ? lineEnd : end;
  return { start: end, end: replace, text: ` # ${comment.replace(/\s+/g, ' ')}` };
}

/** Applies non-overlapping edits to `source`. */
export function applyEdits(source: string, edits: readonly TextEdit[]): string {
  let out = source;
  for (const e of [...edits].sort((a, b) => b.start - a.start))
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
