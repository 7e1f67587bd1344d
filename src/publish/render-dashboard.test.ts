import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/helpers/report/test-report.js';
import { renderDashboard } from './render-dashboard.js';
import { goldenReport, modelOf } from '../../test/helpers/publish/helpers.js';

describe('renderDashboard', () => {
  const html = renderDashboard(modelOf(goldenReport()));

  it('renders the golden report (snapshot)', async () => {
    await expect(html).toMatchFileSnapshot('./__snapshots__/dashboard.html');
  });

  it('is one self-contained file: no script, no external reference, a CSP that forbids loading', () => {
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
    expect(html).not.toMatch(/(src|href)=/i);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
  });

  it('draws the charts as inline SVG, each wide and narrow, with labelled axes', () => {
    for (const label of [
      'Task success per suite and server',
      'Tokens per scenario run (mean) against scenarios passed safely of those covered, per server, with its coverage',
      'Menu tokens per server',
    ]) {
      expect(html.split(`<svg role="img" aria-label="${label}"`)).toHaveLength(3);
    }
    // The golden report's tokens span 392 to 9,178 (23×): a log axis, said so, ticks labelled.
    const scatter = html.slice(html.indexOf('aria-label="Tokens per scenario run'));
    const svg = scatter.slice(0, scatter.indexOf('</svg>'));
    expect(svg).toContain('tokens per scenario run (mean) (log scale)');
    expect(svg).toContain('>100</text>');
    expect(svg).toContain('>1k</text>');
    expect(svg).toContain('>10k</text>');
  });

  it('hides what the plans decide under the scripted policy, and labels the calls', () => {
    // Tool selection is 1.00 by construction: no column, no chart ranks servers on the plans' calls.
    expect(html).not.toContain('<th class="num">tool selection');
    expect(html).toContain('<th class="num">calls / success ²</th>');
    expect(html).not.toContain('aria-label="API calls per successful task"');
    expect(html).toContain('<strong>Set by the plans, not the servers:</strong>');
    // Coverage on the scatter: said once when every server covers everything, else on each mark.
    expect(html).toContain(
      'Tokens vs scenarios passed safely (of those covered) (every server covers all 4)',
    );
    const partial = goldenReport();
    partial.scenarios[0]!.results[1]!.absent = true;
    expect(renderDashboard(modelOf(partial))).toMatch(
      /<text [^>]*>subject-leak-canary 3\/4<\/text>/,
    );
  });

  it('shows the server’s declared version apart from its serverInfo', () => {
    const model = modelOf(sampleReport());
    const out = renderDashboard(model);
    expect(out).toContain(
      '<th>declared version</th><th>serverInfo name</th><th>serverInfo version</th>',
    );
    expect(out).toMatch(
      /<td>karthik<\/td><td>KarthikSKumar98\/central-mcp-server<\/td><td>[^<]*(<code>[^<]*<\/code>[^<]*)?<\/td><td>0\.1\.4\.2<\/td><td>central-mcp<\/td><td>0\.1\.4 \(≠ declared\)<\/td>/,
    );
  });

  it('draws an absent figure as absent, not as a zero bar', () => {
    const sample = renderDashboard(modelOf(sampleReport()));
    // karthik listed no menu in the sample: its menu bar says absent.
    const menu = sample.slice(sample.indexOf('aria-label="Menu tokens per server"'));
    expect(menu.slice(0, menu.indexOf('</svg>'))).toMatch(
      />karthik<\/text><text [^>]*class="absent">absent</,
    );
    // and in the per-suite chart, its nac group has no bar.
    expect(sample).toContain('<title>karthik · nac: absent</title>');
  });

  it('escapes every text from the report', () => {
    const report = sampleReport();
    const evil = `"><script>alert('x')</script>`;
    const server = report.servers[1];
    if (!server?.info) throw new Error('sample changed');
    server.info.name = evil;
    report.caveats.push(evil);
    const finding = report.scenarios[0]?.results[1]?.runs[1]?.safety_findings[0];
    if (!finding) throw new Error('sample changed');
    finding.detail = evil;
    const out = renderDashboard(modelOf(report, { version: '1.0.0<b>' }));
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<b>');
    expect(out).toContain('&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;');
  });
});
