// needs: processes
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCentral, type FakeCentral } from '../../fake-central/start-fake-central.js';
import {
  baseEnv,
  ENTRY_ARGS,
  REPO_ROOT,
  spawnReference,
  type SpawnedServer,
} from './spawn-reference.js';

const TOOLS = {
  read: [
    'list_clients',
    'get_client',
    'get_client_events',
    'list_sites_health',
    'get_site_health',
    'list_devices',
    'get_ap',
    'get_switch',
    'get_gateway',
    'list_wlans',
    'get_wlan_config',
    'list_mac_registrations',
    'list_auth_servers',
    'list_auth_profiles',
    'list_authz_policies',
    'list_firmware',
    'get_firmware_compliance',
    'list_config_health',
    'get_config_issues',
    'list_audits',
    'list_alerts',
    'list_events',
    'list_glp_devices',
    'list_subscriptions',
  ],
  diagnostic: ['test_aaa', 'run_ping', 'run_traceroute', 'run_show_commands'],
  write: [
    'disconnect_client',
    'create_wlan',
    'update_wlan',
    'register_mac',
    'set_firmware_compliance',
    'resync_devices',
    'clear_alerts',
    'defer_alerts',
    'set_alert_priority',
  ],
  destructive: ['delete_wlan', 'delete_mac_registration', 'reboot_device'],
};
const PRODUCTION_HOSTS = [
  'sso.common.cloud.hpe.com',
  'us5.api.central.arubanetworks.com',
  'global.api.greenlake.hpe.com',
];
const SFO = '5563304806';
const JSMITH = 'a4:bb:6d:3e:19:c2';

interface Story {
  id: string;
  facts: Record<string, unknown>;
}

let fake: FakeCentral;
let stories: Map<string, Record<string, unknown>>;
/** Every server spawned, so the canary check covers all of their results and prompts. */
const spawned: SpawnedServer[] = [];

const apiCalls = () => fake.calls().filter((c) => c.kind !== 'auth');
const callLine = (c: { method: string; path: string }) => `${c.method} ${c.path}`;
const fact = (story: string, name: string): unknown => stories.get(story)?.[name];

async function spawn(env: Record<string, string>, elicit?: Parameters<typeof spawnReference>[1]) {
  const server = await spawnReference(env, elicit);
  spawned.push(server);
  return server;
}

/** Production URLs through the fake's intercepting proxy (what the benchmark runs). */
function proxiedEnv(extra: Record<string, string> = {}): Record<string, string> {
  return baseEnv(fake, {
    ...fake.serverEnv(),
    GREENLAKE_WORKSPACE_ID: fake.credentials.workspaceId,
    ...extra,
  });
}

async function issuedTokens(): Promise<string[]> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: fake.credentials.clientId,
    client_secret: fake.credentials.clientSecret,
  });
  const urls = [
    `${fake.url}/as/token.oauth2`,
    `${fake.url}/authorization/v2/oauth2/${fake.credentials.workspaceId}/token`,
  ];
  return Promise.all(
    urls.map(async (url) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      return ((await res.json()) as { access_token: string }).access_token;
    }),
  );
}

beforeAll(async () => {
  fake = await startFakeCentral({ fixture: 'site-a' });
  const manifest = JSON.parse(
    readFileSync(join(REPO_ROOT, 'fixtures/central/site-a/manifest.json'), 'utf8'),
  ) as { stories: Story[] };
  stories = new Map(manifest.stories.map((s) => [s.id, s.facts]));
});

afterAll(async () => {
  await Promise.all(spawned.map((s) => s.close()));
  await fake.close();
});

