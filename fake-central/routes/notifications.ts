import type { Route } from '../router.js';

/** notifications routes (being written). */
export const notificationsRoutes: Route[] = [];
