import type { StateChange } from '../state-checks/state-changes.js';
import type { CallRecord, Json } from '../types.js';
/** How many changes or calls a failure message lists before "and N more". */
export declare const SHOWN = 8;
/** A value as JSON with sorted keys; `missing` when there is none. */
export declare const shown: (value: Json | undefined) => string;
export declare const whereText: (where: Record<string, Json> | undefined) => string;
/** Lines, one per row, indented, cut at SHOWN. */
export declare function listed(lines: readonly string[]): string;
/** `collection item change`, and for a modified item each field before → after. */
export declare function describeChange(change: StateChange): string;
/**
 * `METHOD path → status`, why the fake refused it when it did, and where it carried the client
 * secret when it did.
 */
export declare function describeCall(call: CallRecord): string;