describe('reference server over stdio, production URLs through the proxy, writes disabled', () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await spawn(proxiedEnv());
  });

  it('lists every tool with truthful annotations and calls nothing at startup', async () => {
    const { tools } = await server.client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect([...byName.keys()].sort()).toEqual(Object.values(TOOLS).flat().sort());
    for (const [cls, names] of Object.entries(TOOLS)) {
      for (const name of names) {
        const a = byName.get(name)?.annotations;
        expect(a?.readOnlyHint, `${name} readOnlyHint`).toBe(
          cls === 'read' || cls === 'diagnostic',
        );
        expect(a?.destructiveHint, `${name} destructiveHint`).toBe(cls === 'destructive');
        expect(typeof a?.idempotentHint, `${name} idempotentHint`).toBe('boolean');
      }
    }
    expect(server.stderr()).toContain('hpe-reference-mcp: ready on stdio (writes disabled)');
    expect(fake.calls()).toEqual([]);
  });

  it('answers read tools with fixture values, calling exactly the endpoints it needs', async () => {
    fake.reset();
    const failed = await server.call('list_clients', { status: 'Failed' });
    expect(failed.structuredContent).toMatchObject({ total: 2 });
    expect(failed.text).toContain(JSMITH);
    expect(failed.text).toContain(String(fact('client-dhcp-fail', 'clientMac')));

    const events = await server.call('get_client_events', {
      mac: JSMITH.toUpperCase(),
      site_id: SFO,
    });
    expect(events.text).toContain(String(fact('client-8021x-fail', 'eventName')));
    expect(events.text).toContain('password expired');

    const offline = await server.call('list_devices', { status: 'OFFLINE' });
    expect(offline.structuredContent).toMatchObject({
      total: 1,
      devices: [
        { serialNumber: fact('ap-down', 'apSerial'), deviceName: fact('ap-down', 'apName') },
      ],
    });

    const sites = await server.call('list_sites_health');
    expect(sites.structuredContent).toMatchObject({ total: 2 });
    expect(sites.text).toContain('"siteName":"SFO-Branch"');

    const critical = await server.call('list_alerts', { severity: 'Critical' });
    expect(critical.structuredContent).toMatchObject({
      total: 1,
      alerts: [{ id: (fact('alerts-overview', 'activeCriticalIds') as string[])[0] }],
    });

    const drift = await server.call('list_config_health', { config_status: 'OUT_OF_SYNC' });
    expect(drift.text).toContain(String(fact('switch-out-of-sync', 'serial')));

    const firmware = await server.call('list_firmware', { upgrade_status: 'Upgrade Available' });
    const serials = (firmware.structuredContent?.devices as { serialNumber: string }[]).map(
      (d) => d.serialNumber,
    );
    expect(serials.sort()).toEqual(
      [...(fact('firmware-drift', 'nonCompliantSerials') as string[])].sort(),
    );

    const aaa = await server.call('test_aaa', {
      ap_serial: fact('client-8021x-fail', 'apSerial'),
      server_name: 'radius-primary',
      username: 'jsmith',
      password: 'Typed-Password-77',
    });
    expect(aaa.structuredContent).toMatchObject({
      status: 'COMPLETED',
      output: { authenticationStatus: fact('client-8021x-fail', 'aaaAuthenticationStatus') },
    });
    expect(aaa.text).not.toContain('Typed-Password-77');

    const show = await server.call('run_show_commands', {
      serial: 'SGDF2411V6',
      commands: ['show version'],
      device_type: 'CX',
    });
    expect(show.text).toContain('10.15.1010');

    const subs = await server.call('list_subscriptions');
    expect(subs.text).toContain(String(fact('glp-subscription-expiring', 'subscriptionKey')));

    const calls = fake.calls();
    expect(new Set(calls.map((c) => c.host))).toEqual(new Set(PRODUCTION_HOSTS));
    expect(calls.filter((c) => c.kind === 'escape')).toEqual([]);
    expect(calls.filter((c) => c.kind === 'auth').map(callLine)).toEqual([
      'POST /as/token.oauth2',
      `POST /authorization/v2/oauth2/${fake.credentials.workspaceId}/token`,
    ]);
    const api = apiCalls();
    expect(api.map((c) => c.status).every((s) => s === 200 || s === 202)).toBe(true);
    expect(
      api.map(callLine).map((l) => l.replace(/async-operations\/[^/]+$/, 'async-operations/ID')),
    ).toEqual([
      'GET /network-monitoring/v1/clients',
      `GET /network-monitoring/v1/clients/${JSMITH}`,
      'GET /network-troubleshooting/v1/events',
      'GET /network-monitoring/v1/devices',
      'GET /network-monitoring/v1/sites-health',
      'GET /network-notifications/v1/alerts',
      'GET /network-config/v1alpha1/config-health/devices',
      'GET /network-services/v1/firmware-details',
      'POST /network-troubleshooting/v1/aps/CNRL8VGAYF/aaa',
      'GET /network-troubleshooting/v1/aps/CNRL8VGAYF/aaa/async-operations/ID',
      'POST /network-troubleshooting/v1/cx/SGDF2411V6/showCommands',
      'GET /network-troubleshooting/v1/cx/SGDF2411V6/showCommands/async-operations/ID',
      'GET /subscriptions/v1/subscriptions',
    ]);
    // Largest page sizes, so a fleet costs as few calls as possible.
    expect(api[0]?.query.limit).toBe('1000');
    expect(api[5]?.query).toMatchObject({
      limit: '100',
      filter: "status eq 'Active' and severity eq 'Critical'",
    });
  });

  it('masks the PSK and the RADIUS shared secret', async () => {
    const guest = await server.call('get_wlan_config', { ssid: 'Guest' });
    expect(guest.structuredContent).toMatchObject({
      ssid: 'Guest',
      opmode: 'WPA2_PERSONAL',
      'personal-security': { 'wpa-passphrase': '********', 'passphrase-format': 'STRING' },
    });
    const servers = await server.call('list_auth_servers');
    expect(servers.text).toContain('"shared-secret-config":{"plaintext-value":"********"');
    expect(servers.text).toContain('10.10.0.50');
  });

  it('refuses every write while writes are disabled, without any API call', async () => {
    fake.reset();
    const attempts: [string, Record<string, unknown>][] = [
      ['update_wlan', { ssid: 'Guest', changes: { enable: false } }],
      ['delete_wlan', { ssid: 'Guest' }],
      ['reboot_device', { serial: 'CNKK33ZD02', device_type: 'ACCESS_POINT' }],
      ['register_mac', { mac: '00:11:22:33:44:55', name: 'x' }],
      ['clear_alerts', { keys: ['k'], reason: 'Other' }],
      ['resync_devices', { serials: ['SGDF2411V6'] }],
    ];
    for (const [name, args] of attempts) {
      const r = await server.call(name, args);
      expect(r.isError, name).toBe(true);
      expect(r.text).toContain('writes are disabled; set REFERENCE_ENABLE_WRITES=1');
    }
    expect(fake.calls()).toEqual([]);
  });
});

