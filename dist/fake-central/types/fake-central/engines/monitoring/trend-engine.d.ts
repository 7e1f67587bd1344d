import type { Route } from '../../router.js';
/** The trend routes, one per table line, v1 and v1alpha1. */
export declare const trendRoutes: Route[];
