import { readFileSync } from 'node:fs';
import type { WorkflowRunFacts } from '../github/find-pull-request.js';

/** The facts of the workflow run the action needs, read once from the Actions environment. */
export interface RunContext {
  eventName: string;
  ref: string;
  sha: string;
  repo: { owner: string; repo: string } | null;
  defaultBranch: string | undefined;
  /** The pull request this run belongs to, if any. */
  pullNumber: number | null;
  workspace: string;
  apiUrl: string;
  serverUrl: string;
  runId: string;
  /** The triggering run of a `workflow_run` event (null for other events). */
  workflowRun: WorkflowRunFacts | null;
}

interface EventPayload {
  pull_request?: { number?: number };
  repository?: { default_branch?: string };
  workflow_run?: {
    head_sha?: string;
    head_branch?: string;
    head_repository?: { owner?: { login?: string } };
    pull_requests?: { number?: number; head?: { sha?: string } }[];
  };
}

function workflowRunFacts(payload: EventPayload): WorkflowRunFacts | null {
  const run = payload.workflow_run;
  if (!run || typeof run.head_sha !== 'string') return null;
  return {
    headSha: run.head_sha,
    headBranch: run.head_branch ?? '',
    headOwner: run.head_repository?.owner?.login ?? '',
    pullRequests: (run.pull_requests ?? []).flatMap((p) =>
      typeof p.number === 'number' && typeof p.head?.sha === 'string'
        ? [{ number: p.number, headSha: p.head.sha }]
        : [],
    ),
  };
}

/** Reads GITHUB_* variables and the event payload (GITHUB_EVENT_PATH); missing pieces become null. */
export function readRunContext(env: NodeJS.ProcessEnv = process.env): RunContext {
  let payload: EventPayload = {};
  if (env.GITHUB_EVENT_PATH) {
    try {
      payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) as EventPayload;
    } catch {
      payload = {};
    }
  }
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/');
  // A workflow_run's PR is resolved against its head commit by mode: comment (comment-mode.ts).
  const pr = payload.pull_request?.number ?? null;
  return {
    eventName: env.GITHUB_EVENT_NAME ?? '',
    ref: env.GITHUB_REF ?? '',
    sha: env.GITHUB_SHA ?? '',
    repo: owner && repo ? { owner, repo } : null,
    defaultBranch: payload.repository?.default_branch,
    pullNumber: typeof pr === 'number' ? pr : null,
    workspace: env.GITHUB_WORKSPACE ?? process.cwd(),
    apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com',
    serverUrl: env.GITHUB_SERVER_URL ?? 'https://github.com',
    runId: env.GITHUB_RUN_ID ?? '',
    workflowRun: workflowRunFacts(payload),
  };
}
