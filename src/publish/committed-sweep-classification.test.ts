import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../common/package-root.js';
import type { Report } from '../report/types.js';
import { formatScenarioError } from '../scenarios/types.js';
import { parseClassification } from './classification.js';
import { classifySweeps } from './sweep-rules.js';

const docs = join(packageRoot(), 'docs');
const file = join(docs, 'benchmark-classification.yml');

/** The newest published report (by its run date, the name's last part). */
function newestReport(): { name: string; report: Report } {
  const date = (n: string): string =>
    /(\d{4}-\d{2}-\d{2})(-\d+)?\.report\.json\.gz$/.exec(n)?.[0] ?? '';
  const [name] = readdirSync(docs)
    .filter((n) => /^benchmark-results-.*\.report\.json\.gz$/.test(n))
    .sort((a, b) => (date(a) < date(b) ? 1 : date(a) > date(b) ? -1 : 0));
  if (!name) throw new Error('no docs/benchmark-results-*.report.json.gz');
  const report = JSON.parse(gunzipSync(readFileSync(join(docs, name))).toString('utf8')) as Report;
  return { name, report };
}

describe('docs/benchmark-classification.yml against the newest published report', () => {
  it('classifies every swept tool that is not ok (publish refuses a page otherwise)', () => {
    const { name, report } = newestReport();
    const parsed = parseClassification(file, readFileSync(file, 'utf8'), report);
    expect(parsed.errors.map(formatScenarioError), name).toEqual([]);
    const loose = classifySweeps(report, parsed.sweep).flatMap(({ server, tools }) =>
      tools.filter((t) => t.rule === null).map((t) => `${server}: ${t.tool} (${t.status})`),
    );
    expect(loose, `${name}: add a sweep rule to ${file} for each`).toEqual([]);
  });
});