describe('writes enabled, with an elicitation-capable client', () => {
  let server: SpawnedServer;
  let answer: 'accept' | 'decline' | 'cancel' = 'decline';
  beforeAll(async () => {
    server = await spawn(proxiedEnv({ REFERENCE_ENABLE_WRITES: '1' }), () =>
      answer === 'accept' ? { action: 'accept', content: { confirm: true } } : { action: answer },
    );
  });

  it('makes no API call when the user declines or cancels', async () => {
    fake.reset();
    for (const a of ['decline', 'cancel'] as const) {
      answer = a;
      const r = await server.call('update_wlan', {
        ssid: 'Guest',
        changes: { 'vlan-id-range': ['31'] },
      });
      expect(r.isError).toBeFalsy();
      expect(r.text).toContain('No change was made');
      expect(r.structuredContent).toEqual({ changed: false, reason: 'not_confirmed' });
    }
    expect(server.prompts.at(-1)).toContain(`update SSID 'Guest'`);
    expect(fake.calls()).toEqual([]);
  });

  it('writes after the user accepts, and a read-back sees the change', async () => {
    fake.reset();
    answer = 'accept';
    const r = await server.call('update_wlan', {
      ssid: 'Guest',
      changes: { 'vlan-id-range': ['31'] },
    });
    expect(r.structuredContent).toMatchObject({ changed: true, action: 'updated', ssid: 'Guest' });
    const after = await server.call('get_wlan_config', { ssid: 'Guest' });
    expect(after.structuredContent).toMatchObject({ 'vlan-id-range': ['31'] });
    expect(apiCalls().map((c) => `${c.kind} ${callLine(c)}`)).toEqual([
      'write PATCH /network-config/v1alpha1/wlan-ssids/Guest',
      'read GET /network-config/v1alpha1/wlan-ssids/Guest',
    ]);
  });

  it('never echoes a new passphrase, not even in the confirmation prompt', async () => {
    answer = 'accept';
    const passphrase = 'Lab-Passphrase-2026';
    const created = await server.call('create_wlan', {
      ssid: 'Lab',
      opmode: 'WPA2_PERSONAL',
      vlan_id: 50,
      passphrase,
    });
    expect(created.structuredContent).toMatchObject({
      changed: true,
      action: 'created',
      ssid: 'Lab',
    });
    const lab = await server.call('get_wlan_config', { ssid: 'Lab' });
    expect(lab.structuredContent).toMatchObject({
      ssid: 'Lab',
      'vlan-id-range': ['50'],
      'personal-security': { 'wpa-passphrase': '********' },
    });
    const update = await server.call('update_wlan', {
      ssid: 'Lab',
      changes: { 'personal-security': { 'wpa-passphrase': 'Rotated-Passphrase-9' } },
    });
    expect(update.structuredContent).toMatchObject({ changed: true });
    const seen = [...server.texts, ...server.prompts].join('\n');
    expect(seen).not.toContain(passphrase);
    expect(seen).not.toContain('Rotated-Passphrase-9');
  });

  it('rejects bad arguments before asking anyone', async () => {
    fake.reset();
    const asked = server.prompts.length;
    const r = await server.call('create_wlan', { ssid: 'NoKey', opmode: 'WPA2_PERSONAL' });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('needs a passphrase');
    expect(server.prompts).toHaveLength(asked);
    expect(fake.calls()).toEqual([]);
  });

  it('clears an alert, polls the operation to SUCCEEDED, and the alert leaves the active list', async () => {
    fake.reset();
    answer = 'accept';
    const before = await server.call('list_alerts', { severity: 'Critical' });
    const key = (before.structuredContent?.alerts as { key: string }[])[0]?.key ?? '';
    const cleared = await server.call('clear_alerts', {
      keys: [key],
      reason: 'Problem was resolved',
    });
    expect(cleared.structuredContent).toMatchObject({
      changed: true,
      state: 'SUCCEEDED',
      alerts: [key],
    });
    const after = await server.call('list_alerts', { severity: 'Critical' });
    expect(after.structuredContent).toMatchObject({ total: 0 });
    expect(apiCalls().map((c) => `${c.kind} ${c.method} ${c.path.replace(/[^/]+$/, 'X')}`)).toEqual(
      [
        'read GET /network-notifications/v1/X',
        'write POST /network-notifications/v1/alerts/X',
        'poll GET /network-notifications/v1/alerts/async-operations/X',
        'read GET /network-notifications/v1/X',
      ],
    );
  });

  it('sets the firmware target, resyncs a device and deletes a MAC registration, each read back', async () => {
    fake.reset();
    answer = 'accept';
    const target = await server.call('set_firmware_compliance', { version: '10.7.3.0_93000' });
    expect(target.structuredContent).toMatchObject({ changed: true, version: '10.7.3.0_93000' });
    const policy = await server.call('get_firmware_compliance');
    expect(policy.structuredContent).toMatchObject({
      'version-chart': { version: '10.7.3.0_93000' },
    });

    const resync = await server.call('resync_devices', { serials: ['SGDF2411V6'] });
    expect(resync.structuredContent).toMatchObject({ changed: true, serials: ['SGDF2411V6'] });
    const health = await server.call('list_config_health', { config_status: 'UPDATE_IN_PROGRESS' });
    expect(health.text).toContain('SGDF2411V6');

    const regs = await server.call('list_mac_registrations', { search: 'cam-lobby-old' });
    const id = (regs.structuredContent?.registrations as { id: string }[])[0]?.id ?? '';
    const removed = await server.call('delete_mac_registration', { id });
    expect(removed.structuredContent).toEqual({ changed: true, action: 'deleted', id });
    const left = await server.call('list_mac_registrations');
    expect(left.text).not.toContain('cam-lobby-old');

    expect(
      apiCalls().map((c) => `${c.kind} ${c.method} ${c.path.split('/').slice(3).join('/')}`),
    ).toEqual([
      'write PATCH firmware-compliance',
      'read GET firmware-compliance',
      'write POST config-health/devices-resync',
      'read GET config-health/devices',
      'read GET cnac-mac-reg',
      `write DELETE cnac-mac-reg/${id}`,
      'read GET cnac-mac-reg',
    ]);
  });

  it('asks with a DESTRUCTIVE prompt before deleting', async () => {
    fake.reset();
    answer = 'accept';
    const r = await server.call('delete_wlan', { ssid: 'IoT' });
    expect(r.structuredContent).toMatchObject({ changed: true, action: 'deleted', ssid: 'IoT' });
    expect(server.prompts.at(-1)).toMatch(
      /^DESTRUCTIVE change requested by delete_wlan: delete SSID 'IoT'/,
    );
    expect(apiCalls().map(callLine)).toEqual(['DELETE /network-config/v1alpha1/wlan-ssids/IoT']);
  });
});

