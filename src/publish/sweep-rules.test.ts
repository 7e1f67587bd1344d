import { describe, expect, it } from 'vitest';
import { modelOf } from '../../test/helpers/publish/helpers.js';
import { sampleReport } from '../../test/helpers/report/test-report.js';
import type { SweepToolResult } from '../report/sweep-types.js';
import { sweptTool } from '../../test/helpers/sweep/tool-result.js';
import type { Report } from '../report/types.js';
import { formatScenarioError } from '../scenarios/types.js';
import { parseClassification } from './classification.js';
import { renderResultsPage } from './render-page.js';
import { classifySweeps, unclassifiedSweepTools } from './sweep-rules.js';

const entry = (
  tool: string,
  outcome: SweepToolResult['outcome'],
  extra: Partial<SweepToolResult> = {},
): SweepToolResult => sweptTool({ tool, outcome, ...extra });

/** The sample report with karthik (pinned at 4a947a4) swept: one tool of each kind of cause. */
function sweptReport(): Report {
  const report = sampleReport();
  const tools = [
    entry('list_clients', 'ok'),
    entry('get_wlan', 'no-data', {
      calls: [
        { method: 'GET', path: '/network-config/v1/wlan-ssids/{id}', query: [], status: 200 },
      ],
    }),
    entry('get_site_stats', 'error', { error: 'Output validation error: site_name is required' }),
    entry('get_alert', 'not-called', { arguments: null, missing: ['alert_key'] }),
    entry('set_wlan', 'not-called', { arguments: null, reason: 'may write' }),
    entry('list_catalog', 'no-data'),
  ];
  report.servers[1]!.sweep = {
    mode: 'read',
    fixtures: ['site-a'],
    menu: tools.map((t) => t.tool).sort(),
    menu_changed: null,
    failure: null,
    tools,
    counts: {},
  };
  return report;
}

const RULES = [
  'classifications: []',
  'sweep:',
  '  - server: karthik',
  '    status: error',
  '    tools: [get_site_stats]',
  '    class: server-bug',
  '    cause: Its output schema requires site_name.',
  '    evidence: [tools/sites.py:10-12@4a947a4]',
  '  - status: no-data',
  '    calls: none',
  '    tool_pattern: ^list_',
  '    class: not-applicable',
  '    cause: Lists the server’s own catalog.',
  '  - status: not called (may write)',
  '    class: by-design',
  '    cause: "write tool: not swept by design"',
  '  - status: not called (arguments)',
  '    class: harness-gap',
  '    cause: "needs an argument the sweep cannot infer"',
  '  - status: no-data',
  '    path_pattern: ^GET /network-config/',
  '    class: fake-gap',
  '    cause: The fake has no data for this family.',
];

const parse = (lines: readonly string[], report = sweptReport()) =>
  parseClassification('classes.yml', lines.join('\n'), report);

