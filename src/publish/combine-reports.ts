import { BenchError } from '../common/errors.js';
import type { Report, SuiteReport } from '../report/types.js';

/** A report and the file it was read from (named in errors). */
export interface NamedReport {
  file: string;
  report: Report;
}

/** What must agree between reports for their servers to share one scoreboard, by name. */
function comparable(report: Report): Record<string, string> {
  const { runs, isolation, tokenizer, policy, faults } = report.settings;
  return {
    manifest: report.manifest.hash,
    fixtures: report.fixtures.map((f) => `${f.id}@${f.version}:${f.content_hash}`).join(', '),
    'harness version': report.harness.version,
    methodology: report.harness.methodology_version ?? 'not recorded',
    runs: String(runs),
    isolation,
    tokenizer,
    policy: JSON.stringify(policy),
    faults: JSON.stringify(faults),
  };
}

/** `harness version 0.1.0 ≠ 0.3.0; runs 5 ≠ 7`: what differs between two reports, or ''. */
function differences(a: Report, b: Report): string {
  const left = comparable(a);
  const right = comparable(b);
  return Object.keys(left)
    .filter((k) => left[k] !== right[k])
    .map((k) => `${k} ${right[k]} ≠ ${left[k]}`)
    .join('; ');
}

/**
 * One report from several (e.g. one per server, so a server that breaks does not cost the
 * others their run): servers, per-scenario results and suite rows are put side by side in the
 * order the files were given. The reports must have run the same manifest, fixtures and settings,
 * and a server may appear in only one of them; anything else is an error naming both files.
 * The suite and overall rows are each server's own (a server's row depends only on its results).
 */
export function combineReports(reports: readonly NamedReport[]): Report {
  const [first, ...rest] = reports;
  if (!first) throw new BenchError('usage', 'no report given', { hint: 'pass REPORT…' });
  if (rest.length === 0) return first.report;
  const owner = new Map<string, string>();
  for (const { file, report } of reports) {
    const differ = differences(first.report, report);
    if (differ !== '') {
      throw new BenchError(
        'usage',
        `${file} was run with another manifest, fixtures, harness version, methodology or settings than ${first.file}: ${differ}`,
        { hint: 'publish only reports of one head-to-head run (same scenarios, runs and policy)' },
      );
    }
    for (const server of report.servers) {
      const seen = owner.get(server.name);
      if (seen !== undefined) {
        throw new BenchError('usage', `server "${server.name}" is in both ${seen} and ${file}`, {
          hint: 'give each server’s report once',
        });
      }
      owner.set(server.name, file);
    }
  }
  const all = reports.map((r) => r.report);
  const scenarioIds = [...new Set(all.flatMap((r) => r.scenarios.map((s) => s.id)))];
  const scenarios = scenarioIds.map((id) => {
    const parts = all.flatMap((r) => r.scenarios.filter((s) => s.id === id));
    const [head] = parts;
    if (!head) throw new BenchError('internal', `scenario ${id} vanished`);
    return { ...head, results: parts.flatMap((p) => p.results) };
  });
  const suiteNames = [...new Set(all.flatMap((r) => r.suites.map((s) => s.suite)))];
  const suites: SuiteReport[] = suiteNames.map((suite) => {
    const parts = all.flatMap((r) => r.suites.filter((s) => s.suite === suite));
    return {
      suite,
      scenarios: Math.max(...parts.map((p) => p.scenarios)),
      results: parts.flatMap((p) => p.results),
    };
  });
  return {
    ...first.report,
    generated_at:
      all.map((r) => r.generated_at).sort()[all.length - 1] ?? first.report.generated_at,
    duration_ms: all.reduce((n, r) => n + r.duration_ms, 0),
    gating_eligible: all.every((r) => r.gating_eligible),
    servers: all.flatMap((r) => r.servers),
    caveats: [...new Set(all.flatMap((r) => r.caveats))],
    scenarios,
    suites,
    overall: all.flatMap((r) => r.overall),
  };
}