describe('writes enabled, but the client cannot elicit', () => {
  it('refuses the write (safe default) without any API call', async () => {
    const server = await spawn(proxiedEnv({ REFERENCE_ENABLE_WRITES: '1' }));
    fake.reset();
    const r = await server.call('resync_devices', { serials: ['SGDF2411V6'] });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('does not support elicitation');
    expect(fake.calls()).toEqual([]);
  });
});

describe('plain-HTTP base URLs (CENTRAL_TOKEN_URL test override, no proxy)', () => {
  it('reaches the fake directly', async () => {
    const server = await spawn(
      baseEnv(fake, {
        CENTRAL_BASE_URL: fake.url,
        GREENLAKE_BASE_URL: fake.url,
        CENTRAL_TOKEN_URL: `${fake.url}/as/token.oauth2`,
      }),
    );
    fake.reset();
    const r = await server.call('list_devices', { device_type: 'GATEWAY' });
    expect(r.structuredContent).toMatchObject({ total: 2 });
    expect(fake.calls().map((c) => `${c.host} ${callLine(c)}`)).toEqual([
      '127.0.0.1 POST /as/token.oauth2',
      '127.0.0.1 GET /network-monitoring/v1/devices',
    ]);
  });
});

describe('startup', () => {
  it('exits 1 with a clear message when credentials are missing', () => {
    const run = spawnSync(process.execPath, ENTRY_ARGS, {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CENTRAL_CLIENT_ID: 'x' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('CENTRAL_CLIENT_SECRET must be set');
  });
});

describe('safety across every result and prompt above', () => {
  // Run alone (-t, a shard, a shuffled order) the tests above have not filled `spawned`: then
  // this test makes its own exchange with the tools that handle secrets, so it never depends on
  // the others having run first.
  beforeAll(async () => {
    if (spawned.some((s) => s.texts.length > 0)) return;
    const server = await spawn(proxiedEnv());
    await server.call('get_wlan_config', { ssid: 'Guest' });
    await server.call('list_auth_servers');
    await server.call('list_devices', { device_type: 'GATEWAY' });
  });

  it('no canary secret or issued token ever appears', async () => {
    const secrets = [...fake.canaries(), ...(await issuedTokens())];
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    const seen = spawned.flatMap((s) => [...s.texts, ...s.prompts]).join('\n');
    expect(seen.length).toBeGreaterThan(1000);
    for (const secret of secrets) expect(seen).not.toContain(secret);
  });
});
