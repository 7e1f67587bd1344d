import * as core from '@actions/core';
import { BenchError } from '../common/errors.js';
import { findPullRequest } from '../github/find-pull-request.js';
import type { ActionInputs } from './inputs.js';
import { publishComment } from './publish.js';
import type { RunContext } from './run-context.js';
import { neutralizeStoredBody, readStoredComment, storedBodyProblem } from './stored-comment.js';

/**
 * `mode: comment`, in a `workflow_run` workflow of the base repository: posts the comment a
 * fork PR's gate job stored in its artifact. The pull request comes from the event (checked
 * against the triggering commit through the API), owner and repo from the running workflow; the
 * artifact supplies only the body, which is size-checked and neutralised. A body that claims
 * another PR is refused with a warning. Returns the comment URL ('' when nothing was posted).
 */
export async function postStoredComment(
  inputs: ActionInputs,
  context: RunContext,
): Promise<string> {
  if (context.eventName !== 'workflow_run' || !context.workflowRun) {
    throw new BenchError(
      'usage',
      `mode: comment runs in a workflow_run workflow; this run's event is "${context.eventName || 'unknown'}"`,
      { hint: 'see docs/workflows.md, "Fork pull requests", for the two-workflow pattern' },
    );
  }
  if (!context.repo) throw new BenchError('usage', 'GITHUB_REPOSITORY is not set');
  const stored = await readStoredComment(inputs.reportDir);
  if (!stored) {
    throw new BenchError('usage', `mode: comment found no comment.json in ${inputs.reportDir}`, {
      hint: 'download the gate job’s report-dir artifact there first (docs/workflows.md, "Fork pull requests")',
    });
  }
  if (inputs.githubToken === '') {
    core.warning('No github-token: the stored comment was not posted.');
    return '';
  }
  const run = context.workflowRun;
  const pullNumber = await findPullRequest(inputs.githubToken, context.repo, run, {
    baseUrl: context.apiUrl,
  });
  if (pullNumber === null) {
    core.warning(
      `No single open pull request of ${context.repo.owner}/${context.repo.repo} has head ${run.headSha} (${run.headOwner}:${run.headBranch}): the stored comment was not posted.`,
    );
    return '';
  }
  const claimed = `${stored.owner}/${stored.repo}#${stored.pullNumber}`;
  const actual = `${context.repo.owner}/${context.repo.repo}#${pullNumber}`;
  if (claimed !== actual) {
    core.warning(
      `The stored comment claims ${claimed}, but this workflow_run is for ${actual}: refused, nothing was posted.`,
    );
    return '';
  }
  const problem = storedBodyProblem(stored.body);
  if (problem) {
    core.warning(`${problem}: refused, nothing was posted.`);
    return '';
  }
  return publishComment(inputs, { ...context, pullNumber }, neutralizeStoredBody(stored.body));
}
