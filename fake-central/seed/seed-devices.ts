import { createHash } from 'node:crypto';
import { FakeCentralError } from '../errors.js';
import { text } from '../json.js';
import type { Item, Json } from '../types.js';
import { countDeviceInSite, DEVICE_TYPE_GROUP } from './site-aggregates.js';
import type { SeedDevice } from './seed-shape.js';

// A seeded device is made the way the generator makes one: each file that lists devices gets a
// row cloned from a template row of the same type (one in the same site when there is one, so
// cluster and group names fit), with the identity fields replaced. Values that are not identity
// (radios, ports, firmware, counters) stay the template's, counters reset to zero; the docs
// say so. A device with no site appears only where the API lists unassigned devices: the
// inventory (Central's and GreenLake's), never in a site's monitoring or health.

/** Per-type lists and details: the file and the type its rows are for. */
const TYPE_FILES = {
  AP: { list: 'aps.json', details: 'ap-details.json' },
  SWITCH: { list: 'switches.json', details: 'switch-details.json' },
  GATEWAY: { list: 'gateways.json', details: 'gateway-details.json' },
} as const;

/** Files listing every device of a site, and the field that says a row's type. */
const SITE_LISTS: [string, string][] = [
  ['devices.json', 'deviceType'],
  ['config-health-devices.json', 'type'],
  ['firmware-details.json', 'deviceType'],
];

/** Files listing devices whether or not a site holds them. */
const INVENTORY_LISTS: [string, string][] = [
  ['device-inventory.json', 'deviceType'],
  ['glp-devices.json', 'deviceType'],
];

const COUNTERS = ['clientCount', 'wlanCount', 'uptimeInMillis'];

/** How each family spells a device type (monitoring `ACCESS_POINT`, GreenLake `AP`). */
const TYPE_SPELLINGS: Record<SeedDevice['deviceType'], readonly Json[]> = {
  AP: ['AP', 'ACCESS_POINT'],
  SWITCH: ['SWITCH'],
  GATEWAY: ['GATEWAY'],
};

/** A MAC derived from the serial (locally administered, so it cannot collide with a vendor's). */
function macFor(serial: string): string {
  const bytes = createHash('sha256').update(serial).digest().subarray(0, 5);
  return ['02', ...[...bytes].map((b) => b.toString(16).padStart(2, '0'))].join(':');
}

/** A UUID derived from the serial: GreenLake devices are keyed by UUID. */
function uuidFor(serial: string): string {
  const h = createHash('sha256').update(`glp-device:${serial}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The template's own spelling of a status (`ONLINE` in monitoring, `Online` in type lists). */
function styled(template: Json | undefined, status: 'ONLINE' | 'OFFLINE'): string {
  if (typeof template === 'string' && template !== template.toUpperCase()) {
    return status === 'ONLINE' ? 'Online' : 'Offline';
  }
  return status;
}

interface Identity {
  device: SeedDevice;
  siteName: string | null;
  mac: string;
  name: string;
}

/** A template row with the seeded device's identity in every identity field it has. */
function rowFor(template: Item, who: Identity): Item {
  const { device } = who;
  const row = structuredClone(template);
  const templateSerial = template.serialNumber ?? template.serial;
  const set = (key: string, value: Json): void => {
    if (key in row) row[key] = value;
  };
  if (row.id === templateSerial) row.id = device.serialNumber;
  else if (typeof row.id === 'string' && /^[0-9a-f-]{36}$/.test(row.id))
    row.id = uuidFor(device.serialNumber);
  set('serialNumber', device.serialNumber);
  set('serial', device.serialNumber);
  set('deviceName', who.name);
  set('name', who.name);
  const templateMac = typeof row.macAddress === 'string' ? row.macAddress : '';
  set('macAddress', templateMac === templateMac.toUpperCase() ? who.mac.toUpperCase() : who.mac);
  set('siteId', device.siteId);
  set('scopeId', device.siteId);
  set('siteName', who.siteName);
  set('status', styled(row.status, device.status));
  if (device.model !== undefined) set('model', device.model);
  set('isProvisioned', device.isProvisioned ?? (device.siteId === null ? 'No' : 'Yes'));
  if (typeof row.health === 'string') row.health = device.health;
  for (const counter of COUNTERS) if (typeof row[counter] === 'number') row[counter] = 0;
  if (row.tags !== null && typeof row.tags === 'object' && !Array.isArray(row.tags)) {
    row.tags = who.siteName === null ? {} : { ...row.tags, site: who.siteName };
  }
  return row;
}

/** The first row of `type` in the site, else the first of `type` anywhere. */
function templateOf(rows: Item[], typeKey: string, device: SeedDevice): Item | undefined {
  const spellings = TYPE_SPELLINGS[device.deviceType];
  const ofType = rows.filter((r) => typeKey === '' || spellings.includes(r[typeKey] ?? null));
  return ofType.find((r) => r.siteId === device.siteId) ?? ofType[0];
}

/**
 * Adds `device` to every file that lists it and counts it in its site's aggregates. `edit`
 * returns a mutable copy of a file (undefined when the bundle has none).
 */
export function seedDevice(
  edit: (file: string) => Json | undefined,
  device: SeedDevice,
  index: number,
): void {
  const where = `seed devices[${index}]`;
  const sites = (edit('scope-sites.json') as Item[] | undefined) ?? [];
  const site = device.siteId === null ? undefined : sites.find((s) => s.id === device.siteId);
  if (device.siteId !== null && site === undefined) {
    const known = sites.map((s) => `${text(s.id)} (${text(s.scopeName ?? s.name)})`);
    throw new FakeCentralError(
      'fixture_invalid',
      `${where}: siteId "${device.siteId}" is not a site of this bundle`,
      `sites: ${known.join(', ')}; or null for a device no site holds`,
    );
  }
  const inventory = (edit('device-inventory.json') as Item[] | undefined) ?? [];
  if (inventory.some((d) => d.serialNumber === device.serialNumber)) {
    throw new FakeCentralError(
      'fixture_invalid',
      `${where}: serialNumber "${device.serialNumber}" is already in the bundle`,
      'pick a serial the bundle does not have (to change an existing device, use a patch)',
    );
  }
  const who: Identity = {
    device,
    siteName: site ? text(site.scopeName ?? site.name) : null,
    mac: device.macAddress ?? macFor(device.serialNumber),
    name: device.deviceName ?? device.serialNumber,
  };
  const typed = TYPE_FILES[device.deviceType];
  const lists: [string, string][] = [
    ...INVENTORY_LISTS,
    ...(site ? [...SITE_LISTS, [typed.list, ''] as [string, string]] : []),
  ];
  // The detail's template is the list's, chosen before the new row joins the list.
  const listTemplate = templateOf((edit(typed.list) as Item[] | undefined) ?? [], '', device);
  for (const [file, typeKey] of lists) {
    const rows = edit(file) as Item[] | undefined;
    if (!Array.isArray(rows)) continue;
    const template = templateOf(rows, typeKey, device);
    if (template === undefined) {
      throw new FakeCentralError(
        'fixture_invalid',
        `${where}: ${file} has no ${device.deviceType} to model the new one on`,
        'seed a device type this bundle already has',
      );
    }
    rows.push(rowFor(template, who));
  }
  if (!site) return;
  const details = edit(typed.details) as Record<string, Item> | undefined;
  const detail = details?.[text(listTemplate?.serialNumber)];
  if (details && detail) details[device.serialNumber] = rowFor(detail, who);
  countDeviceInSite(edit, device.siteId ?? '', DEVICE_TYPE_GROUP[device.deviceType], device.health);
}
