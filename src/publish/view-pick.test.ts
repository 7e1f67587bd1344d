import { describe, expect, it } from 'vitest';
import { sampleReport } from '../report/test-helpers.js';
import { evidenceSpan } from './evidence-link.js';
import { renderResultsPage } from './render-page.js';
import { firstSentence } from './suite-jobs.js';
import { modelOf } from './test-helpers.js';

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
