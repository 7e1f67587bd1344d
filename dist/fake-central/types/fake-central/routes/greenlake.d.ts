import type { Route } from '../router.js';
/** GreenLake platform APIs: devices, subscriptions, users, workspace (SPEC.md §4). */
export declare const greenlakeRoutes: Route[];
