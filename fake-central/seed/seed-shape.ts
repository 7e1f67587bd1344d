import { didYouMean } from '../did-you-mean.js';
import { FakeCentralError } from '../errors.js';
import type { Item, Json } from '../types.js';

// The shape of a per-test world edit (`reset({ seed })`, `POST /_fake/seed`, the pytest marker's
// `devices=`/`patch=`), checked before anything changes: a typo is refused naming the key and
// the nearest one, never ignored (an ignored `sitId` would seed an unassigned device and the
// test would pass or fail for the wrong reason).

export const DEVICE_TYPES = ['AP', 'SWITCH', 'GATEWAY'] as const;
export const DEVICE_HEALTHS = ['Good', 'Fair', 'Poor'] as const;

/** A device to add for one test; it appears in every endpoint that lists devices of its site. */
export interface SeedDevice {
  serialNumber: string;
  deviceType: (typeof DEVICE_TYPES)[number];
  /** A site of the bundle, or null for a device in the inventory that no site holds. */
  siteId: string | null;
  status: 'ONLINE' | 'OFFLINE';
  health: (typeof DEVICE_HEALTHS)[number];
  deviceName?: string;
  macAddress?: string;
  model?: string;
  /** Default `Yes` for a device in a site, `No` for one in none. */
  isProvisioned?: 'Yes' | 'No';
}

/** A raw edit of one collection (a fixture file): no other endpoint follows it. */
export type SeedPatch =
  | { collection: string; where?: Record<string, Json>; set: Item }
  | { collection: string; add: Item[] }
  | { collection: string; where: Record<string, Json>; remove: true };

export interface Seed {
  devices: SeedDevice[];
  patch: SeedPatch[];
}

/** A seed as a caller writes it: `status` (ONLINE) and `health` (Good) may be left out. */
export interface SeedInput {
  devices?: (Omit<SeedDevice, 'status' | 'health'> &
    Partial<Pick<SeedDevice, 'status' | 'health'>>)[];
  patch?: SeedPatch[];
}

const SEED_KEYS = ['devices', 'patch'];
const DEVICE_KEYS = [
  'serialNumber',
  'deviceType',
  'siteId',
  'status',
  'health',
  'deviceName',
  'macAddress',
  'model',
  'isProvisioned',
];
const PATCH_KEYS = ['collection', 'where', 'set', 'add', 'remove'];
const DEVICE_EXAMPLE =
  '{"devices": [{"serialNumber": "TESTAP0001", "deviceType": "AP", "siteId": "5563304806"}]}';

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function invalid(where: string, problem: string, hint = `e.g. ${DEVICE_EXAMPLE}`): never {
  throw new FakeCentralError(
    'fixture_invalid',
    `seed${where ? ` ${where}` : ''}: ${problem}`,
    hint,
  );
}

function checkKeys(where: string, value: Record<string, unknown>, known: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      invalid(where, `unknown key "${key}"`, `${didYouMean(key, known)}keys: ${known.join(', ')}`);
    }
  }
}

function oneOf<T extends string>(
  where: string,
  value: unknown,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && allowed.includes(value as T)) return value as T;
  return invalid(where, `${JSON.stringify(value)} is not one of ${allowed.join(', ')}`);
}

function optionalText(where: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && value !== '') return value;
  return invalid(where, `${JSON.stringify(value)} must be a non-empty string`);
}

function parseDevice(value: unknown, i: number): SeedDevice {
  const where = `devices[${i}]`;
  if (!isObject(value)) return invalid(where, 'must be an object');
  checkKeys(where, value, DEVICE_KEYS);
  const serialNumber = optionalText(`${where}.serialNumber`, value.serialNumber);
  if (serialNumber === undefined) return invalid(where, 'needs a serialNumber');
  if (value.deviceType === undefined)
    return invalid(where, 'needs a deviceType (AP, SWITCH or GATEWAY)');
  const siteId = value.siteId === null ? null : optionalText(`${where}.siteId`, value.siteId);
  if (siteId === undefined) {
    return invalid(where, 'needs a siteId (a site of the bundle, or null for no site)');
  }
  const device: SeedDevice = {
    serialNumber,
    deviceType: oneOf(`${where}.deviceType`, value.deviceType, DEVICE_TYPES, 'AP'),
    siteId,
    status: oneOf(`${where}.status`, value.status, ['ONLINE', 'OFFLINE'] as const, 'ONLINE'),
    health: oneOf(`${where}.health`, value.health, DEVICE_HEALTHS, 'Good'),
  };
  const optional = ['deviceName', 'macAddress', 'model'] as const;
  for (const key of optional) {
    const text = optionalText(`${where}.${key}`, value[key]);
    if (text !== undefined) device[key] = text;
  }
  if (value.isProvisioned !== undefined) {
    device.isProvisioned = oneOf(
      `${where}.isProvisioned`,
      value.isProvisioned,
      ['Yes', 'No'] as const,
      'Yes',
    );
  }
  return device;
}

function parsePatch(value: unknown, i: number): SeedPatch {
  const where = `patch[${i}]`;
  const hint =
    'e.g. {"collection": "wlan-ssids", "where": {"essid.name": "Guest"}, "set": {"enable": false}}';
  if (!isObject(value)) return invalid(where, 'must be an object', hint);
  checkKeys(where, value, PATCH_KEYS);
  const collection = optionalText(`${where}.collection`, value.collection);
  if (collection === undefined)
    return invalid(where, 'needs a collection (a fixture file without .json)', hint);
  const ops = ['set', 'add', 'remove'].filter((k) => value[k] !== undefined);
  if (ops.length !== 1)
    return invalid(where, `needs exactly one of set, add, remove (got ${ops.length})`, hint);
  const whereClause = value.where;
  if (whereClause !== undefined && !isObject(whereClause)) {
    return invalid(`${where}.where`, 'must be an object of dotted paths to values', hint);
  }
  if (value.set !== undefined) {
    if (!isObject(value.set)) return invalid(`${where}.set`, 'must be an object of fields', hint);
    return {
      collection,
      set: value.set as Item,
      ...(whereClause ? { where: whereClause as Record<string, Json> } : {}),
    };
  }
  if (value.add !== undefined) {
    if (!Array.isArray(value.add) || !value.add.every(isObject)) {
      return invalid(`${where}.add`, 'must be a list of items (objects)', hint);
    }
    if (whereClause !== undefined) return invalid(where, '"where" does not go with "add"', hint);
    return { collection, add: value.add as Item[] };
  }
  if (value.remove !== true) return invalid(`${where}.remove`, 'must be true', hint);
  if (whereClause === undefined)
    return invalid(where, '"remove" needs a "where" (which items)', hint);
  return { collection, where: whereClause as Record<string, Json>, remove: true };
}

/** Checks a seed as sent (JSON) and fills the defaults; throws FakeCentralError `seed_invalid`. */
export function parseSeed(value: unknown): Seed {
  if (value === undefined || value === null) return { devices: [], patch: [] };
  if (!isObject(value)) return invalid('', 'must be an object');
  checkKeys('', value, SEED_KEYS);
  const list = (key: string): unknown[] => {
    const v = value[key];
    if (v === undefined) return [];
    return Array.isArray(v) ? v : invalid(key, 'must be a list');
  };
  return { devices: list('devices').map(parseDevice), patch: list('patch').map(parsePatch) };
}

/** True when the seed changes nothing (reset then serves the bundle itself). */
export const isEmptySeed = (seed: Seed): boolean =>
  seed.devices.length === 0 && seed.patch.length === 0;
