import type { Route } from '../router.js';
/** network-config: scope sites, WLAN SSID profiles, config health, firmware compliance (§2.3, §2.4, §2.6, §2.8). */
export declare const configRoutes: Route[];
