import type { Route } from '../router.js';
/** GreenLake device management: list, detail, PATCH (async) and its operation status (§2.10). */
export declare const greenlakeDeviceRoutes: Route[];
