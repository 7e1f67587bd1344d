import type { Route } from '../../router.js';
/** The catalogue routes: network-services, notifications, reporting and the NAC service lists. */
export declare const catalogRoutes: Route[];
