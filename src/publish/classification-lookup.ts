import type { Classification } from './classification.js';
import type { Report } from '../report/types.js';

const key = (server: string, scenario: string): string => `${server}\u0000${scenario}`;

/**
 * The classification of one scenario × server. A dual-era server's entry in its other era
 * (`NAME@2025-11-25`, report `servers[].era_of`) is the same code at the same commit: without an
 * entry of its own it takes NAME's, so a failure in both eras is classified once. A scenario that
 * fails only in the other era has no entry of NAME's to take and stays unclassified.
 */
export function classificationLookup(
  report: Report,
  classifications: readonly Classification[],
): (server: string, scenario: string) => Classification | undefined {
  const byKey = new Map(classifications.map((c) => [key(c.server, c.scenario), c]));
  const eraOf = new Map(
    report.servers.flatMap((s) => (s.era_of === undefined ? [] : [[s.name, s.era_of]])),
  );
  return (server, scenario) => {
    const own = byKey.get(key(server, scenario));
    if (own) return own;
    const base = eraOf.get(server);
    return base === undefined ? undefined : byKey.get(key(base, scenario));
  };
}
