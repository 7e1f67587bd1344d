// needs: processes
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDashboard } from '../../src/publish/render-dashboard.js';
import { renderResultsPage } from '../../src/publish/render-page.js';
import { goldenReport, modelOf } from '../helpers/publish/helpers.js';
import { richReport } from '../helpers/publish/rich-report.js';
import { markdownTables } from '../helpers/publish/tables.js';

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
// The golden report, and the same with every optional section and the 0.2.0 page's figures;
// and the newest committed results page (a real head-to-head: long causes, evidence, 64 scenarios).
const cases = { golden: goldenReport(), rich: richReport() };
const committed = latestCommittedDashboard();
/** The dashboard the index lists first (docs/benchmark-results.md), with its markdown page. */
function latestCommittedDashboard(): {
  html: string;
  md: string;
  title: string;
  servers: number;
} | null {
  const index = readFileSync('docs/benchmark-results.md', 'utf8');
  const md = /^\| \[[^\]]*\]\(([^)]+\.md)\) \(\[dashboard\]\(([^)]+\.html)\)\)/m.exec(index);
  if (!md?.[1] || !md[2]) return null;
  const html = resolve('docs', md[2]);
  const title = /<title>([^<]*)<\/title>/.exec(readFileSync(html, 'utf8'))?.[1] ?? '';
  // One scatter mark per server entry of the report beside the page (a dual-era server's other
  // era is an entry of its own).
  const report = JSON.parse(
    gunzipSync(readFileSync(resolve('docs', md[1].replace(/\.md$/, '.report.json.gz')))).toString(),
  ) as { servers: unknown[] };
  return {
    html,
    md: readFileSync(resolve('docs', md[1]), 'utf8'),
    title,
    servers: report.servers.length,
  };
}
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
  const files: Record<string, { html: string; md: string; title: string }> = {};
  beforeAll(async () => {
    if (!executablePath) throw new Error('REQUIRE_CHROMIUM=1 but no Chromium was found on PATH');
    mkdirSync(out, { recursive: true });
    for (const [name, report] of Object.entries(cases)) {
      const model = modelOf(report);
      const html = join(out, `${name}.html`);
      writeFileSync(html, renderDashboard(model));
      files[name] = {
        html,
        md: renderResultsPage(model),
        title: 'hpe-mcp-bench head-to-head results 0.1.0',
      };
    }
    // Planted regressions the layout checks must fail on (each was seen to): PLANT_OVERFLOW=text
    // adds a line that does not wrap, hidden from the page's own scroll width (the main-column
    // check catches it); =stack drops the phone's card layout (the scoreboard then scrolls).
    const plant = process.env.PLANT_OVERFLOW;
    for (const f of plant ? Object.values(files) : []) {
      const html = readFileSync(f.html, 'utf8');
      writeFileSync(
        f.html,
        plant === 'stack'
          ? html
              .replace('table.stack thead{display:none}', 'table.stack thead{}')
              .replace(/table\.stack,table\.stack tbody[^}]*\}/, '')
          : html.replace(
              '</body>',
              `<p style="overflow:visible"><code style="white-space:pre">${'x'.repeat(700)}</code></p><style>html,body{overflow-x:hidden}</style></body>`,
            ),
      );
    }
    if (committed) files.committed = committed;
    browser = await chromium.launch({ executablePath, headless: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  describe.each([...Object.keys(cases), ...(committed ? ['committed'] : [])])(
    'the %s report',
    (name) => {
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
          // Everything collapsed opened: the layout must hold with provenance and lists open too.
          await page
            .locator('details')
            .evaluateAll((all) => all.forEach((d) => d.setAttribute('open', '')));
          expect(await page.title()).toBe(file.title);

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
          // Under the scripted policy no chart ranks on calls per task (the plans decide them).
          const newer = name !== 'golden';
          expect(charts.map((c) => c.label)).toEqual([
            'Tokens per scenario run (mean) against scenarios passed safely of those covered, per server, with its coverage',
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
          // No chart without its labels: a caption, an axis title and labelled marks or ticks; the
          // scatter's marks carry their server's coverage.
          const unlabelled = await page.locator('figure:visible').evaluateAll((figures) =>
            figures.flatMap((f) => {
              const svg = [...f.querySelectorAll('svg')].find(
                (x) => x.getBoundingClientRect().width > 0,
              );
              const texts = svg
                ? [...svg.querySelectorAll('text')].map((t) => t.textContent ?? '')
                : [];
              const ok =
                (f.querySelector('figcaption')?.textContent ?? '').trim() !== '' &&
                svg?.querySelector('text.axis-title') !== null &&
                texts.filter((t) => t.trim() !== '').length >= 3;
              return ok ? [] : [svg?.getAttribute('aria-label') ?? 'a figure without a drawing'];
            }),
          );
          expect(unlabelled).toEqual([]);
          const scatterLabels = await page
            .locator('svg[aria-label^="Tokens per scenario run"]:visible text:not(.axis-title)')
            .allTextContents();
          // Coverage on the marks where it differs (the real page); said once when all cover all.
          if (name === 'committed')
            expect(scatterLabels.filter((t) => / \d+\/\d+$/.test(t)).length).toBe(
              committed?.servers,
            );
          else
            expect(await page.locator('figcaption').first().textContent()).toContain(
              '(every server covers all 4)',
            );
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
          // The main column never overflows: no element outside a scroll box reaches past the
          // screen, and on a phone the answer tables (stacked cards) need no sideways scrolling.
          const overflow = await page.locator('body').evaluate((body) => {
            const width = body.ownerDocument.documentElement.clientWidth;
            const wide = [...body.querySelectorAll('*')].filter((n) => {
              if (n.closest('.scroll, pre, svg')) return false;
              const box = n.getBoundingClientRect();
              return box.width > 0 && box.right > width + 0.5;
            });
            const stacked = [...body.querySelectorAll('.scroll')].filter(
              (d) => d.querySelector('table.stack') && d.scrollWidth > d.clientWidth + 1,
            );
            return {
              wide: wide
                .slice(0, 3)
                .map((n) => `${n.tagName.toLowerCase()}: ${(n.textContent ?? '').slice(0, 60)}`),
              stacked: stacked.map((d) => (d.textContent ?? '').slice(0, 60)),
            };
          });
          expect(overflow.wide).toEqual([]);
          if (width < 640) expect(overflow.stacked).toEqual([]);
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
    },
  );
});
