import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
/**
 * The GreenLake service offer, its region and the workspace's provision of it, derived from the
 * Central service manager the bundle's devices are assigned to, so they agree with the audit
 * logs (whose `serviceOffer` names this offer) and with the service-manager lists.
 */
/** The Central service offer (service-registry document, getServiceOffers). */
export declare function centralOffer(state: FakeState): Item;
/** The offer as the list and item reads show it (the region is the regions list's business). */
export declare function serviceOffers(state: FakeState): Item[];
/** The regions the offer is available in: the manager's region (getServiceOfferRegions). */
export declare function serviceOfferRegions(state: FakeState): Item[];
/**
 * What a provision of the Central service manager says in either catalogue (the manager
 * provisions of service-catalog v1, the service provisions of v1beta1): provisioned for the
 * workspace when the workspace was made, in the manager's region.
 */
export declare function provisionRecord(state: FakeState, id: string, resourceUri: string): Item;
/** The workspace's provision of the offer, in its region (getServiceProvisions). */
export declare function serviceProvisions(state: FakeState): Item[];
