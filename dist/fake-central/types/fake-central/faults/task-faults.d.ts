import type { RouteContext } from '../router.js';
import type { AsyncTask } from '../state.js';
/**
 * Applies the run's task faults to a task its handler has just built (route authors call this
 * once, before storing the task): `task_running` raises `runningPolls`, `task_failed` sets
 * `outcome: 'failed'` and `failReason`. Records which faults shaped the task for {@link pollFault}.
 */
export declare function applyTaskFaults(ctx: Pick<RouteContext, 'state' | 'req'>, task: AsyncTask): AsyncTask;
/**
 * The call-log mark for one poll answer: `task_running` when the task still answers
 * RUNNING/IN_PROGRESS because of a fault, `task_failed` when it answers FAILED because of one.
 * Handlers return it as the response's `fault`.
 */
export declare function pollFault(task: AsyncTask, answeredRunning: boolean): string | undefined;
