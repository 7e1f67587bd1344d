import type { Route } from './router.js';
/**
 * Every route the fake serves, in match order: the hand-written families first, then the
 * engines, which answer only what no route above serves.
 */
export declare const allRoutes: Route[];
