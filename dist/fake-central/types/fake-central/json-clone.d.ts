import type { Json } from './types.js';
/**
 * A deep copy of a JSON value (what a bundle's files hold: parsed from JSON, or seeded copies
 * of such values), the same as structuredClone gives for one: every object and array new, keys
 * in the same order, scalars as they are. About three times faster than structuredClone on
 * campus-b's 5,000 clients (40 ms against 80–160 ms at load 8–10), and a fresh state copies a
 * collection the first time a request reads it (state.ts), every run.
 *
 * Unlike structuredClone it does not keep two references to one object as one: a JSON tree has
 * none. A `__proto__` key (JSON.parse makes it an own property) stays an own property.
 */
export declare function cloneJson<T extends Json>(value: T): T;
