import { ApiError } from '../api-error.js';
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
export declare function taskId(state: FakeState): string;
/**
 * Creates and stores a task; it answers RUNNING for `options.asyncRunningPolls` polls unless the
 * run's fault plan says otherwise.
 */
export declare function createTask(ctx: Pick<RouteContext, 'state' | 'req' | 'options'>, init: {
    family: AsyncTask['family'];
    basePath: string;
    result: Json;
    failReason?: string | null;
    rawOutput?: string | null;
    outcome?: AsyncTask['outcome'];
}): AsyncTask;
/** Counts one poll and says whether the task has finished. */
export declare function advance(task: AsyncTask): TaskPhase;
/** A 200 poll answer, marked in the call log when an injected fault shaped it. */
export declare function pollAnswer(task: AsyncTask, phase: TaskPhase, body: Json): FakeResponse;
/**
 * The task of a family whose base path matches the one polled, or the 404 the family uses.
 * A task polled under another device or action is "not found", as the real API scopes them.
 */
export declare function findTask(state: FakeState, id: string, family: AsyncTask['family'], notFound: () => ApiError, basePath?: string): AsyncTask;
/** The API version segment of a request path (`v1`, `v1alpha1`, …). */
export declare function versionOf(rawPath: string): string;
