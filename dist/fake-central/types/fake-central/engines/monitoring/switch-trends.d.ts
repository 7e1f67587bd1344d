import type { Route } from '../../router.js';
/** Switch trend endpoints (SPEC.md §4, §12); all-routes.ts puts them ahead of `switches/:sn`. */
export declare const switchTrendRoutes: Route[];
