import type { Route } from './router.js';
/**
 * Every route the fake serves, in match order: the switch trends, the hand-written families,
 * then the engines, which answer only what no route above serves.
 */
export declare const allRoutes: Route[];
