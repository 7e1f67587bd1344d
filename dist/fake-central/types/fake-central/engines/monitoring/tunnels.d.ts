import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
/**
 * The tunnels of the world, one model for every tunnel endpoint and summary: each AP at a site
 * with a gateway holds a GRE tunnel to that gateway (the overlay WLAN's, `overlay-wlan.json`
 * names the employee SSID and the site clusters), and each gateway but the world's first holds
 * an IPsec WAN tunnel to the first (the hub). A tunnel is Up when both ends are online, else
 * Down with health Poor; the summaries count these same tunnels, so lists and summaries agree.
 */
export interface Tunnel {
    kind: 'LAN' | 'WAN';
    gateway: Item;
    /** The far end: an AP for a LAN tunnel, the hub gateway for a WAN one. */
    peer: Item;
    up: boolean;
    ssid: string;
}
/** Every tunnel of the world, gateways and APs in list order. */
export declare function worldTunnels(state: FakeState): Tunnel[];
/** A gateway's tunnels (getGatewayTunnelListV1): its LAN tunnels to APs, its WAN tunnels. */
export declare function gatewayTunnels(state: FakeState, serial: string): Item[];
/** An AP's tunnels (getAccessPointTunnelListV1): its GRE tunnel to the site gateway. */
export declare function apTunnels(state: FakeState, serial: string): Item[];
/** A gateway cluster's tunnels (getGatewayClusterTunnelListV1): its members' LAN tunnels. */
export declare function clusterTunnels(state: FakeState, members: Item[]): Item[];
/** Good/Fair/Poor counts of tunnels by their health. */
export declare function healthCounts(rows: Item[]): {
    fair: number;
    good: number;
    poor: number;
};
