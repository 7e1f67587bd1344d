import type { Route } from '../router.js';

/** services routes (being written). */
export const servicesRoutes: Route[] = [];
