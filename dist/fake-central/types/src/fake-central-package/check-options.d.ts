import { type FakeCentralOptions, type FaultPlan } from '../../fake-central/index.js';
/**
 * A fault plan given as an object, checked by the same validator as `--faults` files and the
 * control API (ranges included: a latency of 1e12 ms is refused, not cut to 1 ms by the timer).
 */
export declare function checkedFaultPlan(plan: unknown, where: string): FaultPlan | null;
/**
 * The options of the npm export's startFakeCentral checked before anything starts: each known
 * key's type and range, an unknown key named with a did-you-mean (`{fixtur: …}` was ignored),
 * the fault plan through the plan validator. Throws a TypeError naming the option, or
 * FakeCentralError `fault_plan_invalid` for the plan.
 */
export declare function checkOptions(options: unknown): FakeCentralOptions;
