import type { StateChange } from '../state-checks/state-changes.js';
import type { StateAssertion, StateCheckResult } from '../state-checks/types.js';
import type { FakeAssertions } from '../fake-central-api.js';
import type { CallRecord } from '../types.js';
/**
 * An assertion on the fake did not hold: the message says what the fake saw instead. A plain
 * Error (test runners report its message as is); `name` tells it apart.
 */
export declare class FakeCentralAssertionError extends Error {
    name: string;
}
/** What the assertions read of a running fake. */
interface Inspected {
    calls(): CallRecord[];
    state(): {
        changes: StateChange[];
    };
    checkState(assertions: readonly StateAssertion[]): StateCheckResult;
}
/** The assertion helpers of one fake (startFakeCentral puts them on the object it returns). */
export declare function fakeAssertions(fake: Inspected): FakeAssertions;
export {};
