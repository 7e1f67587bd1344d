import type { RouteContext } from '../../router.js';
import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
/**
 * Notification and reporting lists derived from the bundle's alerts, clients, devices and
 * reports, so they agree with what the alert, client and report endpoints show.
 */
/**
 * getAlertConfigs: one system rule per alert type the world raises, at the asked scope
 * (`scope-type` GLOBAL by default, `scope-id` the tenant or a site); a site or device scope
 * shows the same rules as inherited.
 */
export declare function alertConfigs(ctx: RouteContext): Item[];
/**
 * getSourceRecommendationsV1: an insight per site where clients failed to onboard and per site
 * with an offline device, each counting the clients and devices it concerns; `site-id` and
 * `insight-id` narrow it.
 */
export declare function insights(state: FakeState, query: URLSearchParams): Item[];
export declare function kpiWidgets(state: FakeState): Item[];
