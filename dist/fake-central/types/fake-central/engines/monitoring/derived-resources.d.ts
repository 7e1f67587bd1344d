import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
/** Every AP radio, in the monitoring `radios` shape, from the AP details. */
export declare function radios(state: FakeState, serial?: string): Item[];
/** One BSSID per radio and WLAN the AP broadcasts; a client's `bssid` is its radio's MAC. */
export declare function bssids(state: FakeState): Item[];
/** AP swarms: the APs grouped by `clusterId`; the conductor is the AP whose role says so, else the first. */
export declare function swarms(state: FakeState): Item[];
/** The gateways of a gateway cluster (404 when no gateway names it). */
export declare function clusterMembers(state: FakeState, cluster: string): Item[];
/**
 * A gateway's ports: one per VLAN its clients use plus the uplink, numbered from 1; traffic
 * figures are fixed per port (a deterministic level), so repeated reads agree.
 */
export declare function gatewayPorts(state: FakeState, serial: string): Item[];
/** A gateway's single WAN uplink (port 1 of gatewayPorts). */
export declare function gatewayUplinks(state: FakeState, serial: string): Item[];
/** The VLANs a device's site uses (from its clients), as gateway or switch VLAN rows. */
export declare function vlansOf(state: FakeState, siteId: string): {
    id: string;
    name: string;
}[];
