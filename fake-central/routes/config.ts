import type { Route } from '../router.js';

/** config routes (being written). */
export const configRoutes: Route[] = [];
