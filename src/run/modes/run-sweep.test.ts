import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../../test/helpers/report/test-report.js';
import type { ServerSweep } from '../../report/sweep-types.js';
import { attachSweeps } from './run-sweep.js';

const sweep = (menu: string[]): ServerSweep => ({
  mode: 'read',
  fixtures: ['site-a'],
  menu,
  menu_changed: null,
  failure: null,
  tools: [],
  counts: {},
});

describe('attachSweeps', () => {
  it("reports a menu that changed between the scenario runs' listing and the sweep's", () => {
    const report = sampleReport();
    const server = report.servers[0]!;
    const runsMenu = server.menu?.tools ?? [];
    const attached = attachSweeps(
      report,
      new Map([[server.name, sweep([...runsMenu.slice(1), 'new_tool'].sort())]]),
    );
    expect(attached.servers[0]?.sweep?.menu_changed).toEqual({
      added: ['new_tool'],
      removed: runsMenu.slice(0, 1),
    });
    const same = attachSweeps(report, new Map([[server.name, sweep([...runsMenu].sort())]]));
    expect(same.servers[0]?.sweep?.menu_changed).toBeNull();
  });

  it('leaves a report without sweeps as it is', () => {
    const report = sampleReport();
    expect(attachSweeps(report, new Map())).toBe(report);
  });
});
