import type { Route } from '../router.js';
/** Device actions (async tests, fire-and-forget commands), their polls and task lists (§2.9). */
export declare const troubleshootingActionRoutes: Route[];
