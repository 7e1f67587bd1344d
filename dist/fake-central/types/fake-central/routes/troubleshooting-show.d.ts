import type { FakeState } from '../state.js';
import type { Item, Json } from '../types.js';
import type { DeviceType } from './troubleshooting-specs.js';
/** The catalogue plus any command the fixture recorded output for (under "Other"). */
export declare function showCommandList(state: FakeState, type: DeviceType, serial: string): Json[];
/** Output for a command the fixture has nothing recorded for, built from the device record. */
export declare function defaultShowOutput(device: Item, type: DeviceType, command: string, now: string): string;
