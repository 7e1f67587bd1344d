import { createHash } from 'node:crypto';
import { badRequest } from '../../api-error.js';
import { isItem, text } from '../../json.js';
import { applyFilter, parseFilter } from '../../odata.js';
import { offsetPage } from '../../paging.js';
import type { RouteContext } from '../../router.js';
import { ok } from '../../routes/common.js';
import type { FakeResponse } from '../../http-types.js';
import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';

/**
 * Wi-Fi client locations (services document: listClientLocationsForAPIV1, SPEC.md §12), computed
 * from the bundle: every connected wireless client is on the floor of the AP it is connected to
 * (a site's APs in serial order fill its floors ten at a time, as the floor plans were sized),
 * at a spot inside the floor's rectangle drawn from a hash of its MAC, so a client stays put
 * between calls and resets. Each client has three fixes, five minutes apart, ending within two
 * minutes before the bundle's now; `latest-location-per-client=1` keeps the newest.
 */

const LIMITS = { defaultLimit: 100, maxLimit: 1000 } as const;
const FIXES = 3;
const FIX_EVERY_MS = 5 * 60_000;

interface Floor {
  buildingId: string;
  floorId: string;
  length: number;
  breadth: number;
}

/** A number in [0, 1) from bytes `at`… of a hash: the fake has no randomness of its own. */
const unit = (hash: Buffer, at: number): number => hash.readUInt32BE(at) / 2 ** 32;

/** Floors of each site, in ordinal order, from the floor plans (sitemaps.json). */
function floorsBySite(state: FakeState): Map<string, Floor[]> {
  const plans = state.object('sitemaps.json');
  const out = new Map<string, Floor[]>();
  for (const [siteId, plan] of Object.entries(plans)) {
    const buildings = isItem(plan) && Array.isArray(plan.buildings) ? plan.buildings : [];
    const floors: Floor[] = [];
    for (const b of buildings.filter(isItem))
      for (const f of (Array.isArray(b.floors) ? b.floors : []).filter(isItem))
        floors.push({
          buildingId: text(b.id),
          floorId: text(f.floorId),
          length: Number(f.length),
          breadth: Number(f.breadth),
        });
    out.set(siteId, floors);
  }
  return out;
}

/** Which floor each AP is on: a site's APs in serial order, ten to a floor. */
function floorOfAp(state: FakeState): Map<string, Floor> {
  const floors = floorsBySite(state);
  const aps = state
    .list('devices.json')
    .filter((d) => d.deviceType === 'ACCESS_POINT')
    .sort((a, b) => text(a.serialNumber).localeCompare(text(b.serialNumber)));
  const seen = new Map<string, number>();
  const out = new Map<string, Floor>();
  for (const ap of aps) {
    const site = text(ap.siteId);
    const n = seen.get(site) ?? 0;
    seen.set(site, n + 1);
    const list = floors.get(site) ?? [];
    const floor = list[Math.min(Math.floor(n / 10), list.length - 1)];
    if (floor) out.set(text(ap.serialNumber), floor);
  }
  return out;
}

/** The client's fixes, oldest first. */
function fixes(state: FakeState, client: Item, floor: Floor, apsOnFloor: number): Item[] {
  const mac = text(client.macAddress).toLowerCase();
  const hash = createHash('sha256').update(`client-location:${mac}`).digest();
  const lastAt = Date.parse(state.now) - Math.floor(unit(hash, 0) * 120) * 1000;
  return Array.from({ length: FIXES }, (_, i) => {
    const at = lastAt - (FIXES - 1 - i) * FIX_EVERY_MS;
    // Inside the floor, clear of the stairwell (the EXCLUSION zone in the floor's far corner).
    const x = (0.05 + 0.8 * unit(hash, 4) + 0.01 * i) * floor.length;
    const y = (0.05 + 0.75 * unit(hash, 8) + 0.01 * i) * floor.breadth;
    return {
      accuracy: Math.round((3 + 9 * unit(hash, 12)) * 10) / 10,
      associated: true,
      buildingId: floor.buildingId,
      cartesianCoordinates: {
        xInMetre: Math.round(x * 100) / 100,
        yInMetre: Math.round(y * 100) / 100,
      },
      clientClassification: text(client.clientCategory) || 'Unknown',
      connected: true,
      createdAt: new Date(at).toISOString(),
      floorId: floor.floorId,
      hashedMacAddress: createHash('sha1').update(mac).digest('hex'),
      id: `${mac}-${at}`,
      macAddress: mac,
      numOfReportingAps: Math.max(1, Math.min(apsOnFloor, 3 + Math.floor(unit(hash, 16) * 4))),
      siteId: text(client.siteId),
      type: 'network-services/wifi-client-locations',
    };
  });
}

/**
 * Every fix of every connected wireless client (or only of `mac`'s), in client order, oldest fix
 * first.
 */
function allFixes(state: FakeState, mac?: string): Item[] {
  const floorOf = floorOfAp(state);
  const apsOn = new Map<string, number>();
  for (const f of floorOf.values()) apsOn.set(f.floorId, (apsOn.get(f.floorId) ?? 0) + 1);
  return state
    .list('clients.json')
    .filter((c) => mac === undefined || text(c.macAddress).toLowerCase() === mac)
    .filter((c) => c.clientConnectionType === 'Wireless' && c.status === 'Connected')
    .flatMap((c) => {
      const floor = floorOf.get(text(c.connectedDeviceSerial));
      return floor ? fixes(state, c, floor, apsOn.get(floor.floorId) ?? 1) : [];
    });
}

/** `start-at`: the schema types it an integer (epoch milliseconds, or seconds when small). */
function startAt(query: URLSearchParams): number | null {
  const raw = query.get('start-at');
  if (raw === null || raw === '') return null;
  const n = Number(raw);
  return n < 1e12 ? n * 1000 : n;
}

export function clientLocations({ state, query }: RouteContext): FakeResponse {
  const latest = query.get('latest-location-per-client');
  const mac = query.get('latest-connected-client-mac');
  if (latest !== null && mac !== null)
    throw badRequest(
      'latest-location-per-client and latest-connected-client-mac are mutually exclusive: send one',
    );
  if (mac !== null) {
    const given = ['filter', 'offset', 'limit'].filter((p) => query.has(p));
    if (given.length > 0)
      throw badRequest(
        `latest-connected-client-mac takes no ${given.join(', ')}: the answer is that client's latest location`,
      );
    // Only that client's fixes are computed: the answer is one client's latest.
    const last = allFixes(state, mac.toLowerCase()).at(-1);
    const one = last ? [last] : [];
    return ok({ count: one.length, items: one, offset: 0, total: one.length });
  }
  let items = allFixes(state);
  const filter = query.get('filter');
  if (latest !== null) {
    const site = parseFilter(filter ?? '').find((c) => c.field === 'siteId');
    if (!site || (site.op !== 'eq' && site.op !== 'in'))
      throw badRequest(
        "filter with siteId eq or in is required with latest-location-per-client, e.g. filter=siteId eq '<site id>'",
      );
    const newest = new Map<string, Item>();
    for (const f of items) newest.set(text(f.macAddress), f);
    items = [...newest.values()];
  }
  const from = startAt(query);
  if (from !== null) items = items.filter((f) => Date.parse(text(f.createdAt)) >= from);
  return ok(offsetPage(applyFilter(items, filter), query, LIMITS));
}
