import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../trajectory/types.js';
import { sampleReport } from '../../../test/helpers/report/test-report.js';
import { reportSchemaErrors } from '../../report/validate-report.js';
import { discoverability } from './discoverability.js';
import { rankTools } from './rank-tools.js';
import { summarizeDiscoverability } from './summarize.js';
import { parameterNames, sStem, terms, tokenize } from './tool-terms.js';

const tool = (name: string, description: string, params: string[] = []): ToolDefinition => ({
  name,
  description,
  inputSchema: {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p, { type: 'string' }])),
  },
});

const MENU: ToolDefinition[] = [
  tool('list_clients', 'List wireless and wired clients at a site.', ['site_id', 'mac']),
  tool('get_client_events', 'Events of one client: association, authentication, DHCP.', ['mac']),
  tool('list_wlans', 'WLANs broadcast at a site with their security and VLAN.', ['site']),
  tool('update_wlan', 'Change an SSID: enable or disable it, VLAN, security.', ['wlanName']),
  tool('reboot_device', 'Reboot an access point or switch by serial number.', ['serial']),
];

describe('term pipeline', () => {
  it.each([
    ['central_get_clients', ['central', 'get', 'clients']],
    ['getSiteHealth', ['get', 'site', 'health']],
    ['HTTPServerError v1alpha1', ['http', 'server', 'error', 'v1alpha1']],
    ['MAC-registration, 3c:a6', ['mac', 'registration', '3c', 'a6']],
    ['ABCdEFgh aBCd AAbb', ['ab', 'cd', 'e', 'fgh', 'a', 'b', 'cd', 'a', 'abb']],
    ['IDsAndURLs ÄÖüBig', ['i', 'ds', 'and', 'ur', 'ls', 'äöübig']],
    ['A'.repeat(5) + 'b', ['aaaa', 'ab']],
  ])('tokenize(%s)', (text, expected) => {
    expect(tokenize(text)).toEqual(expected);
  });

  it.each([
    ['clients', 'client'],
    ['policies', 'policy'],
    ['statuses', 'statuse'],
    ['address', 'address'],
    ['status', 'status'],
    ['shoes', 'shoe'],
    ['is', 'is'],
    ['wlan', 'wlan'],
  ])('sStem(%s) = %s', (term, expected) => {
    expect(sStem(term)).toBe(expected);
  });

  it('drops stop words and folds plurals the same way for tools and intents', () => {
    expect(terms('Show me the clients of the site')).toEqual(['client', 'site']);
  });

  it('collects nested parameter names, array items and unions', () => {
    expect(
      parameterNames({
        type: 'object',
        properties: {
          filter: { type: 'object', properties: { siteId: {}, serial: {} } },
          macs: { type: 'array', items: { anyOf: [{ properties: { mac: {} } }] } },
        },
      }),
    ).toEqual(['filter', 'siteId', 'serial', 'macs', 'mac']);
  });
});

describe('rankTools (BM25 through MiniSearch)', () => {
  it('puts the tool that shares the rarest terms first', () => {
    const ranked = rankTools(MENU, 'Which clients failed authentication? Show their events.');
    expect(ranked[0]?.name).toBe('get_client_events');
    expect(ranked.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
  });

  it('matches on parameter names too', () => {
    expect(rankTools(MENU, 'the serial is CN12345')[0]?.name).toBe('reboot_device');
  });

  it('ranks tools with no shared term last, by name, with score 0', () => {
    const ranked = rankTools(MENU, 'reboot');
    expect(ranked.map((r) => r.name)).toEqual([
      'reboot_device',
      'get_client_events',
      'list_clients',
      'list_wlans',
      'update_wlan',
    ]);
    expect(ranked.slice(1).every((r) => r.score === 0)).toBe(true);
  });

  it('is deterministic and independent of menu order', () => {
    const q = 'disable the Guest SSID VLAN';
    const a = rankTools(MENU, q);
    const b = rankTools([...MENU].reverse(), q);
    expect(b).toEqual(a);
    expect(a[0]?.name).toBe('update_wlan');
  });
});

describe('discoverability', () => {
  it('reports recall@1/3/5 and MRR of the expected tools', () => {
    const d = discoverability(MENU, 'Which clients failed authentication? Show their events.', [
      'get_client_events',
      'reboot_device',
    ]);
    expect(d.expected).toEqual([
      { tool: 'get_client_events', rank: 1, via_router: false },
      // No shared term: it ties at score 0 with list_wlans and update_wlan, broken by name.
      { tool: 'reboot_device', rank: 4, via_router: false },
    ]);
    expect(d).toMatchObject({
      recall_at_1: 0.5,
      recall_at_3: 0.5,
      recall_at_5: 1,
      mrr: 0.625,
      menu_size: 5,
    });
  });

  it('counts a tool the server does not list as never found', () => {
    const d = discoverability(MENU, 'reboot', ['reboot_device', 'factory_reset']);
    expect(d.expected[1]).toEqual({ tool: 'factory_reset', rank: null, via_router: false });
    expect(d.recall_at_5).toBe(0.5);
    expect(d.mrr).toBe(0.5);
  });

  it('puts an unlisted tool at the router tool’s rank when the server routes', () => {
    const router = [
      tool('central_find_tools', 'Search the catalog of Central tools.', ['query']),
      tool('central_invoke_tool', 'Invoke a Central tool by name with params.', ['name']),
    ];
    const d = discoverability(
      router,
      'reboot the access point',
      ['reboot_device'],
      'central_invoke_tool',
    );
    expect(d.expected).toEqual([{ tool: 'reboot_device', rank: 2, via_router: true }]);
    expect(d.recall_at_1).toBe(0);
    expect(d.recall_at_3).toBe(1);
  });

  it('summarizes means over scenarios, null for none', () => {
    const a = discoverability(MENU, 'reboot', ['reboot_device']);
    const b = discoverability(MENU, 'reboot', ['list_wlans']);
    expect(summarizeDiscoverability([a, b])).toEqual({
      scenarios: 2,
      recall_at_1: 0.5,
      recall_at_3: 0.5,
      recall_at_5: 1,
      mrr: 0.625,
    });
    expect(summarizeDiscoverability([])).toBeNull();
  });

  it('fits the report schema at both levels', () => {
    const report = sampleReport();
    const d = discoverability(MENU, 'reboot', ['reboot_device']);
    const result = report.scenarios[0]?.results[0];
    if (!result || !report.servers[0]) throw new Error('sample report changed');
    result.discoverability = d;
    report.servers[0].discoverability = {
      ...summarizeDiscoverability([d])!,
      menu_tokens: 600,
      menu_text_hash: `sha256:${'0'.repeat(64)}`,
    };
    expect(reportSchemaErrors(report)).toEqual([]);
    result.discoverability = { ...d, recall_at_5: 2 };
    expect(reportSchemaErrors(report).join('\n')).toContain('recall_at_5');
  });
});
