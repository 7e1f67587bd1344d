import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/helpers/report/test-report.js';
import { evidenceSpan } from './evidence-link.js';
import { renderResultsPage } from './render-page.js';
import { firstSentence } from './suite-jobs.js';
import { modelOf } from '../../test/helpers/publish/helpers.js';

describe('which server for which job', () => {
  it('names per job the server that passes most scenarios safely, with coverage and tokens', () => {
    const page = renderResultsPage(
      modelOf(sampleReport(), {
        scenarioInfo: {
          'client-diagnosis-001': { intent: 'Why does jsmith fail? Look.', platform: 'central' },
          'nac-001': { intent: 'Is the camera registered.', platform: 'central' },
        },
      }),
    );
    const pick = page.slice(
      page.indexOf('## Which server for which job'),
      page.indexOf('## Ranking'),
    );
    // karthik passed client-diagnosis-001 by majority with an unsafe run: not a safe pass.
    expect(pick).toMatch(
      /\| Troubleshooting +\| +1 \| \*\*reference\*\* +\| 1\/1 safely · covers 1\/1 · [\d,]+ tokens\/pass +\| 0\/1 safely · covers 1\/1( · [\d,]+ tokens\/pass)? +\|/,
    );
    expect(pick).toMatch(
      /\| NAC +\| +1 \| \*\*reference\*\* +\| 1\/1 safely · covers 1\/1 · [\d,]+ tokens\/pass +\| covers 0\/1 +\|/,
    );
    expect(pick).not.toContain('Firmware');
    // Each failure shows what the scenario asks; absences sit in their own collapsed list.
    expect(page).toContain('`client-diagnosis-001`<br>Why does jsmith fail?');
    expect(page).toContain('- `nac-001` Is the camera registered.');
  });
});

describe('evidence', () => {
  it('is shortened, with the whole citation on hover and a link to the line at its commit', () => {
    expect(evidenceSpan('src/pkg/mcp_servers/nac.py:34-40@9c7df436ff3f', 'owner/repo')).toEqual({
      text: 'nac.py:34-40@9c7df43',
      code: true,
      title: 'src/pkg/mcp_servers/nac.py:34-40@9c7df436ff3f',
      href: 'https://github.com/owner/repo/blob/9c7df436ff3f/src/pkg/mcp_servers/nac.py#L34-L40',
    });
    // Never a link from text that is not a citation, or to a repository that is not owner/name.
    expect(evidenceSpan('see the docs](javascript:alert(1))', 'owner/repo').href).toBeUndefined();
    expect(evidenceSpan('a.py:1@abcdef0', 'x/y) [z](javascript:1').href).toBeUndefined();
  });

  it('cuts an intent at its first sentence', () => {
    expect(firstSentence('Which APs are down? List\n  each one.')).toBe('Which APs are down?');
    expect(firstSentence('No stop at all')).toBe('No stop at all');
    expect(firstSentence('Version 10.7.2.1 is out. Use it.')).toBe('Version 10.7.2.1 is out.');
  });
});

describe('the tool surface', () => {
  it('gives each swept server its tools ok and the others by status, the others collapsed', () => {
    const report = sampleReport();
    const entry = (tool: string, outcome: 'ok' | 'no-data' | 'not-called', extra = {}) => ({
      tool,
      fixture: 'site-a',
      outcome,
      arguments: null,
      calls: [],
      digest: null,
      served: 0,
      shown: [],
      ...extra,
    });
    report.servers[1]!.sweep = {
      mode: 'read',
      fixtures: ['site-a'],
      menu: ['get_wlan', 'list_clients', 'set_wlan'],
      menu_changed: null,
      failure: null,
      tools: [
        entry('list_clients', 'ok'),
        entry('get_wlan', 'no-data'),
        entry('set_wlan', 'not-called', { reason: 'may write' }),
      ],
      counts: { ok: 1, 'no-data': 1, 'not-called': 1 },
    };
    const page = renderResultsPage(modelOf(report));
    const surface = page.slice(
      page.indexOf('## Tool surface (the sweep)'),
      page.indexOf('## What ran'),
    );
    expect(surface).toMatch(
      /\| karthik +\| +3 \| +1\/3 \| 1 no-data, 1 not called \(may write\) +\|/,
    );
    expect(surface).not.toMatch(/\| reference /);
    expect(surface).toContain('<details><summary>karthik: the 2 tools not ok</summary>');
    expect(surface).toContain('- `get_wlan`: no-data');
  });
});

describe('hostile text in the new sections', () => {
  it('is escaped in the page and the dashboard: intents, server names, evidence', async () => {
    const { renderDashboard } = await import('./render-dashboard.js');
    const report = sampleReport();
    const evil = 'k<img src=x onerror=alert(1)>"';
    report.servers[1]!.name = evil;
    for (const s of report.scenarios)
      for (const r of s.results) if (r.server === 'karthik') r.server = evil;
    for (const o of [...report.overall, ...report.suites.flatMap((s) => s.results)])
      if (o.server === 'karthik') o.server = evil;
    const model = modelOf(report, {
      scenarioInfo: {
        'client-diagnosis-001': {
          intent: '<script>alert(1)</script> [x](javascript:alert(1)) | cell',
          platform: 'central',
        },
        'nac-001': { intent: '</summary></details><script>', platform: 'central' },
      },
      classifications: [
        {
          server: evil,
          scenario: 'client-diagnosis-001',
          class: 'server-bug',
          summary: 'x',
          evidence: ['a.py:1@abcdef0) [y](javascript:alert(1)', 'src/a.py:3@abcdef0'],
        },
      ],
      sources: { [evil]: { repo: 'o/r' } },
    });
    const page = renderResultsPage(model);
    const html = renderDashboard(model);
    for (const text of [page, html]) {
      expect(text).not.toContain('<script');
      expect(text).not.toContain('<img');
      expect(text).not.toContain('</summary></details><script');
    }
    // No link to javascript: outside code spans (escaped brackets make none either).
    expect(page.replace(/`[^`\n]*`/g, '')).not.toMatch(/(?<!\\)\]\(javascript:/);
    expect(html).not.toContain('javascript:alert(1)"');
    expect(html).not.toMatch(/data-label="[^"]*"[^>]*onerror/);
    // The one real citation links to its line; the other is shown as text.
    expect(page).toContain('[`a.py:3@abcdef0`](https://github.com/o/r/blob/abcdef0/src/a.py#L3)');
  });
});
