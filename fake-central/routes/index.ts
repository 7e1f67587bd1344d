import type { Route } from '../router.js';
import { authRoutes } from './auth.js';
import { configRoutes } from './config.js';
import { greenlakeRoutes } from './greenlake.js';
import { monitoringRoutes } from './monitoring.js';
import { nacRoutes } from './nac.js';
import { notificationsRoutes } from './notifications.js';
import { scopeMapRoutes } from './scope-maps.js';
import { servicesRoutes } from './services.js';
import { troubleshootingRoutes } from './troubleshooting.js';

/** Every route the fake serves, in match order. */
export const allRoutes: Route[] = [
  ...authRoutes,
  ...monitoringRoutes,
  ...notificationsRoutes,
  ...troubleshootingRoutes,
  ...servicesRoutes,
  ...configRoutes,
  ...scopeMapRoutes,
  ...nacRoutes,
  ...greenlakeRoutes,
];
