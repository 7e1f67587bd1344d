import type { Route } from '../router.js';
/** `network-config` scope maps: which scope and persona a library resource applies to. */
export declare const scopeMapRoutes: Route[];
