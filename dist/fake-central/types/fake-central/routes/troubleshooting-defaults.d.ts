import type { FakeState } from '../state.js';
import type { Item, Json } from '../types.js';
import type { DeviceType } from './troubleshooting-specs.js';
/** What a finished troubleshooting task reports. */
export interface TestResult {
    output: Json;
    failReason: string | null;
    rawOutput: string | null;
}
export interface TestInput {
    state: FakeState;
    device: Item;
    type: DeviceType;
    action: string;
    body: Item;
}
/** Plausible results built from the request and the device, for tests the fixture did not record. */
export declare const DEFAULTS: Record<string, (input: TestInput) => TestResult>;
