import type { Json } from '../types.js';
import type { SeedPatch } from './seed-shape.js';
/** Applies one patch to the collection `edit` returns a mutable copy of. */
export declare function applyPatch(edit: (file: string) => Json | undefined, knownFiles: readonly string[], patch: SeedPatch, index: number): void;
