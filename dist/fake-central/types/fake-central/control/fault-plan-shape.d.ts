import { type FaultPlan } from '../faults/fault-plan.js';
/**
 * The structural check a fault plan gets when the control API runs without the harness's
 * schema validator (`ControlOptions.parseFaultPlan`): a `faults` list of objects with a known
 * `kind` and parseable `match` patterns. The CLI and the npm package pass the full validator,
 * whose errors name the JSON pointer and the fix.
 */
export declare function checkFaultPlanShape(value: unknown): FaultPlan;
