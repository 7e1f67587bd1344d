import type { FakeState } from '../state.js';
import type { Item, Json } from '../types.js';
export declare const DEVICE_TYPES: readonly ["aps", "cx", "aos-s", "gateways"];
export type DeviceType = (typeof DEVICE_TYPES)[number];
/** One troubleshooting action: who supports it and what its body must carry (§2.9). */
export interface ActionSpec {
    devices: readonly DeviceType[];
    /** Required body fields; per device type where the spec differs (aaa). */
    required: readonly string[] | Partial<Record<DeviceType, readonly string[]>>;
    /** Answers 202 `{startTime, status}` with no location: nothing to poll. */
    fireAndForget?: boolean;
    /** Integer bounds of this action's request schema, over the shared ones below. */
    ranges?: Record<string, [number, number]>;
    /** Values a field may take in this action's request schema. */
    enums?: Record<string, readonly string[]>;
}
export declare const ACTIONS: Record<string, ActionSpec>;
/** The request body checked against the action's required fields and field rules (400 on failure). */
export declare function validateBody(spec: ActionSpec, type: DeviceType, raw: Json | undefined): Item;
/** The monitoring record of the serial, if it is a device of the path's type; else the 404. */
export declare function findDevice(state: FakeState, type: DeviceType, serial: string): Item;
/** 404 for device types and actions the spec does not define, like any unknown path. */
export declare function actionSpec(type: string, action: string, method: string, path: string): ActionSpec;
export declare function isDeviceType(type: string): type is DeviceType;
