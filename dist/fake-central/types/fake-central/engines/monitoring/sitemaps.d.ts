import type { Route } from '../../router.js';
/** The floor-plan reads; ahead of the monitoring engine's table. */
export declare const sitemapRoutes: Route[];
