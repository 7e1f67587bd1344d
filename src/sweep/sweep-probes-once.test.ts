// needs: processes
/**
 * The short-pages probe is made once per tool per server (probe-pages.ts, ServerPageProbes): a
 * server swept on two bundles gets it on the first bundle whose plain call paged, not again.
 * Swept here on site-a twice (the TypeScript reference server, cheap to start): the first
 * sweep's paged tools carry the probe, the second's none, though the two run at once on two
 * slots (bundle-turns.ts: the second waits for the first's decision). Which bundle comes first
 * is sweep-order.test.ts's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../common/package-root.js';
import { defaultBenchConfig, REFERENCE_SERVER } from '../config/default-config.js';
import type { ServerSweep } from '../report/sweep-types.js';
import { sweepServers } from './sweep-servers.js';
import { sweepRequest } from '../../test/helpers/sweep/sweep-request.js';

const ROOT = packageRoot();
let sweep: ServerSweep;

beforeAll(async () => {
  const config = defaultBenchConfig(ROOT);
  const sweeps = await sweepServers(
    sweepRequest(
      [
        {
          name: REFERENCE_SERVER,
          config: config.servers[REFERENCE_SERVER]!,
          fixtures: ['fixtures/central/site-a', 'fixtures/central/site-a'],
        },
      ],
      { concurrency: 2 },
    ),
  );
  sweep = sweeps.get(REFERENCE_SERVER)!;
}, 120_000);

describe('the short-pages probe, once per tool per server', () => {
  it('is made on the first bundle only', () => {
    expect(sweep.failure).toBeNull();
    const probed = sweep.tools.filter((t) => t.pages !== undefined).map((t) => t.tool);
    // Some of the reference server's listings page on site-a (the probe ran) …
    expect(probed.length).toBeGreaterThan(3);
    // … and each was probed once, though both sweeps called it and it paged both times.
    expect(new Set(probed).size).toBe(probed.length);
    for (const tool of probed)
      expect(sweep.tools.filter((t) => t.tool === tool && t.outcome === 'ok')).toHaveLength(2);
  });
});
