import type { Route } from '../router.js';
/** network-services v1 and v1alpha1: firmware details and audit logs (SPEC.md §4). */
export declare const servicesRoutes: Route[];
