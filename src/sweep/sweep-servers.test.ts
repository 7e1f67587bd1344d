// needs: processes
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBenchConfig } from '../config/load-bench-config.js';
import type { BenchConfig, StdioServerConfig } from '../config/types.js';
import { packageRoot } from '../common/package-root.js';
import type { ServerSweep } from '../report/sweep-types.js';
import { menuDifference, sweepServers } from './sweep-servers.js';
import { bundledArgs } from '../../test/helpers/bundled-servers.js';
import { sweepRequest } from '../../test/helpers/sweep/sweep-request.js';

const ROOT = packageRoot();
let config: BenchConfig;
let sweeps: Map<string, ServerSweep>;

const SUBJECTS = [
  'subject-hang',
  'subject-unrouted',
  'subject-write-in-read',
  'subject-huge-result',
];

beforeAll(async () => {
  config = await loadBenchConfig(`${ROOT}/hpe-mcp-bench.subjects.yml`);
  sweeps = await sweepServers(
    sweepRequest(
      SUBJECTS.map((name) => {
        // The huge-result subject has no entry of its own: the hang subject's, with its script.
        const hang = config.servers['subject-hang'] as StdioServerConfig;
        const huge = {
          ...hang,
          args: bundledArgs([
            '--import',
            'tsx',
            'test/mcp-servers/subject-huge-result.ts',
            '2000000',
          ]),
        };
        return {
          name,
          config: name === 'subject-huge-result' ? huge : config.servers[name]!,
          fixtures: ['fixtures/central/site-a'],
        };
      }),
    ),
  );
}, 120_000);

const entry = (server: string, tool: string) =>
  sweeps.get(server)?.tools.find((t) => t.tool === tool);

describe('sweepServers against real subject servers on a real fake', () => {
  it('cuts a hanging tool at its call timeout, and goes on with the next', () => {
    expect(entry('subject-hang', 'list_devices')).toMatchObject({
      outcome: 'timeout',
      error: expect.stringMatching(/^timeout after 5000ms/),
    });
    expect(sweeps.get('subject-hang')?.failure).toBeNull();
  });

  it('names a call the fake has no route for', () => {
    expect(entry('subject-unrouted', 'list_devices')).toMatchObject({
      outcome: 'route-miss',
      calls: expect.arrayContaining([
        expect.objectContaining({ path: '/network-monitoring/v1/device-radios', unrouted: true }),
      ]),
    });
  });

  it('calls a read tool that writes unsafe, and an honest one ok', () => {
    expect(entry('subject-write-in-read', 'list_wlans')?.outcome).toBe('unsafe');
    expect(entry('subject-write-in-read', 'list_devices')).toMatchObject({
      outcome: 'ok',
      arguments: {},
      served: expect.any(Number),
    });
    expect(entry('subject-write-in-read', 'list_devices')?.shown.length).toBeGreaterThan(10);
  });

  it('judges a huge result on its capped text, without failing the sweep', () => {
    const sweep = sweeps.get('subject-huge-result');
    expect(sweep?.failure).toBeNull();
    // 2 MB of one letter instead of the devices: over the 1 MiB cap, and none of them shown.
    expect(entry('subject-huge-result', 'list_devices')?.outcome).toBe('empty');
  });

  it('counts outcomes and keeps the menu sorted', () => {
    const sweep = sweeps.get('subject-write-in-read')!;
    expect(sweep.menu).toEqual([...sweep.menu].sort());
    const total = Object.values(sweep.counts).reduce((n, c) => n + c, 0);
    expect(total).toBe(sweep.tools.length);
  });
});

describe('menuDifference', () => {
  it('names the tools added and removed between two listings', () => {
    expect(menuDifference(['a', 'b'], ['b', 'c'])).toEqual({ added: ['c'], removed: ['a'] });
    expect(menuDifference(['a'], ['a'])).toBeNull();
  });
});
