import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../common/package-root.js';
import { toolStatus } from '../report/render-sweep.js';
import { SWEEP_OUTCOMES, type SweepToolResult } from '../report/sweep-types.js';
import { sweptTool } from '../../test/helpers/sweep/tool-result.js';
import { SWEEP_STATUSES } from './sweep-rules.js';

const entry = sweptTool;

/** One entry of each way a tool can end: every outcome, and each reason it was not called. */
const EVERY_KIND: SweepToolResult[] = [
  ...SWEEP_OUTCOMES.filter((o) => o !== 'not-called').map((outcome) => entry({ outcome })),
  entry({ outcome: 'not-called', arguments: null, missing: ['alert_key'] }),
  entry({ outcome: 'not-called', arguments: null, reason: 'may write' }),
  entry({ outcome: 'not-called', arguments: null, reason: 'skipped by the config' }),
];

describe('the sweep rules’ statuses', () => {
  it('hold every status the page can show a swept tool with, other than ok', () => {
    const shown = EVERY_KIND.map((e) => toolStatus([e])).filter((s) => s !== 'ok');
    // A new outcome of sweep-types.ts that the rules cannot name would leave its tools unclassifiable.
    expect([...shown].sort()).toEqual([...SWEEP_STATUSES].sort());
  });

  it('are the ones the classification schema accepts (the file docs/benchmark-classification.yml loads through)', () => {
    const path = join(packageRoot(), 'schemas', 'classification.schema.json');
    const schema = JSON.parse(readFileSync(path, 'utf8')) as {
      $defs: Record<string, { properties: { status: { enum: string[] } } } | undefined>;
    };
    const rule = schema.$defs.sweepRule;
    // Add the missing status to the enum of sweepRule.status in schemas/classification.schema.json.
    expect(rule?.properties.status.enum).toEqual([...SWEEP_STATUSES]);
  });
});
