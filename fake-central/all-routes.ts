import { catalogRoutes } from './engines/catalog/catalog-routes.js';
import { scopeRoutes } from './engines/catalog/scope-routes.js';
import { glpRoutes } from './engines/greenlake/glp-routes.js';
import { configStoreRoutes } from './engines/config-store/config-store-routes.js';
import { resourceRoutes } from './engines/monitoring/resource-engine.js';
import { sitemapRoutes } from './engines/monitoring/sitemaps.js';
import { switchTrendRoutes } from './engines/monitoring/switch-trends.js';
import { trendRoutes } from './engines/monitoring/trend-engine.js';
import type { Route } from './router.js';
import { allRoutes as handWrittenRoutes } from './routes/index.js';

/**
 * Every route the fake serves, in match order: the switch trends, the hand-written families,
 * then the engines, which answer only what no route above serves.
 */
export const allRoutes: Route[] = [
  // Before the monitoring routes: `switches/topn-interface-trends` is not a switch serial.
  ...switchTrendRoutes,
  ...handWrittenRoutes,
  ...trendRoutes,
  ...sitemapRoutes,
  ...resourceRoutes,
  ...catalogRoutes,
  ...scopeRoutes,
  ...glpRoutes,
  ...configStoreRoutes,
];
