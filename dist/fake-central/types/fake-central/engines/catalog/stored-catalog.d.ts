import type { Route } from '../../router.js';
/** Reads of the stored catalogue families; ahead of the empty catalogue entries they replace. */
export declare const storedCatalogRoutes: Route[];
