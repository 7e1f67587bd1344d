import type { Route } from '../../router.js';
/** The policy-group-list entry routes; ahead of the generic store. */
export declare const policyGroupListRoutes: Route[];
