import type { Route } from '../../router.js';
/**
 * The generic scope-aware config store: every profile family of the table answers list, read
 * by name, create, replace, merge-patch and delete, and every singleton GET/POST/PATCH/DELETE,
 * from one state file per family (seeded by the bundle when it has `<segment>.json`).
 */
export declare const configStoreRoutes: Route[];
