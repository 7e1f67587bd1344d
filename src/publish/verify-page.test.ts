import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  PUBLISHED,
  publishedPath,
  publishedReport,
} from '../../test/helpers/report/published-report.js';
import { parseReport } from '../report/parse-report.js';
import { loadScenarios } from '../scenarios/load-scenarios.js';
import { verifyPage } from './verify-page.js';

const read = (file: string): string => readFileSync(publishedPath(file), 'utf8');
const page = read(PUBLISHED.page);
const dashboard = read(PUBLISHED.dashboard);

describe('verifyPage on the published 0.4.0 page and dashboard', () => {
  it('passes both against the report they were made from', () => {
    const report = publishedReport();
    expect(verifyPage(PUBLISHED.page, page, report)).toEqual([]);
    expect(verifyPage(PUBLISHED.dashboard, dashboard, report)).toEqual([]);
  });

  it('names the section and line of a latency cell edited on the page (timing is outside the digest)', () => {
    const report = publishedReport();
    const latency = report.overall[0]?.latency_ms?.mean;
    const shown = Math.round(latency ?? 0).toLocaleString('en-US');
    const lines = page.split('\n');
    const at = lines.findIndex((l) => l.startsWith('| secure-ssid') && l.includes(` ${shown} `));
    expect(at).toBeGreaterThan(0);
    const edited = [...lines];
    edited[at] = (lines[at] ?? '').replace(` ${shown} `, ` ${shown}1 `);
    const found = verifyPage(PUBLISHED.page, edited.join('\n'), report);
    expect(found).toEqual([
      {
        scope: `page ${PUBLISHED.page}`,
        server: null,
        figure: expect.stringMatching(/^## Scoreboard \(line \d+\)$/) as unknown,
        stored: edited[at],
        recomputed: lines[at],
      },
    ]);
  });

  it('names the figures digest of a page whose report is another (one figure edited)', () => {
    const report = publishedReport();
    const tokens = report.overall[0]?.tokens;
    if (tokens) tokens.mean += 1;
    // The page: the digest and the scoreboard row re-rendered with the edited mean.
    expect(verifyPage(PUBLISHED.page, page, report).map((m) => m.figure)).toEqual([
      'figures digest',
      expect.stringMatching(/^## Scoreboard \(line \d+\)$/),
    ]);
    // The dashboard: the digest only (its cells are the page's view).
    expect(verifyPage(PUBLISHED.dashboard, dashboard, report)).toEqual([
      expect.objectContaining({ figure: 'figures digest', scope: `page ${PUBLISHED.dashboard}` }),
    ]);
  });

  it('refuses a page published before pages carried a digest, saying so', () => {
    const found = verifyPage(
      'docs/benchmark-results-0.3.0.md',
      read('docs/benchmark-results-0.3.0.md'),
      publishedReport(),
    );
    expect(found[0]).toMatchObject({
      figure: 'figures digest',
      stored: '(none: published before pages carried one)',
    });
  });

  it('names a figure section missing from the page', () => {
    const cut = page.replace(/^### Suite nac \(7 scenarios\)$/m, '### Suite nac (gone)');
    const found = verifyPage(PUBLISHED.page, cut, publishedReport());
    expect(found).toEqual([
      expect.objectContaining({ figure: '### Suite nac (7 scenarios)', stored: '(missing)' }),
    ]);
  });
});

describe('verifyPage on the published 0.5.0 page (checked as its own harness version)', () => {
  const file = 'docs/benchmark-results-0.5.0-2026-12-04';
  const report = parseReport(
    JSON.parse(gunzipSync(readFileSync(publishedPath(`${file}.report.json.gz`))).toString('utf8')),
    file,
  );
  const text = read(`${file}.md`);
  let loaded: Promise<Parameters<typeof verifyPage>[3]> | undefined;
  const context = () => (loaded ??= contextOnce());
  async function contextOnce() {
    const root = publishedPath('.');
    const files = report.manifest.files.map((f) => join(root, f));
    const { scenarios } = await loadScenarios(files, { cwd: root });
    const scenarioInfo = Object.fromEntries(
      scenarios.map((s) => [s.id, { intent: s.intent, platform: s.platform }]),
    );
    return { scenarioInfo, harness: report.harness.version };
  }

  it('passes, its job table and ranking rendered again included', async () => {
    expect(verifyPage(file, text, report, await context())).toEqual([]);
  });

  it('names the job table when its cells stand under another server’s name', async () => {
    // What the first version of this page showed: the columns' names in one order, the cells
    // in another (nowireless4u's and karthik's names swapped here).
    const swapped = text.replace(
      /^(\| job +\| scenarios \| passes most safely +\| secure-ssid@2025-11-25 +\| )nowireless4u( +\| )karthik( +\|)$/m,
      '$1karthik     $2nowireless4u$3',
    );
    expect(swapped).not.toBe(text);
    const found = verifyPage(file, swapped, report, await context());
    expect(found.map((m) => m.figure)).toEqual(['## Which server for which job (line 3)']);
    // An older harness's page keeps its wording: the section is not rendered again for it.
    expect(verifyPage(file, swapped, report, { ...(await context()), harness: '0.0.0' })).toEqual(
      [],
    );
  });
});
