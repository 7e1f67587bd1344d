import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
/**
 * A switch's interfaces: access ports 1/1/1…1/1/N (24 on a 6100 or a model ending in F with 24
 * in its name, else 48) plus its uplinks; a port with clients on it is up, carries their VLAN
 * and names the first client as its neighbour, so interfaces agree with the client list.
 */
export declare function switchInterfaces(state: FakeState, serial: string): Item[];
/** The switch's VLANs: its site's client VLANs, each listing the ports that carry it. */
export declare function switchVlans(state: FakeState, serial: string): Item[];
/** PoE draw of the ports with a client (a deterministic figure per port). */
export declare function switchPoe(state: FakeState, serial: string): Item[];
