import type { Route } from '../router.js';
/** network-notifications v1: alerts, alert actions and their async status (SPEC.md §4, §8). */
export declare const notificationsRoutes: Route[];
