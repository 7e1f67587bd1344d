import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BenchError } from '../common/errors.js';
import { MAX_COMMENT_CHARS } from '../github/comment-marker.js';

/** What a gate job writes for a later `mode: comment` job (report-dir/comment.json). */
export interface StoredComment {
  pullNumber: number;
  owner: string;
  repo: string;
  body: string;
}

/** Reads comment.json from `dir`; a missing file is null, a malformed one a usage error naming it. */
export async function readStoredComment(dir: string): Promise<StoredComment | null> {
  const file = join(dir, 'comment.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new BenchError('usage', `${file} cannot be read: ${(error as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new BenchError('usage', `${file} is not JSON`, {
      hint: 'download the gate job’s report-dir artifact unchanged',
    });
  }
  const c = doc as Partial<StoredComment> | null;
  if (
    c === null ||
    typeof c !== 'object' ||
    typeof c.body !== 'string' ||
    typeof c.pullNumber !== 'number' ||
    typeof c.owner !== 'string' ||
    typeof c.repo !== 'string'
  ) {
    throw new BenchError(
      'usage',
      `${file} is not a stored comment (expected pullNumber, owner, repo and body)`,
      { hint: 'download the gate job’s report-dir artifact unchanged' },
    );
  }
  return { pullNumber: c.pullNumber, owner: c.owner, repo: c.repo, body: c.body };
}

/** The renderer's own tags; any other HTML in a stored body is shown as text. */
const OWN_TAGS = /^<\/?(details|summary|sub|br)\s*\/?>$/i;

/**
 * A stored body (written by a fork's run, so untrusted) made as inert as the gate's own output:
 * HTML comments dropped (the sticky marker is added when posting), every tag other than the
 * renderer's own shown as text, and image syntax broken so nothing loads from elsewhere.
 */
export function neutralizeStoredBody(body: string): string {
  return body
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(/<[^<>]*>?/g, (tag) => (OWN_TAGS.test(tag) ? tag : tag.replace(/</g, '&lt;')))
    .replace(/!\[/g, '!\\[');
}

/** Why a stored body cannot be posted, or null: it must fit in one comment with the marker. */
export function storedBodyProblem(body: string): string | null {
  const limit = MAX_COMMENT_CHARS - 200;
  if (body.length > limit)
    return `the stored comment has ${body.length} characters, more than the ${limit} a comment may have`;
  if (body.trim() === '') return 'the stored comment is empty';
  return null;
}
