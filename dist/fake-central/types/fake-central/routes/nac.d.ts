import type { Route } from '../router.js';
/** Central NAC: auth servers and profiles (config style), MAC registrations and visitors (§2.7). */
export declare const nacRoutes: Route[];
