import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
/**
 * A site's link topology (getLinkTopology), derived from the devices the site lists: every
 * switch hangs off the site's first gateway by its uplink port, and the APs share the switches
 * round-robin on the switch's last access ports (counting down, clear of the low ports the
 * client list puts wired clients on). Offline devices stay on the graph with Poor links, so no
 * device is isolated, as `isolated-devices/{site-id}` says. `devices` and `links` are lists
 * (SPEC.md §13 D21).
 */
export declare function siteTopology(state: FakeState, siteId: string): Item;
