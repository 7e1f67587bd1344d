import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Bytes of a bundle's files (a bundle is one flat directory of JSON documents). */
function bundleBytes(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    if (entry.isFile()) bytes += statSync(join(dir, entry.name)).size;
  return bytes;
}

/**
 * The order a server's bundles are swept in: smallest first (by bytes, then by name), so the
 * probes a server gets once (the 500 probe, the short-pages probe) are made on the bundle whose
 * collections are cheapest to read again. Deterministic for the same bundles, so a baseline and
 * a PR probe the same entries. A bundle that is not there sorts last (its sweep reports why).
 */
export function smallestFirst(fixtures: readonly string[], root: string): string[] {
  const size = (fixture: string): number => {
    try {
      return bundleBytes(resolve(root, fixture));
    } catch {
      return Number.POSITIVE_INFINITY;
    }
  };
  const sized = fixtures.map((fixture) => ({ fixture, bytes: size(fixture) }));
  sized.sort((a, b) =>
    a.bytes !== b.bytes
      ? a.bytes - b.bytes
      : a.fixture < b.fixture
        ? -1
        : a.fixture > b.fixture
          ? 1
          : 0,
  );
  return sized.map((s) => s.fixture);
}
