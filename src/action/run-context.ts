import { readFileSync } from 'node:fs';

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
}

interface EventPayload {
  pull_request?: { number?: number };
  repository?: { default_branch?: string };
  workflow_run?: { pull_requests?: { number?: number }[] };
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
  const pr =
    payload.pull_request?.number ?? payload.workflow_run?.pull_requests?.[0]?.number ?? null;
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
  };
}
