import { text } from '../../json.js';
import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
import { centralManager, uuidOf, workspaceOf } from './glp-world.js';

/**
 * The GreenLake service offer, its region and the workspace's provision of it, derived from the
 * Central service manager the bundle's devices are assigned to, so they agree with the audit
 * logs (whose `serviceOffer` names this offer) and with the service-manager lists.
 */

/** The Central service offer (service-registry document, getServiceOffers). */
export function centralOffer(state: FakeState): Item {
  const manager = centralManager(state);
  const ws = workspaceOf(state);
  const id = uuidOf(`service-offer/${text(manager.id)}`);
  return {
    brokerUri: '',
    capabilities: ['Wireless', 'Wired', 'SD-Branch', 'Network access control'],
    categories: ['NETWORKING'],
    contactSalesUrl: 'https://www.hpe.com/us/en/contact-hpe.html',
    createdAt: text(ws.createdAt),
    documentationUrl: 'https://www.arubanetworks.com/techdocs/central/',
    evalUrl: '',
    featuresSupported: ['DEEP_LINKING', 'EVALUATION', 'SERVICE_PROVISIONING'],
    generatedAt: text(ws.updatedAt),
    generation: 1,
    id,
    isDefault: true,
    languagesSupported: ['en'],
    name: text(manager.name),
    overview: 'Cloud management for campus, branch and remote networks',
    preProvisionMessage: '',
    region: text(manager.region),
    resourceUri: `/service-catalog/v1beta1/service-offers/${id}`,
    serviceManager: { id: text(manager.id), resourceUri: text(manager.resourceUri) },
    serviceOfferType: 'DEVICE_SAAS',
    shortDescription: text(manager.description),
    slug: 'ANC',
    staticLaunchUrl: '',
    status: 'PUBLISHED',
    termsOfServiceUrl: 'https://www.hpe.com/us/en/about/legal/terms-of-use.html',
    testDriveUrl: '',
    updatedAt: text(ws.updatedAt),
  };
}

/** The offer as the list and item reads show it (the region is the regions list's business). */
export function serviceOffers(state: FakeState): Item[] {
  const { region: _region, ...offer } = centralOffer(state);
  return [offer];
}

/** The regions the offer is available in: the manager's region (getServiceOfferRegions). */
export function serviceOfferRegions(state: FakeState): Item[] {
  const offer = centralOffer(state);
  const id = uuidOf(`service-offer-region/${text(offer.id)}/${text(offer.region)}`);
  return [
    {
      createdAt: text(offer.createdAt),
      generation: 1,
      id,
      region: text(offer.region),
      resourceUri: `/service-catalog/v1beta1/service-offer-regions/${id}`,
      serviceOffer: { id: text(offer.id), resourceUri: text(offer.resourceUri) },
      serviceOfferId: text(offer.id),
      status: 'PUBLISHED',
      type: 'service-catalog/service-offer-region',
      updatedAt: text(offer.updatedAt),
    },
  ];
}

/**
 * What a provision of the Central service manager says in either catalogue (the manager
 * provisions of service-catalog v1, the service provisions of v1beta1): provisioned for the
 * workspace when the workspace was made, in the manager's region.
 */
export function provisionRecord(state: FakeState, id: string, resourceUri: string): Item {
  const manager = centralManager(state);
  const ws = workspaceOf(state);
  return {
    createdAt: text(ws.createdAt),
    createdBy: text(ws.createdBy),
    generation: 1,
    id,
    provisionStatus: 'PROVISIONED',
    region: text(manager.region),
    resourceUri,
    serviceManager: { id: text(manager.id), resourceUri: text(manager.resourceUri) },
    updatedAt: text(ws.updatedAt),
  };
}

/** The workspace's provision of the offer, in its region (getServiceProvisions). */
export function serviceProvisions(state: FakeState): Item[] {
  const offer = centralOffer(state);
  const ws = workspaceOf(state);
  const id = uuidOf(`service-provision/${text(offer.id)}/${text(ws.id)}`);
  return [
    {
      ...provisionRecord(state, id, `/service-catalog/v1beta1/service-provisions/${id}`),
      retryCount: 0,
      serviceOffer: {
        id: text(offer.id),
        name: text(offer.name),
        resourceUri: text(offer.resourceUri),
      },
      type: 'service-catalog/service-provision',
      workspace: { id: text(ws.id), resourceUri: text(ws.resourceUri) },
    },
  ];
}
