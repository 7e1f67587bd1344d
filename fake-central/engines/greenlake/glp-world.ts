import { text } from '../../json.js';
import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';

/** The GreenLake workspace of the bundle and the ids derived from it. */
export function workspaceOf(state: FakeState): Item {
  return state.object('glp-workspace.json');
}

/** A stable UUID-shaped id from a seed (GreenLake ids are UUIDs): same seed, same id. */
export function uuidOf(seed: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < seed.length; i++) {
    h1 = Math.imul(h1 ^ seed.charCodeAt(i), 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ seed.charCodeAt(i), 0x5bd1e995) >>> 0;
  }
  const hex = (h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0')).repeat(2);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The Central service manager every device of the bundle is assigned to. */
export function centralManager(state: FakeState): Item {
  const device = state.list('glp-devices.json').find((d) => d.application);
  const app = (device?.application ?? {}) as Item;
  const id = text(app.id) || uuidOf('central');
  const region = text(device?.region) || 'us-west';
  return {
    createdAt: text(workspaceOf(state).createdAt),
    description: 'HPE Aruba Networking Central',
    generation: 1,
    honorUnprovisionResponse: false,
    id,
    mspSupported: true,
    name: 'HPE Aruba Networking Central',
    region,
    resourceUri: `/service-catalog/v1/service-managers/${id}`,
    standaloneSupported: true,
    tenantOnlySupported: false,
    type: 'service-catalog/service-manager',
    updatedAt: text(workspaceOf(state).updatedAt),
  };
}
