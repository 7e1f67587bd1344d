import { createHash } from 'node:crypto';
import { ApiError } from '../api-error.js';
import { applyTaskFaults, pollFault } from '../faults/task-faults.js';
import type { RouteContext } from '../router.js';
import type { AsyncTask, FakeState } from '../state.js';
import type { Json } from '../types.js';
import type { FakeResponse } from '../http-types.js';

/** What a poll sees: still running (with a progress figure) or done. */
export interface TaskPhase {
  done: boolean;
  progressPercent: number;
}

/**
 * A UUID-shaped task id derived from the bundle and a per-reset counter, so two runs of the same
 * scenario hand out the same ids (clients only ever split them off the location URL).
 */
export function taskId(state: FakeState): string {
  const n = state.next('task');
  const hex = createHash('sha256').update(`${state.bundle.manifest.id}:task:${n}`).digest('hex');
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `4${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}

/**
 * Creates and stores a task; it answers RUNNING for `options.asyncRunningPolls` polls unless the
 * run's fault plan says otherwise.
 */
export function createTask(
  ctx: Pick<RouteContext, 'state' | 'req' | 'options'>,
  init: {
    family: AsyncTask['family'];
    basePath: string;
    result: Json;
    failReason?: string | null;
    rawOutput?: string | null;
    outcome?: AsyncTask['outcome'];
  },
): AsyncTask {
  const { state, options } = ctx;
  const task: AsyncTask = {
    id: taskId(state),
    family: init.family,
    basePath: init.basePath,
    createdAt: state.now,
    polls: 0,
    runningPolls: options.asyncRunningPolls,
    outcome: init.outcome ?? 'succeeded',
    result: init.result,
    failReason: init.failReason ?? null,
    rawOutput: init.rawOutput ?? null,
  };
  applyTaskFaults(ctx, task);
  state.tasks.set(task.id, task);
  return task;
}

/** Counts one poll and says whether the task has finished. */
export function advance(task: AsyncTask): TaskPhase {
  task.polls += 1;
  if (task.polls <= task.runningPolls) {
    return {
      done: false,
      progressPercent: Math.floor((100 * task.polls) / (task.runningPolls + 1)),
    };
  }
  return { done: true, progressPercent: 100 };
}

/** A 200 poll answer, marked in the call log when an injected fault shaped it. */
export function pollAnswer(task: AsyncTask, phase: TaskPhase, body: Json): FakeResponse {
  return { status: 200, body, fault: pollFault(task, !phase.done) };
}

/** Paths compared without their version segment: a task made on v1alpha1 may be polled on v1. */
function versionless(path: string): string {
  const parts = path.split('/').filter((p) => p !== '');
  parts.splice(1, 1);
  return parts.join('/').toLowerCase();
}

/**
 * The task of a family whose base path matches the one polled, or the 404 the family uses.
 * A task polled under another device or action is "not found", as the real API scopes them.
 */
export function findTask(
  state: FakeState,
  id: string,
  family: AsyncTask['family'],
  notFound: () => ApiError,
  basePath?: string,
): AsyncTask {
  const task = state.tasks.get(id);
  if (!task || task.family !== family) throw notFound();
  if (basePath !== undefined && versionless(task.basePath) !== versionless(basePath)) {
    throw notFound();
  }
  return task;
}

/** The API version segment of a request path (`v1`, `v1alpha1`, …). */
export function versionOf(rawPath: string): string {
  return rawPath.split('/').filter((p) => p !== '')[1] ?? 'v1';
}
