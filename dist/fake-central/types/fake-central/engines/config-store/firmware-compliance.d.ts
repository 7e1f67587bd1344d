import type { Route } from '../../router.js';
/**
 * The firmware policy (firmware-policy document): one policy per scope, the shared one from the
 * bundle, the others created by LOCAL writes (SPEC.md §11). State checks on the
 * `firmware-compliance` collection see the shared policy.
 */
export declare const firmwareComplianceRoutes: Route[];
