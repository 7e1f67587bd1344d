import type { Route } from '../router.js';
/** network-config: scope sites, WLAN SSID profiles, config health (the firmware policy is engines/config-store). */
export declare const configRoutes: Route[];
