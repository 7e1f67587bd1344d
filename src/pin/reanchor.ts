import { diffBlobs, renames, showFile } from './git.js';
import { findBlock, mapLine, parseHunks, type Hunk } from './line-map.js';

/** `path:12@sha` or `path:12-20@sha`, as scenarios and the classification cite code. */
const CITATION = /^(.+):(\d+)(?:-(\d+))?@([0-9a-f]{7,40})$/;

/** A citation parsed. */
export interface Citation {
  path: string;
  start: number;
  end: number;
  sha: string;
}

export function parseCitation(text: string): Citation | null {
  const m = CITATION.exec(text.trim());
  if (!m) return null;
  const start = Number(m[2]);
  return {
    path: m[1] ?? '',
    start,
    end: m[3] === undefined ? start : Number(m[3]),
    sha: m[4] ?? '',
  };
}

/** What became of one citation: re-anchored (its new text), or why it could not be. */
export type Anchored = { ok: true; text: string } | { ok: false; reason: string };

interface FileAt {
  newPath: string | null;
  oldLines: string[] | null;
  newLines: string[] | null;
  hunks: Hunk[];
}

/**
 * Finds cited lines of one server repository at a new commit: follows renames, maps line numbers
 * through `git diff` (as blame does), and for a line the diff touched looks for the cited
 * content, once and only once, in the new file. Reads each file once.
 */
export class Reanchorer {
  readonly #files = new Map<string, Promise<FileAt>>();
  #renames: Promise<Map<string, string>> | undefined;

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly to: string,
  ) {}

  #file(path: string): Promise<FileAt> {
    let hit = this.#files.get(path);
    if (!hit) {
      hit = (async () => {
        this.#renames ??= renames(this.dir, this.from, this.to);
        const renamed = (await this.#renames).get(path);
        const oldText = await showFile(this.dir, this.from, path);
        const candidate = renamed ?? path;
        const newText = await showFile(this.dir, this.to, candidate);
        const hunks =
          oldText !== null && newText !== null
            ? parseHunks(
                await diffBlobs(this.dir, `${this.from}:${path}`, `${this.to}:${candidate}`),
              )
            : [];
        return {
          newPath: newText === null ? null : candidate,
          oldLines: oldText?.split('\n') ?? null,
          newLines: newText?.split('\n') ?? null,
          hunks,
        };
      })();
      this.#files.set(path, hit);
    }
    return hit;
  }

  /** The citation at the new commit (same SHA length as cited), or the reason it has none. */
  async reanchor(c: Citation): Promise<Anchored> {
    const file = await this.#file(c.path);
    const short = this.to.slice(0, Math.max(7, c.sha.length));
    if (!file.oldLines)
      return { ok: false, reason: `${c.path} is not in ${c.sha} (the citation was already wrong)` };
    if (c.end > file.oldLines.length || c.start < 1 || c.end < c.start)
      return {
        ok: false,
        reason: `${c.path} has ${file.oldLines.length} lines at ${c.sha}, not ${c.start}-${c.end}`,
      };
    if (!file.newPath || !file.newLines)
      return { ok: false, reason: `${c.path} was deleted by ${short}` };
    const a = mapLine(file.hunks, c.start);
    const b = mapLine(file.hunks, c.end);
    let start: number;
    let end: number;
    if ('line' in a && 'line' in b) {
      start = a.line;
      end = b.line;
    } else {
      const block = file.oldLines.slice(c.start - 1, c.end);
      const found = findBlock(file.newLines, block);
      if (found === null) {
        const what = c.start === c.end ? `line ${c.start}` : `lines ${c.start}-${c.end}`;
        const how = 'gone' in a ? a.gone : 'gone' in b ? b.gone : 'changed or deleted';
        const first = (block[0] ?? '').trim().slice(0, 60);
        return { ok: false, reason: `${what} of ${c.path} ${how} by ${short} (was: ${first})` };
      }
      start = found;
      end = found + (c.end - c.start);
    }
    const range = start === end ? String(start) : `${start}-${end}`;
    return { ok: true, text: `${file.newPath}:${range}@${short}` };
  }
}
