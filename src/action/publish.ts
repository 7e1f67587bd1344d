import * as core from '@actions/core';
import type { Verdict } from '../gate/types.js';
import { CommentPermissionError, upsertComment } from '../github/upsert-comment.js';
import type { ActionInputs } from './inputs.js';
import type { RunContext } from './run-context.js';

/** Whether this run should touch the PR comment at all, per the `comment` input. */
export function wantsComment(
  mode: ActionInputs['comment'],
  verdict: Verdict,
  hasPr: boolean,
): boolean {
  if (!hasPr || mode === 'never') return false;
  if (mode === 'on-change')
    return (
      verdict.status !== 'pass' ||
      verdict.changedScenarios.length > 0 ||
      verdict.toolSurface.some((t) => t.added.length + t.removed.length > 0) ||
      verdict.discoverability.length > 0
    );
  return true;
}

/**
 * Posts or updates the sticky comment. A read-only token (fork PR) is a warning that explains the
 * two-workflow pattern, never a failure: the gate's verdict stands on its own. Returns the URL.
 */
export async function publishComment(
  inputs: ActionInputs,
  context: RunContext,
  body: string,
): Promise<string> {
  if (!context.repo || context.pullNumber === null) return '';
  if (inputs.githubToken === '') {
    core.warning(
      'No github-token: the PR comment was not posted (it is in the report directory and the job summary).',
    );
    return '';
  }
  try {
    const result = await upsertComment(
      inputs.githubToken,
      { ...context.repo, issueNumber: context.pullNumber },
      body,
      { baseUrl: context.apiUrl },
    );
    core.info(`PR comment ${result.action}: ${result.url}`);
    return result.url;
  } catch (error) {
    if (error instanceof CommentPermissionError) {
      core.warning(
        `${error.message} The comment body was written to ${inputs.reportDir}/comment.md and comment.json; upload that directory as an artifact and post it from a workflow_run workflow with mode: comment.`,
      );
      return '';
    }
    core.warning(
      `The PR comment could not be posted: ${error instanceof Error ? error.message : String(error)}`,
    );
    return '';
  }
}
