import type { Json } from '../types.js';
import type { SeedDevice } from './seed-shape.js';
/**
 * Adds `device` to every file that lists it and counts it in its site's aggregates. `edit`
 * returns a mutable copy of a file (undefined when the bundle has none).
 */
export declare function seedDevice(edit: (file: string) => Json | undefined, device: SeedDevice, index: number): void;
