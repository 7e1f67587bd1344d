import type { CutPage, FaultDecision, FaultHooks, RoutedCall, TaskFaultOverride } from '../state.js';
import type { FakeRequest, FakeResponse } from '../http-types.js';
import type { FaultPlan, TaskFamily } from './fault-plan.js';
/**
 * Applies one fault plan to one run. Counters start at zero for each instance, so a fresh
 * injector per reset() gives every run the same faults on the same calls.
 */
export declare class FaultInjector implements FaultHooks {
    readonly plan: FaultPlan;
    private readonly matchers;
    private readonly counts;
    private readonly tokenCalls;
    private readonly spent;
    /** performance.now() before which a call ignores the last 429's Retry-After (0: none pending). */
    private retryAfterUntil;
    constructor(plan: FaultPlan);
    /** Runs before auth and the handler of every routed call. */
    beforeRoute(call: RoutedCall): Promise<FaultDecision | undefined>;
    /**
     * Runs after the handler answered a read 200: a `short_page` fault that fires cuts the page.
     * Only pages that can be cut are counted, so `first: 1` means the first cuttable page.
     */
    afterRoute(call: RoutedCall, body: FakeResponse['body']): CutPage | undefined;
    /** Overrides for a task a handler is creating now, or undefined when no task fault fires. */
    taskOverride(req: FakeRequest, family: TaskFamily): TaskFaultOverride | undefined;
    private tokenExpires;
    private fires;
    /** Counts the call if the fault's patterns (or the default scope) cover it, then applies the trigger. */
    private firesOn;
}
