import type { Route } from '../../router.js';
/** The derived monitoring routes, v1 and v1alpha1. */
export declare const resourceRoutes: Route[];
