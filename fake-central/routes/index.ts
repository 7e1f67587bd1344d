import type { Route } from '../router.js';
import { authRoutes } from './auth.js';
import { monitoringRoutes } from './monitoring.js';

/** Every route the fake serves, in match order. */
export const allRoutes: Route[] = [...authRoutes, ...monitoringRoutes];
