import type { SweepToolResult } from '../../../src/report/sweep-types.js';

/** One swept tool's result for tests: an `ok` call on site-a that served nothing, then `over`. */
export const sweptTool = (over: Partial<SweepToolResult> = {}): SweepToolResult => ({
  tool: 't',
  fixture: 'site-a',
  outcome: 'ok',
  arguments: {},
  calls: [],
  digest: null,
  served: 0,
  shown: [],
  ...over,
});
