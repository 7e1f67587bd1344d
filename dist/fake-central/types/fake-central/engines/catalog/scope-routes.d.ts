import type { Route } from '../../router.js';
/** Scope management reads beyond `sites` (network-config v1 and v1alpha1). */
export declare const scopeRoutes: Route[];
