import type { Json } from '../types.js';
/** The value at a dotted path (`essid.name`), or undefined when any step is missing. */
export declare function valueAt(item: Json, path: string): Json | undefined;
/** Deep equality of JSON values (object key order ignored). */
export declare function jsonEqual(a: Json | undefined, b: Json | undefined): boolean;
/** Every leaf path where two JSON values differ, sorted (`a.b` for nested objects; arrays whole). */
export declare function differingPaths(a: Json | undefined, b: Json | undefined, prefix?: string): string[];
/** `where` holds for an item: every path has the given value. */
export declare function matchesWhere(item: Json, where: Record<string, Json> | undefined): boolean;
