import type { Item, Json } from '../types.js';

// The site-level health aggregates, defined once: the fixture generator computes them from its
// world model (scripts/fixtures/build-sites.ts) and a seeded device adjusts them, so a device
// added for one test moves site health, tenant device health and the site's device count the
// way the generator would have made them.

export type Health = 'Poor' | 'Fair' | 'Good';
export type HealthCounts = Record<Health, number>;
export type HealthGroups = { groups: { name: Health; value: number }[] };

const HEALTHS: readonly Health[] = ['Poor', 'Fair', 'Good'];

/** Vendor health groups, Poor first, from counts. */
export const groupsOf = (counts: HealthCounts): HealthGroups => ({
  groups: HEALTHS.map((name) => ({ name, value: counts[name] })),
});

/** Counts back from vendor health groups (a missing group counts 0). */
export function countsOf(health: Json | undefined): HealthCounts {
  const counts: HealthCounts = { Poor: 0, Fair: 0, Good: 0 };
  const groups = (health as HealthGroups | undefined)?.groups ?? [];
  for (const g of groups) if (HEALTHS.includes(g.name)) counts[g.name] = Number(g.value) || 0;
  return counts;
}

export const sumCounts = (...all: HealthCounts[]): HealthCounts => ({
  Poor: all.reduce((n, c) => n + c.Poor, 0),
  Fair: all.reduce((n, c) => n + c.Fair, 0),
  Good: all.reduce((n, c) => n + c.Good, 0),
});

/** Site health as a percentage split of its devices and clients together (sums to 100). */
export function overallHealth(devices: HealthCounts, clients: HealthCounts): HealthGroups {
  const all = sumCounts(devices, clients);
  const total = all.Poor + all.Fair + all.Good;
  const pct = (h: Health): number => (total === 0 ? 0 : Math.round((100 * all[h]) / total));
  const poor = pct('Poor');
  const fair = pct('Fair');
  return groupsOf({ Poor: poor, Fair: fair, Good: total === 0 ? 100 : 100 - poor - fair });
}

/** The reasons a site is not all Good, in the vendor's order (devices first, Poor first). */
export function healthReasons(devices: HealthCounts, clients: HealthCounts): Item[] {
  const out: Item[] = [];
  const add = (reason: string, health: Health, count: number): void => {
    if (count > 0) out.push({ reason, health, data: { count } });
  };
  add('DEVICE_HEALTH_POOR', 'Poor', devices.Poor);
  add('DEVICE_HEALTH_FAIR', 'Fair', devices.Fair);
  add('CLIENT_HEALTH_POOR', 'Poor', clients.Poor);
  add('CLIENT_HEALTH_FAIR', 'Fair', clients.Fair);
  return out;
}

/** The `deviceTypes` entry names, by device type. */
export const DEVICE_TYPE_GROUP = {
  AP: 'Access Points',
  SWITCH: 'Switches',
  GATEWAY: 'Gateways',
} as const;

function bump(typesList: Json | undefined, group: string, health: Health): HealthCounts[] {
  const entries = Array.isArray(typesList) ? (typesList as Item[]) : [];
  const entry = entries.find((e) => e.name === group);
  if (entry) {
    const counts = countsOf(entry.health);
    counts[health] += 1;
    entry.health = groupsOf(counts);
  }
  return entries.map((e) => countsOf(e.health));
}

/**
 * Counts one more device of `group` with `health` in the aggregates of site `siteId`: the
 * site-health detail, the sites-health and sites-device-health lists and the config site's
 * `deviceCount`. Works on copies the caller owns (`edit` returns a mutable copy of a file).
 */
export function countDeviceInSite(
  edit: (file: string) => Json | undefined,
  siteId: string,
  group: string,
  health: Health,
): void {
  const detail = (edit('site-health.json') as Record<string, Item> | undefined)?.[siteId];
  if (detail) {
    const devices = sumCounts(...bump(detail.deviceTypes, group, health));
    const clients = sumCounts(
      ...((detail.clientTypes as Item[] | undefined) ?? []).map((c) => countsOf(c.health)),
    );
    detail.health = overallHealth(devices, clients);
    detail.reasons = healthReasons(devices, clients);
  }
  const byId = (file: string): Item | undefined =>
    ((edit(file) as Item[] | undefined) ?? []).find((s) => s.id === siteId);
  const typed = byId('sites-device-health.json');
  if (typed) bump(typed.deviceTypes, group, health);
  const summary = byId('sites-health.json');
  if (summary) {
    const devicesPart = summary.devices as Item;
    const devices = countsOf(devicesPart.health);
    devices[health] += 1;
    devicesPart.count = Number(devicesPart.count) + 1;
    devicesPart.health = groupsOf(devices);
    const clients = countsOf((summary.clients as Item | undefined)?.health);
    summary.health = overallHealth(devices, clients);
    summary.reasons = healthReasons(devices, clients);
  }
  const site = byId('scope-sites.json');
  if (site && site.deviceCount !== undefined)
    site.deviceCount = String(Number(site.deviceCount) + 1);
}
