/** One hunk of a `git diff -U0`: old lines a..a+b-1 became new lines c..c+d-1. */
export interface Hunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** The hunks of a unified diff made with `-U0`, in order. */
export function parseHunks(diff: string): Hunk[] {
  const hunks: Hunk[] = [];
  for (const line of diff.split('\n')) {
    const m = HUNK.exec(line);
    if (!m) continue;
    hunks.push({
      oldStart: Number(m[1]),
      oldCount: m[2] === undefined ? 1 : Number(m[2]),
      newStart: Number(m[3]),
      newCount: m[4] === undefined ? 1 : Number(m[4]),
    });
  }
  return hunks;
}

/** Where an old line is in the new file: its number, or why it has none. */
export type Mapped = { line: number } | { gone: 'deleted' | 'changed or deleted' };

/**
 * Follows old line `line` through the hunks, as blame does: a line no hunk touches moves by the
 * lines added and removed above it; a line inside a hunk's old side was deleted (the hunk adds
 * nothing), or changed or deleted (a diff cannot tell which).
 */
export function mapLine(hunks: readonly Hunk[], line: number): Mapped {
  let shift = 0;
  for (const h of hunks) {
    if (h.oldCount > 0 && line >= h.oldStart && line < h.oldStart + h.oldCount)
      return { gone: h.newCount === 0 ? 'deleted' : 'changed or deleted' };
    // A pure insertion (`-a,0`) goes after old line a; a change or deletion covers a..a+b-1.
    const above = h.oldCount === 0 ? h.oldStart < line : h.oldStart + h.oldCount - 1 < line;
    if (above) shift += h.newCount - h.oldCount;
  }
  return { line: line + shift };
}

/**
 * The 1-based line where `block` (consecutive lines, compared with surrounding whitespace
 * trimmed) starts in `lines`, when it occurs exactly once; null when it does not occur, or is
 * blank, or occurs more than once (no line to prefer).
 */
export function findBlock(lines: readonly string[], block: readonly string[]): number | null {
  const want = block.map((l) => l.trim());
  if (want.length === 0 || want.every((l) => l === '')) return null;
  const hits: number[] = [];
  for (let i = 0; i + want.length <= lines.length; i++) {
    if (want.every((l, k) => (lines[i + k] ?? '').trim() === l)) hits.push(i + 1);
    if (hits.length > 1) return null;
  }
  return hits[0] ?? null;
}
