// needs: processes
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDashboard } from '../../src/publish/render-dashboard.js';
import { renderResultsPage } from '../../src/publish/render-page.js';
import { goldenReport, modelOf } from '../../src/publish/test-helpers.js';
import { richReport } from '../../src/publish/test-rich-report.js';
import { markdownTables } from '../../src/publish/test-tables.js';

/** The system Chromium (Debian `chromium`): CHROMIUM_PATH, or the first of the usual names on PATH. */
function findChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim() || undefined;
    } catch {
      // not on PATH; try the next name
    }
  }
  return undefined;
}

const executablePath = findChromium();
// .ci/run installs chromium and sets REQUIRE_CHROMIUM=1: there a missing browser is a failure.
const required = process.env.REQUIRE_CHROMIUM === '1';
if (!executablePath && !required) {
  console.warn(
    '\n!!! dashboard-chromium: SKIPPED — no Chromium found (apt-get install -y chromium, or set CHROMIUM_PATH). ' +
      'The dashboard was NOT checked in a browser. !!!\n',
  );
}

// The test's output directory: the CI uploads it (ci.yml, "Keep the dashboard screenshots").
const out = resolve('reports', 'dashboard-chromium');
// The golden report, and the same with every optional section and the 0.2.0 page's figures.
const cases = { golden: goldenReport(), rich: richReport() };
const widths = [1400, 390];

interface Overlap {
  chart: string;
  a: string;
  b: string;
}

/** Pairs of text labels whose boxes intersect, and labels outside their chart, per chart. */
async function labelProblems(page: Page): Promise<{ overlaps: Overlap[]; outside: string[] }> {
  return page.locator('svg[role="img"]:visible').evaluateAll((charts) => {
    const overlaps: { chart: string; a: string; b: string }[] = [];
    const outside: string[] = [];
    for (const chart of charts) {
      const name = chart.getAttribute('aria-label') ?? '';
      const frame = chart.getBoundingClientRect();
      const boxes = [...chart.querySelectorAll('text')].map((t) => ({
        text: t.textContent ?? '',
        box: t.getBoundingClientRect(),
      }));
      for (const { text, box } of boxes) {
        if (
          box.left < frame.left - 0.5 ||
          box.right > frame.right + 0.5 ||
          box.top < frame.top - 0.5 ||
          box.bottom > frame.bottom + 0.5
        ) {
          outside.push(`${name}: ${text}`);
        }
      }
      boxes.forEach((p, i) =>
        boxes.slice(i + 1).forEach((q) => {
          const w = Math.min(p.box.right, q.box.right) - Math.max(p.box.left, q.box.left);
          const h = Math.min(p.box.bottom, q.box.bottom) - Math.max(p.box.top, q.box.top);
          if (w > 0.5 && h > 0.5) overlaps.push({ chart: name, a: p.text, b: q.text });
        }),
      );
    }
    return { overlaps, outside };
  });
}

