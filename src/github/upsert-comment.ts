import * as github from '@actions/github';
import { commentMarker } from './comment-marker.js';

/** Where the comment goes. */
export interface CommentTarget {
  owner: string;
  repo: string;
  issueNumber: number;
}

/** What happened to the comment. */
export interface UpsertResult {
  action: 'created' | 'updated' | 'unchanged';
  url: string;
}

/** The token cannot write comments (a fork PR's read-only token, or missing permission). */
export class CommentPermissionError extends Error {
  override name = 'CommentPermissionError';
}

function status(error: unknown): number | undefined {
  return typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    typeof error.status === 'number'
    ? error.status
    : undefined;
}

/**
 * Creates the PR comment, or updates the one carrying the marker. The lookup pages through every
 * comment (octokit.paginate), so a PR with hundreds of comments still gets one sticky comment.
 * A 403/404 on write becomes a CommentPermissionError for the caller to turn into a warning.
 */
export async function upsertComment(
  token: string,
  target: CommentTarget,
  body: string,
  options: { key?: string; baseUrl?: string } = {},
): Promise<UpsertResult> {
  const octokit = github.getOctokit(
    token,
    options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl },
  );
  const marker = commentMarker(options.key);
  const marked = `${body}\n${marker}\n`;
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.issueNumber,
    per_page: 100,
  });
  const existing = comments.find((c) => c.body?.includes(marker));
  try {
    if (existing) {
      if (existing.body === marked) return { action: 'unchanged', url: existing.html_url };
      const res = await octokit.rest.issues.updateComment({
        owner: target.owner,
        repo: target.repo,
        comment_id: existing.id,
        body: marked,
      });
      return { action: 'updated', url: res.data.html_url };
    }
    const res = await octokit.rest.issues.createComment({
      owner: target.owner,
      repo: target.repo,
      issue_number: target.issueNumber,
      body: marked,
    });
    return { action: 'created', url: res.data.html_url };
  } catch (error) {
    const code = status(error);
    if (code === 403 || code === 404) {
      throw new CommentPermissionError(
        `The token cannot write PR comments (HTTP ${code}). On pull requests from forks GitHub grants a read-only token: use the two-workflow pattern (README, "Fork pull requests").`,
        { cause: error },
      );
    }
    throw error;
  }
}
