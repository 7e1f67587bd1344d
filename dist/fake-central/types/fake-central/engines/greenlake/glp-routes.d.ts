import type { Route } from '../../router.js';
/** GreenLake platform reads beyond devices, subscriptions, users and the workspace. */
export declare const glpRoutes: Route[];