describe('the classification file’s sweep rules', () => {
  it('classify each non-ok tool by its first matching rule, with the report’s detail', () => {
    const { sweep, errors } = parse(RULES);
    expect(errors).toEqual([]);
    const [karthik] = classifySweeps(sweptReport(), sweep);
    expect(karthik?.tools.map((t) => [t.tool, t.rule?.class ?? null, t.detail])).toEqual([
      ['get_wlan', 'fake-gap', 'GET /network-config/v1/wlan-ssids/{id}'],
      ['get_site_stats', 'server-bug', 'Output validation error: site_name is required'],
      ['get_alert', 'harness-gap', 'alert_key'],
      ['set_wlan', 'by-design', ''],
      ['list_catalog', 'not-applicable', 'no API call'],
    ]);
    expect(unclassifiedSweepTools(sweptReport(), sweep)).toEqual([]);
  });

  it('name every non-ok tool no rule matches (the check publish refuses a page on)', () => {
    // Planted: the fake-gap rule removed, get_wlan has no class.
    const { sweep } = parse(RULES.slice(0, -4));
    expect(unclassifiedSweepTools(sweptReport(), sweep)).toEqual(['karthik: get_wlan (no-data)']);
  });

  it('render counts per class per server and each cause with its tools on the page', () => {
    const report = sweptReport();
    const page = renderResultsPage(modelOf(report, { sweepRules: parse(RULES).sweep }));
    const surface = page.slice(page.indexOf('## Tool surface'), page.indexOf('## What ran'));
    expect(surface).toMatch(/\| class +\| karthik \|/);
    expect(surface).toMatch(/\| server-bug +\| +1 \|/);
    expect(surface).toContain('<summary>karthik: the 5 tools not ok, by cause</summary>');
    expect(surface).toContain(
      '- **harness-gap**: needs an argument the sweep cannot infer (1 tool, not called (arguments)) — alert_key: `get_alert`',
    );
    expect(surface).toMatch(
      /\*\*server-bug\*\*: Its output schema requires site_name\. \[`sites\.py:10-12@4a947a4`\]/,
    );
    expect(surface).not.toContain('unclassified');
    // A tool without a rule shows as unclassified rather than disappearing.
    const planted = renderResultsPage(
      modelOf(report, { sweepRules: parse(RULES.slice(0, -4)).sweep }),
    );
    expect(planted).toMatch(/\| unclassified +\| +1 \|/);
  });

  it.each([
    [
      'a pattern RE2 cannot run, with its position and the fix',
      [
        'classifications: []',
        'sweep:',
        '  - status: error',
        '    tool_pattern: (?=get)',
        '    class: harness-gap',
        '    cause: x',
      ],
      /^classes\.yml:4:19: \/sweep\/0\/tool_pattern: tool_pattern "\(\?=get\)" is not a regular expression the harness can run: .*\(a JavaScript regular expression without lookaround or backreferences \(RE2\), e\.g\. \^glp_\)$/,
    ],
    [
      'a status the page never shows, with the choices',
      [
        'classifications: []',
        'sweep:',
        '  - status: broken',
        '    class: harness-gap',
        '    cause: x',
      ],
      /^classes\.yml:3:13: \/sweep\/0\/status: must be one of empty, no-data, error, .*got a string \("broken"\)/,
    ],
    [
      'a server name close to the report’s',
      [
        'classifications: []',
        'sweep:',
        '  - status: error',
        '    server: karthk',
        '    class: harness-gap',
        '    cause: x',
      ],
      /^classes\.yml:4:13: \/sweep\/0\/server: server "karthk" is not in the report \(did you mean "karthik"\?/,
    ],
    [
      'a tool whose status in the report is another (a stale entry)',
      [
        'classifications: []',
        'sweep:',
        '  - server: karthik',
        '    status: empty',
        '    tools: [get_wlan]',
        '    class: harness-gap',
        '    cause: x',
      ],
      /^classes\.yml:5:13: \/sweep\/0\/tools\/0: get_wlan is no-data in the report's sweep, not empty \(move it to a rule of status "no-data" or delete it/,
    ],
    [
      'a tool not in the sweep',
      [
        'classifications: []',
        'sweep:',
        '  - server: karthik',
        '    status: error',
        '    tools: [get_wlann]',
        '    class: harness-gap',
        '    cause: x',
      ],
      /^classes\.yml:5:13: \/sweep\/0\/tools\/0: get_wlann is not in the sweep of karthik/,
    ],
    [
      'server code evidence at another commit',
      [
        'classifications: []',
        'sweep:',
        '  - server: karthik',
        '    status: error',
        '    class: server-bug',
        '    cause: x',
        '    evidence: [a.py:1@deadbeef]',
      ],
      /^classes\.yml:7:16: \/sweep\/0\/evidence\/0: a\.py:1@deadbeef cites deadbeef, not karthik's pinned commit 4a947a4387d7 \(cite the code at 4a947a43\)$/,
    ],
    [
      'a server bug without its server',
      [
        'classifications: []',
        'sweep:',
        '  - status: error',
        '    class: server-bug',
        '    cause: x',
        '    evidence: [a.py:1@4a947a4]',
      ],
      /^classes\.yml:3:5: \/sweep\/0\/server: missing required field "server"/,
    ],
  ])('refuse %s', (_, lines, message) => {
    const { errors, sweep } = parse(lines);
    expect(errors.map(formatScenarioError)[0]).toMatch(message);
    expect(sweep).toEqual([]);
  });

  it('leave out the rules of servers not in the report', () => {
    const { sweep, skipped, errors } = parse([
      'classifications: []',
      'sweep:',
      '  - status: error',
      '    server: secure-ssid',
      '    tools: [list_devices]',
      '    class: harness-gap',
      '    cause: x',
    ]);
    expect(errors).toEqual([]);
    expect(sweep).toEqual([]);
    expect(skipped).toEqual(['secure-ssid']);
  });
});
