import type { Route } from '../router.js';
import { troubleshootingActionRoutes } from './troubleshooting-actions.js';
import { troubleshootingEventRoutes } from './troubleshooting-events.js';

/** network-troubleshooting v1 and v1alpha1: events first, so their literal paths win. */
export const troubleshootingRoutes: Route[] = [
  ...troubleshootingEventRoutes,
  ...troubleshootingActionRoutes,
];
