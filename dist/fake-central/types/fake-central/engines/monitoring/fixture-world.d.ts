import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
/** The device families the monitoring engines address by serial. */
export type DeviceFamily = 'ap' | 'switch' | 'gateway';
/** A device of the bundle: its list row merged under its detail (the detail wins). */
export declare function device(state: FakeState, family: DeviceFamily, serial: string): Item;
/** Every device of a family, as listed. */
export declare function devices(state: FakeState, family: DeviceFamily): Item[];
/** The array field of an item, or [] (fixture sub-resources such as `ports`, `radios`). */
export declare function arrayOf(item: Item, field: string): Item[];
/** A number in [0, 1) from a string: deterministic noise for generated series. */
export declare function unit(seed: string): number;
/** A number field of an item, or the fallback. */
export declare function num(item: Item, field: string, fallback: number): number;
