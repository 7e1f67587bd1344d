import type { Route } from '../router.js';
/** network-monitoring v1 and v1alpha1 (SPEC.md §4). */
export declare const monitoringRoutes: Route[];
