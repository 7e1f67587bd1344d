import type { Route } from '../router.js';
/** network-troubleshooting v1 and v1alpha1: events first, so their literal paths win. */
export declare const troubleshootingRoutes: Route[];
