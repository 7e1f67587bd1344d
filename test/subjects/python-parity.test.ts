// needs: processes
/**
 * The Python reference server against the TypeScript one, call by call on a real fake: the
 * same tool and arguments must give the same result text, structuredContent and error flag, and
 * the same requests in the fake's call log (method, path, query, status), with and without
 * injected faults. This is what "the same tools, arguments and result shapes" means in practice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeCentral,
  type CallRecord,
  type FakeCentral,
  type FaultPlan,
} from '../../fake-central/index.js';
import { PYTHON_REFERENCE, spawnStdio, TS_REFERENCE, type StdioServer } from './spawn-stdio.js';

type Case = [tool: string, args: Record<string, unknown>];

const SFO = '5563304806';
const JSMITH = 'a4:bb:6d:3e:19:c2';
const SITE_A_CASES: Case[] = [
  ['list_clients', { status: 'Failed' }],
  ['list_clients', { site_id: SFO, limit: 7 }],
  ['get_client', { mac: 'A4-BB-6D-3E-19-C2' }],
  ['get_client_events', { mac: JSMITH, site_id: SFO }],
  ['get_client_events', { mac: JSMITH, site_id: SFO, hours: 72, connection_type: 'Wireless' }],
  ['list_sites_health', {}],
  ['get_site_health', { site_id: SFO }],
  ['list_devices', {}],
  ['list_devices', { status: 'OFFLINE', device_type: 'ACCESS_POINT' }],
  ['get_ap', { serial: 'CNKK33ZD02' }],
  ['get_switch', { serial: 'SGDF2411V6' }],
  ['get_gateway', { serial: 'CNHNJ2A5YJ' }],
  ['list_wlans', { site_id: SFO }],
  ['get_wlan_config', { ssid: 'Guest' }],
  ['list_firmware', { upgrade_status: 'Upgrade Available' }],
  ['get_firmware_compliance', {}],
  ['list_config_health', { config_status: 'OUT_OF_SYNC' }],
  ['get_config_issues', { serial: 'SGDF2411V6' }],
  ['list_audits', { hours: 720 }],
  ['list_alerts', {}],
  ['list_alerts', { severity: 'Critical', site_id: SFO }],
  ['list_events', { context_type: 'SITE', context_id: SFO, site_id: SFO }],
  // Errors: an unknown serial (the API's 404) and a MAC the tool rejects before any call.
  ['get_ap', { serial: 'NO-SUCH-AP' }],
  ['get_client', { mac: 'not-a-mac' }],
];
const FAULTS: [name: string, plan: FaultPlan, Case][] = [
  [
    'rate limit (Retry-After honoured, then retried)',
    { faults: [{ kind: 'rate_limit', every: 2, retryAfter: 0 }] },
    ['get_client_events', { mac: JSMITH, site_id: SFO }],
  ],
  [
    'token expiry (one refresh, one retry)',
    { faults: [{ kind: 'token_expiry', afterCalls: 1 }] },
    ['get_client_events', { mac: JSMITH, site_id: SFO }],
  ],
  [
    'server error (a GET retried once)',
    { faults: [{ kind: 'server_error', first: 1, status: 503 }] },
    ['list_devices', {}],
  ],
  [
    'server errors that persist (an error result after one retry)',
    { faults: [{ kind: 'server_error', status: 502 }] },
    ['get_ap', { serial: 'CNKK33ZD02' }],
  ],
];

interface Observed {
  text: string;
  structured: unknown;
  isError: boolean;
  log: string[];
}

const logLine = (c: CallRecord): string =>
  `${c.kind} ${c.method} ${c.host}${c.path}?${JSON.stringify(c.query)} → ${c.status}${c.fault ? ` [${c.fault}]` : ''}`;

async function observe(
  fake: FakeCentral,
  server: StdioServer,
  [tool, args]: Case,
): Promise<Observed> {
  fake.reset();
  const result = await server.call(tool, args);
  return {
    text: result.content.map((c) => (c.type === 'text' ? c.text : JSON.stringify(c))).join('\n'),
    structured: result.structuredContent,
    isError: result.isError === true,
    log: fake.calls().map(logLine),
  };
}

describe.each([
  ['site-a', SITE_A_CASES],
  [
    'campus-b (many pages)',
    [
      ['list_clients', { limit: 2500 }],
      ['list_devices', {}],
      ['list_config_health', {}],
      ['list_alerts', { severity: 'Minor' }],
    ] as Case[],
  ],
] as const)('Python and TypeScript reference servers on %s', (bundleName, cases) => {
  let fake: FakeCentral;
  let ts: StdioServer;
  let py: StdioServer;

  beforeAll(async () => {
    fake = await startFakeCentral({ fixture: bundleName.split(' ')[0] ?? 'site-a' });
    [ts, py] = await Promise.all([
      spawnStdio(fake, TS_REFERENCE),
      spawnStdio(fake, PYTHON_REFERENCE),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([ts.close(), py.close()]);
    await fake.close();
  });

  it.each(cases)('%s %j: the same result and the same API calls', async (tool, args) => {
    const expected = await observe(fake, ts, [tool, args]);
    const actual = await observe(fake, py, [tool, args]);
    expect(actual).toEqual(expected);
    // Not vacuous: a result came back from the API, or an error naming the tool.
    if (expected.isError) expect(expected.text.startsWith(`${tool}: `)).toBe(true);
    else expect(expected.log.some((line) => line.startsWith('read GET'))).toBe(true);
  });
});

describe('Python and TypeScript reference servers under injected faults', () => {
  let fake: FakeCentral;
  let ts: StdioServer;
  let py: StdioServer;

  beforeAll(async () => {
    fake = await startFakeCentral({ fixture: 'site-a' });
    [ts, py] = await Promise.all([
      spawnStdio(fake, TS_REFERENCE),
      spawnStdio(fake, PYTHON_REFERENCE),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([ts.close(), py.close()]);
    await fake.close();
  });

  it.each(FAULTS)('%s', async (_name, plan, call) => {
    fake.setFaults(plan);
    try {
      const expected = await observe(fake, ts, call);
      const actual = await observe(fake, py, call);
      expect(actual).toEqual(expected);
      expect(expected.log.some((line) => / \[[a-z_+]+\]$/.test(line))).toBe(true);
    } finally {
      fake.setFaults(null);
    }
  });

  it('masks the Guest PSK canary and never echoes the client secret or a token', async () => {
    const result = await observe(fake, py, ['get_wlan_config', { ssid: 'Guest' }]);
    expect(result.text).toContain('"wpa-passphrase":"********"');
    for (const canary of fake.canaries()) expect(result.text).not.toContain(canary);
  });
});
