import {
  countsOf,
  groupsOf,
  healthReasons,
  overallHealth,
  sumCounts,
  type HealthCounts,
} from '../seed/site-aggregates.js';
import { itemsOf } from '../state-checks/diff-state.js';
import type { Item, Json } from '../types.js';

// D20 (SPEC.md §13) set to "connected": the bundles count a failed client in its site's client
// health, as Poor (the generator gives every Failed client Poor health); the tenant
// client-health document describes connected clients. Taking the failed clients back out of
// Poor, per site and connection type, gives the other reading without regenerating anything.
// The tenant figures follow: tenant-client-health sums sites-client-health when asked.

/** Failed clients of the bundle per site, per connection type (`Wireless`, `Wired`). */
function failedBySite(clients: Json | undefined): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const client of itemsOf(clients) as Item[]) {
    if (client.status !== 'Failed' || typeof client.siteId !== 'string') continue;
    const type = typeof client.clientConnectionType === 'string' ? client.clientConnectionType : '';
    const site = out.get(client.siteId) ?? new Map<string, number>();
    site.set(type, (site.get(type) ?? 0) + 1);
    out.set(client.siteId, site);
  }
  return out;
}

/** Takes `failed` Poor clients out of each `clientTypes` entry; returns the site's new counts. */
function withoutFailed(clientTypes: Json | undefined, failed: Map<string, number>): HealthCounts {
  const entries = Array.isArray(clientTypes) ? (clientTypes as Item[]) : [];
  for (const entry of entries) {
    const counts = countsOf(entry.health);
    const name = typeof entry.name === 'string' ? entry.name : '';
    counts.Poor = Math.max(0, counts.Poor - (failed.get(name) ?? 0));
    entry.health = groupsOf(counts);
  }
  return sumCounts(...entries.map((e) => countsOf(e.health)));
}

/**
 * Counts only connected clients in the site aggregates: sites-client-health and site-health's
 * `clientTypes`, sites-health's `clients`, and each site's overall health split and reasons.
 * `clients` is the bundle's client list the aggregates were made from; `edit` returns a
 * mutable copy of a file (derivedFiles).
 */
export function countConnectedClientsOnly(
  edit: (file: string) => Json | undefined,
  clients: Json | undefined,
): void {
  for (const [siteId, failed] of failedBySite(clients)) {
    const total = [...failed.values()].reduce((n, k) => n + k, 0);
    const byId = (file: string): Item | undefined =>
      ((edit(file) as Item[] | undefined) ?? []).find((s) => s.id === siteId);
    const typed = byId('sites-client-health.json');
    if (typed) withoutFailed(typed.clientTypes, failed);
    const detail = (edit('site-health.json') as Record<string, Item> | undefined)?.[siteId];
    if (detail) {
      const connected = withoutFailed(detail.clientTypes, failed);
      const devices = sumCounts(
        ...((detail.deviceTypes as Item[] | undefined) ?? []).map((d) => countsOf(d.health)),
      );
      detail.health = overallHealth(devices, connected);
      detail.reasons = healthReasons(devices, connected);
    }
    const summary = byId('sites-health.json');
    const part = summary?.clients as Item | undefined;
    if (summary && part) {
      const connected = countsOf(part.health);
      connected.Poor = Math.max(0, connected.Poor - total);
      part.count = Math.max(0, Number(part.count) - total);
      part.health = groupsOf(connected);
      const devices = countsOf((summary.devices as Item | undefined)?.health);
      summary.health = overallHealth(devices, connected);
      summary.reasons = healthReasons(devices, connected);
    }
  }
}
