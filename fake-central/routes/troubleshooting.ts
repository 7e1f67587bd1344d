import type { Route } from '../router.js';

/** troubleshooting routes (being written). */
export const troubleshootingRoutes: Route[] = [];