describe.skipIf(!executablePath && !required)('the HTML dashboard in headless Chromium', () => {
  let browser: Browser;
  const files: Record<string, { html: string; md: string }> = {};
  beforeAll(async () => {
    if (!executablePath) throw new Error('REQUIRE_CHROMIUM=1 but no Chromium was found on PATH');
    mkdirSync(out, { recursive: true });
    for (const [name, report] of Object.entries(cases)) {
      const model = modelOf(report);
      const html = join(out, `${name}.html`);
      writeFileSync(html, renderDashboard(model));
      files[name] = { html, md: renderResultsPage(model) };
    }
    browser = await chromium.launch({ executablePath, headless: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  describe.each(Object.keys(cases))('the %s report', (name) => {
    it.each(widths)(
      'at %i px: no console error, no request beyond the file, no overlapping label, nothing wider than the screen; a screenshot kept',
      async (width) => {
        const file = files[name];
        if (!file) throw new Error(`no file for ${name}`);
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        const problems: string[] = [];
        const requests: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error' || m.type() === 'warning')
            problems.push(`${m.type()}: ${m.text()}`);
        });
        page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
        page.on('request', (r) => requests.push(r.url()));
        const url = pathToFileURL(file.html).href;
        await page.goto(url, { waitUntil: 'load' });
        expect(await page.title()).toBe('hpe-mcp-bench head-to-head results 0.1.0');

        // Each chart is drawn wide and narrow; the stylesheet shows one of them.
        const charts = await page.locator('svg[role="img"]:visible').evaluateAll((nodes) =>
          nodes.map((n) => ({
            width: n.getBoundingClientRect().width,
            label: n.getAttribute('aria-label'),
            shapes: n.querySelectorAll('rect,circle').length,
            ticks: n.querySelectorAll('line.grid').length,
          })),
        );
        // The golden report predates planned-call outcomes and discoverability: no such chart.
        const newer = name === 'rich';
        expect(charts.map((c) => c.label)).toEqual([
          'Tokens per scenario run (mean) against task success, per server',
          'API calls per successful task',
          'Task success per suite and server',
          ...(newer ? ['Planned tool calls by outcome'] : []),
          'Menu tokens per server',
          ...(newer ? ['Discoverability per server'] : []),
        ]);
        for (const c of charts) {
          // The drawing that fits: the wide one at 1400 px, the narrow one on a phone.
          expect(c.width, String(c.label)).toBe(width >= 1000 ? 600 : 360);
          expect(c.shapes, String(c.label)).toBeGreaterThan(0);
          // Real axes: at least three labelled ticks each.
          expect(c.ticks, String(c.label)).toBeGreaterThanOrEqual(3);
        }
        const labels = await labelProblems(page);
        expect(labels.overlaps).toEqual([]);
        expect(labels.outside).toEqual([]);

        // Readable: the page never scrolls sideways (wide tables and charts scroll in their own
        // box), body text is at least 12 px and chart labels are drawn at their 12 px.
        const layout = await page.locator('html').evaluate((root) => {
          const view = root.ownerDocument.defaultView;
          return {
            scrollWidth: root.scrollWidth,
            innerWidth: view?.innerWidth ?? 0,
            smallest: Math.min(
              ...[...root.querySelectorAll('p, li, td, th')].map((n) =>
                parseFloat(view?.getComputedStyle(n).fontSize ?? '0'),
              ),
            ),
            // The labels of the drawings shown (the hidden drawing's labels have no box).
            chartText: Math.min(
              ...[...root.querySelectorAll('svg text')]
                .map((t) => t.getBoundingClientRect().height)
                .filter((h) => h > 0),
            ),
          };
        });
        expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
        expect(layout.smallest).toBeGreaterThanOrEqual(12);
        expect(layout.chartText).toBeGreaterThanOrEqual(12);

        // The dashboard's tables, as the browser lays them out, are the page's tables.
        const tables = await page
          .locator('table')
          .evaluateAll((nodes) =>
            nodes.map((t) =>
              [...t.querySelectorAll('tr')].map((r) =>
                [...r.querySelectorAll('th,td')].map((c) =>
                  (c as unknown as { innerText: string }).innerText
                    .replace(/\n/g, ' / ')
                    .replace(/\s+/g, ' ')
                    .trim(),
                ),
              ),
            ),
          );
        const norm = (t: string[][][]): string[][][] =>
          t.map((rows) => rows.map((r) => r.map((c) => c.replace(/\s+/g, ' ').trim())));
        expect(norm(tables)).toEqual(norm(markdownTables(file.md)));

        const shot = join(out, `${name}-${width}.png`);
        await page.screenshot({ path: shot, fullPage: true });
        await page.close();
        expect(problems).toEqual([]);
        expect(requests).toEqual([url]);
        expect(statSync(shot).size).toBeGreaterThan(10_000);
        expect(readFileSync(shot).subarray(1, 4).toString()).toBe('PNG');
      },
      60_000,
    );
  });
});
