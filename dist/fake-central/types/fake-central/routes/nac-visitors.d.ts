import type { Route } from '../router.js';
/** The visitor routes; the CSV export (`cnac-visitor/export`) is in nac-exports.ts. */
export declare const visitorRoutes: Route[];
