import * as github from '@actions/github';

/** What a `workflow_run` event says about the run that triggered it (GITHUB_EVENT_PATH). */
export interface WorkflowRunFacts {
  headSha: string;
  headBranch: string;
  /** Owner of the repository the head commit lives in (the fork's owner for a fork PR). */
  headOwner: string;
  /** `pull_requests` of the event: filled for same-repository PRs, empty for forks. */
  pullRequests: { number: number; headSha: string }[];
}

/**
 * The one open pull request of `repo` whose head is the triggering run's commit: taken from the
 * event's `pull_requests` when they name that commit, else looked up through the API by head
 * (`owner:branch`) and checked against the SHA, since GitHub leaves `pull_requests` empty for
 * fork PRs. Null when none (or more than one) matches. Nothing comes from the run's artifacts.
 */
export async function findPullRequest(
  token: string,
  repo: { owner: string; repo: string },
  run: WorkflowRunFacts,
  options: { baseUrl?: string } = {},
): Promise<number | null> {
  const fromEvent = [
    ...new Set(run.pullRequests.filter((p) => p.headSha === run.headSha).map((p) => p.number)),
  ];
  if (fromEvent.length === 1) return fromEvent[0] ?? null;
  if (fromEvent.length > 1 || run.headOwner === '' || run.headBranch === '') return null;
  const octokit = github.getOctokit(
    token,
    options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl },
  );
  const open = await octokit.paginate(octokit.rest.pulls.list, {
    ...repo,
    state: 'open',
    head: `${run.headOwner}:${run.headBranch}`,
    per_page: 100,
  });
  const matching = open.filter((p) => p.head.sha === run.headSha).map((p) => p.number);
  return matching.length === 1 ? (matching[0] ?? null) : null;
}
