import type { Route } from '../../router.js';
/**
 * Config assignments (assignments document): which library profile applies to which scope and
 * device function. A list of its own, not a profile family: the query filters select
 * assignments, they do not address a scope the way profile writes do.
 */
export declare const configAssignmentRoutes: Route[];
