import type { Route } from '../router.js';

/** nac routes (being written). */
export const nacRoutes: Route[] = [];
