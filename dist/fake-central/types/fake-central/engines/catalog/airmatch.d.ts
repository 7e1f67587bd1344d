import type { Route } from '../../router.js';
/** The AirMatch reads, derived from the bundle's APs and radios. */
export declare const airmatchRoutes: Route[];
