import type { Route } from '../router.js';
/** CSV exports; ahead of `cnac-mac-reg/{id}`, which would take `export` for an id. */
export declare const nacExportRoutes: Route[];
