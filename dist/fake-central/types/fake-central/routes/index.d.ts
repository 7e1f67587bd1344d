import type { Route } from '../router.js';
/** Every route the fake serves, in match order. */
export declare const allRoutes: Route[];
