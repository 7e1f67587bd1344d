import type { Route } from '../router.js';
/** Switch trend endpoints (SPEC.md §4, §12). */
export declare const switchTrendRoutes: Route[];
