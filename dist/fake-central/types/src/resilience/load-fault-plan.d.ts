import type { FaultPlan } from '../../fake-central/index.js';
/**
 * Parses and validates a fault plan (YAML or JSON text) against
 * fake-central/faults/fault-plan.schema.json. Every problem names `file:line:col`, the JSON
 * pointer and the fix, as every other loader's do (src/common/schema-errors.ts).
 */
export declare function parseFaultPlan(text: string, file: string): FaultPlan;
/** Reads and validates a fault plan file (`--faults FILE`); errors name the path as given. */
export declare function loadFaultPlan(path: string, cwd?: string): FaultPlan;
