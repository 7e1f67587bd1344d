import type { Route } from '../router.js';

/** greenlake routes (being written). */
export const greenlakeRoutes: Route[] = [];
