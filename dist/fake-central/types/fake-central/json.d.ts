import type { Item, Json } from './types.js';
/** A JSON scalar as text ('' for null/undefined, JSON for objects) — for comparisons and keys. */
export declare function text(value: Json | undefined): string;
/** Narrows a JSON value to an object (not null, not an array). */
export declare function isItem(value: Json | undefined): value is Item;
