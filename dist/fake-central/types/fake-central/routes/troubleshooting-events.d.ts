import type { Route } from '../router.js';
/** network-troubleshooting events and event-filters, v1 and v1alpha1 (SPEC.md §4). */
export declare const troubleshootingEventRoutes: Route[];
