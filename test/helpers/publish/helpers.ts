import { readFileSync } from 'node:fs';
import type { Report } from '../../../src/report/types.js';
import type { PublishModel } from '../../../src/publish/model.js';

/**
 * The golden report: a real run (5 runs) of the reference server and three fault subjects over
 * test/subjects/scenarios (see fixtures/golden-bench.yml for how to regenerate it).
 */
export function goldenReport(): Report {
  return JSON.parse(
    readFileSync(new URL('./fixtures/golden-report.json', import.meta.url), 'utf8'),
  ) as Report;
}

/** A publish model around a report, with the compared servers' repositories as sources. */
export function modelOf(report: Report, over: Partial<PublishModel> = {}): PublishModel {
  return {
    report,
    version: report.harness.version,
    classifications: [],
    couldNotRun: [],
    sources: { karthik: { repo: 'KarthikSKumar98/central-mcp-server', version: '0.1.4.2' } },
    ...over,
  };
}
