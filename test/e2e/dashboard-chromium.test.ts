import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDashboard } from '../../src/publish/render-dashboard.js';
import { goldenReport, modelOf } from '../../src/publish/test-helpers.js';

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

const out = resolve('reports');
const dashboard = join(out, 'dashboard.html');
const screenshot = join(out, 'dashboard.png');

describe.skipIf(!executablePath && !required)('the HTML dashboard in headless Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    if (!executablePath) throw new Error('REQUIRE_CHROMIUM=1 but no Chromium was found on PATH');
    mkdirSync(out, { recursive: true });
    writeFileSync(dashboard, renderDashboard(modelOf(goldenReport())));
    browser = await chromium.launch({ executablePath, headless: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('renders with no console error, no request beyond the file, and keeps a screenshot', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const problems: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('request', (r) => requests.push(r.url()));
    const url = pathToFileURL(dashboard).href;
    await page.goto(url, { waitUntil: 'load' });

    expect(await page.title()).toBe('hpe-mcp-bench head-to-head 0.0.0-test');
    const charts = await page.locator('svg[role="img"]').evaluateAll((nodes) =>
      nodes.map((n) => {
        const box = n.getBoundingClientRect();
        return {
          label: n.getAttribute('aria-label'),
          w: box.width,
          h: box.height,
          shapes: n.querySelectorAll('rect,circle').length,
        };
      }),
    );
    expect(charts).toHaveLength(4);
    for (const c of charts) {
      expect(c.w, String(c.label)).toBeGreaterThan(100);
      expect(c.h, String(c.label)).toBeGreaterThan(20);
      expect(c.shapes, String(c.label)).toBeGreaterThan(0);
    }
    // Every server of the report is in the scoreboard table.
    const rows = await page
      .locator('table')
      .nth(1)
      .locator('tbody tr td:first-child')
      .allTextContents();
    expect(rows).toEqual(['reference', 'subject-leak-canary', 'subject-flail', 'subject-crash']);
    await page.screenshot({ path: screenshot, fullPage: true });
    expect(problems).toEqual([]);
    expect(requests).toEqual([url]);
    expect(statSync(screenshot).size).toBeGreaterThan(10_000);
  }, 60_000);
});
