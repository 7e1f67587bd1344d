import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getToken, useTempFake } from '../../test/helpers/temp-bundle.js';
import { loadBundle, resolveBundleDir } from '../fixture-store.js';
import { startFakeCentral, type FakeCentral } from '../start-fake-central.js';

const NOW = '2026-03-02T12:00:00Z';
const aps = [
  {
    serialNumber: 'AP0001',
    deviceName: 'ap-1',
    status: 'ONLINE',
    siteId: 's1',
    ipv4: '10.1.0.11',
    model: 'AP-635',
    firmwareVersion: '10.7.1.0',
  },
  { serialNumber: 'AP0002', deviceName: 'ap-2', status: 'OFFLINE', siteId: 's1' },
];
const switches = [
  { serialNumber: 'CX0001', status: 'Online', switchType: 'AOS-CX', siteId: 's1' },
  { serialNumber: 'AS0001', status: 'Online', switchType: 'AOS-S', siteId: 's1' },
];
const gateways = [
  { serialNumber: 'GW0001', status: 'Online', siteId: 's1', ipAddress: '10.1.0.1' },
];
const client = (n: number, serial: string, wlanName: string) => ({
  macAddress: `AA:BB:CC:00:00:0${n}`,
  status: 'Connected',
  connectedDeviceSerial: serial,
  wlanName,
  siteId: 's1',
  ipv4: `10.1.10.${n}`,
  vlanId: '10',
});
const clients = [
  client(1, 'AP0001', 'Corp'),
  client(2, 'AP0001', 'Guest'),
  client(3, 'AP0009', 'Corp'),
];
const troubleshooting = {
  AP0001: {
    ping: {
      output: { destination: '8.8.8.8', packetLossPercent: '0' },
      failReason: null,
      rawOutput: 'RECORDED PING',
    },
    aaa: {
      output: { authenticationStatus: 'Failed', serverName: 'radius-1' },
      failReason: 'Authentication timed out',
      rawOutput: 'aaa raw',
    },
    showCommands: { 'show version': 'RECORDED VERSION', 'show ap debug radio-stats': 'radio' },
  },
};

const ctx = useTempFake({
  'aps.json': aps,
  'switches.json': switches,
  'gateways.json': gateways,
  'clients.json': clients,
  'troubleshooting.json': troubleshooting,
});

interface Reply {
  status: number;
  headers: Headers;
  // Bodies differ per endpoint; the assertions pin their shapes.
  body: Record<string, unknown> & { location: string };
}

async function api(
  path: string,
  body?: unknown,
  base = ctx.fake.url,
  auth = ctx.token,
): Promise<Reply> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Reply['body'] };
}

const T = '/network-troubleshooting/v1';
const TASK =
  /\/async-operations\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('async tests', () => {
  it('ping answers 202 with the location in body and header, and the poll completes', async () => {
    const start = await api(`/network-troubleshooting/v1alpha1/aps/AP0001/ping`, {
      destination: '8.8.8.8',
    });
    expect(start.status).toBe(202);
    expect(Object.keys(start.body).sort()).toEqual(['location', 'startTime', 'status']);
    expect(start.body).toMatchObject({ startTime: NOW, status: 'INITIATED' });
    expect(start.body.location).toMatch(/^\/network-troubleshooting\/v1alpha1\/aps\/AP0001\/ping/);
    expect(start.body.location).toMatch(TASK);
    expect(start.headers.get('location')).toBe(start.body.location);
    expect(start.headers.get('x-ratelimit-limit')).not.toBeNull();

    const poll = await api(start.body.location);
    expect(poll.status).toBe(200);
    expect(poll.body).toEqual({
      status: 'COMPLETED',
      progressPercent: 100,
      startTime: NOW,
      endTime: NOW,
      failReason: null,
      output: { destination: '8.8.8.8', packetLossPercent: '0' },
    });
    // SS polls on v1 what it started on v1alpha1 after a fallback; the task is the same.
    const v1 = await api(start.body.location.replace('/v1alpha1/', '/v1/'));
    expect(v1.status).toBe(200);
    expect(ctx.fake.calls().map((c) => c.kind)).toEqual(['diagnostic', 'poll', 'poll']);
  });

  it('answers other targets with a default result and raw output on request', async () => {
    const start = await api(`${T}/aps/AP0001/ping`, {
      destination: '10.9.9.9',
      count: 3,
      includeRawOutput: true,
    });
    const poll = await api(start.body.location);
    const output = poll.body.output as Record<string, unknown>;
    expect(output).toMatchObject({
      destination: '10.9.9.9',
      resolvedIp: '10.9.9.9',
      transmittedPacketsCount: '3',
      receivedPacketsCount: '3',
      packetLossPercent: '0',
    });
    expect(output.replies).toHaveLength(3);
    expect(poll.body.rawOutput).toContain('PING 10.9.9.9');
    const again = await api(`${T}/aps/AP0001/ping`, { destination: '10.9.9.9', count: 3 });
    expect((await api(again.body.location)).body.output).toEqual(output);
  });

  it('reports a recorded AAA failure as COMPLETED with failReason', async () => {
    const start = await api(`${T}/aps/AP0001/aaa`, {
      serverName: 'radius-1',
      username: 'u',
      password: 'p',
    });
    expect((await api(start.body.location)).body).toMatchObject({
      status: 'COMPLETED',
      failReason: 'Authentication timed out',
      output: { authenticationStatus: 'Failed', serverName: 'radius-1' },
      rawOutput: 'aaa raw',
    });
  });

  it('runs showCommands from the fixture, with a default for unrecorded commands', async () => {
    const start = await api(`${T}/aps/AP0001/showCommands`, {
      commands: ['show version', 'show clock'],
    });
    const poll = await api(start.body.location);
    expect(poll.body.output).toEqual({
      commands: ['show version', 'show clock'],
      results: [
        { command: 'show version', output: 'RECORDED VERSION' },
        { command: 'show clock', output: `${NOW}\n` },
      ],
    });
  });

  it('answers RUNNING for asyncRunningPolls polls first', async () => {
    const slow = await startFakeCentral({ fixture: ctx.bundleDir, asyncRunningPolls: 1 });
    try {
      const start = await api(`${T}/cx/CX0001/traceroute`, { destination: '1.1.1.1' }, slow.url);
      const first = await api(start.body.location, undefined, slow.url);
      expect(first.body).toEqual({
        status: 'RUNNING',
        progressPercent: 50,
        startTime: NOW,
        endTime: null,
        failReason: null,
        output: null,
      });
      const second = await api(start.body.location, undefined, slow.url);
      expect(second.body).toMatchObject({ status: 'COMPLETED', progressPercent: 100 });
      expect(second.body.output).toMatchObject({ destination: '1.1.1.1', resolvedIp: '1.1.1.1' });
    } finally {
      await slow.close();
    }
  });

  it('follows task faults: RUNNING first, then FAILED with the injected reason', async () => {
    ctx.fake.setFaults({
      faults: [
        { kind: 'task_running', polls: 1 },
        { kind: 'task_failed', reason: 'injected failure' },
      ],
    });
    try {
      const start = await api(`${T}/aps/AP0001/ping`, { destination: '8.8.8.8' });
      expect((await api(start.body.location)).body.status).toBe('RUNNING');
      expect((await api(start.body.location)).body).toMatchObject({
        status: 'FAILED',
        failReason: 'injected failure',
      });
      expect(ctx.fake.calls().map((c) => c.fault)).toEqual([
        undefined,
        'task_running',
        'task_failed',
      ]);
    } finally {
      ctx.fake.setFaults(null);
    }
  });

  it('answers 404 for an unknown task, or one polled under another device', async () => {
    const missing = await api(
      `${T}/aps/AP0001/ping/async-operations/00000000-0000-4000-8000-00000000dead`,
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      errorCode: 'HPE_GL_ERROR_NOT_FOUND',
      message: 'Async operation task not found: 00000000-0000-4000-8000-00000000dead',
    });
    const start = await api(`${T}/aps/AP0001/ping`, { destination: '8.8.8.8' });
    const elsewhere = start.body.location.replace('/AP0001/', '/AP0002/');
    expect((await api(elsewhere)).status).toBe(404);
    expect((await api(start.body.location.replace('/ping/', '/traceroute/'))).status).toBe(404);
  });
});

describe('validation and device checks', () => {
  it.each([
    ['aps/AP0001/ping', {}, 400, 'Validation errors - destination is required'],
    [
      'aps/AP0001/ping',
      { destination: 'x', packetSize: 5 },
      400,
      'packetSize must be between 10 and 2000',
    ],
    [
      'aps/AP0001/showCommands',
      { commands: ['reload'] },
      400,
      'Validation errors - commands/0 must match the documented pattern',
    ],
    [
      'aps/AP0001/showCommands',
      { commands: Array(21).fill('show clock') },
      400,
      'Validation errors - commands must have at most 20 items',
    ],
    [
      'cx/CX0001/aaa',
      { authMethodType: 'pap', username: 'u', password: 'p' },
      400,
      'radiusServerIp is required',
    ],
    ['cx/CX0001/portBounce', { ports: [] }, 400, 'ports must be a non-empty array'],
    [
      'aps/AP0001/disconnectUserByMacAddress',
      { userMacAddress: 'zz' },
      400,
      'must be a MAC address',
    ],
    ['aps/CX0001/ping', { destination: 'x' }, 404, 'Device not found: CX0001'],
    ['cx/AS0001/ping', { destination: 'x' }, 404, 'Device not found: AS0001'],
    ['aos-s/NOPE/ping', { destination: 'x' }, 404, 'Device not found: NOPE'],
    ['gateways/GW0001/aaa', {}, 404, 'Not Found: POST'],
    ['routers/R1/ping', {}, 404, 'Not Found: POST'],
    ['aps/AP0002/ping', { destination: 'x' }, 409, 'Device offline: AP0002'],
    ['aps/AP0002/reboot', undefined, 409, 'Device offline: AP0002'],
  ])('POST %s %j → %i', async (path, body, status, message) => {
    const res = await api(`${T}/${path}`, body ?? null);
    expect(res.status).toBe(status);
    expect(res.body.httpStatusCode).toBe(status);
    expect(String(res.body.message)).toContain(message);
    expect(ctx.fake.calls()[0]?.kind).toBe('diagnostic');
  });
});

describe('fire-and-forget actions', () => {
  it('reboot answers 202 without a location, and a second reboot 409', async () => {
    const first = await api(`${T}/gateways/GW0001/reboot`, {});
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ startTime: NOW, status: 'INITIATED' });
    expect(first.headers.get('location')).toBeNull();
    const second = await api(`${T}/gateways/GW0001/reboot`, {});
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      errorCode: 'HPE_GL_ERROR_CONFLICT',
      message: 'Device already rebooting: GW0001',
    });
    ctx.fake.reset();
    expect((await api(`${T}/gateways/GW0001/reboot`, {})).status).toBe(202);
  });

  it('disconnects clients so monitoring reads see them Disconnected', async () => {
    const status = async (n: number): Promise<unknown> =>
      (await api(`/network-monitoring/v1/clients/aa-bb-cc-00-00-0${n}`)).body.status;
    const res = await api(`${T}/aps/AP0001/disconnectUserByMacAddress`, {
      userMacAddress: 'aabbcc000001',
    });
    expect(res.status).toBe(202);
    expect([await status(1), await status(2)]).toEqual(['Disconnected', 'Connected']);
    await api(`${T}/aps/AP0001/disconnectUserByNetwork`, { networkName: 'Guest' });
    await api(`${T}/aps/AP0001/disconnectUserAll`, null);
    expect([await status(2), await status(3)]).toEqual(['Disconnected', 'Connected']);
    ctx.fake.reset();
    expect(await status(1)).toBe('Connected');
  });
});

describe('task and command lists', () => {
  it('lists allowed show commands, including recorded ones, by category', async () => {
    const res = await api(`${T}/aps/AP0001/show-commands`);
    expect(res.status).toBe(200);
    const list = res.body as unknown as {
      categoryName: string;
      count: number;
      commands: { command: string }[];
    }[];
    expect(list.map((c) => c.categoryName)).toEqual(['System', 'Wireless', 'Network']);
    expect(list.every((c) => c.count === c.commands.length)).toBe(true);
    expect(list[1]?.commands).toContainEqual({ command: 'show ap debug radio-stats' });
    expect((await api(`${T}/aps/NOPE/show-commands`)).status).toBe(404);
    expect(ctx.fake.calls().map((c) => c.kind)).toEqual(['read', 'read']);
  });

  it('lists this device’s tasks by test, most recent first', async () => {
    const a = await api(`${T}/aps/AP0001/ping`, { destination: '8.8.8.8' });
    const b = await api(`${T}/aps/AP0001/ping`, { destination: '1.1.1.1' });
    const c = await api(`${T}/aps/AP0001/showCommands`, { commands: ['show clock'] });
    await api(`${T}/cx/CX0001/ping`, { destination: '8.8.8.8' });
    const res = await api(`${T}/aps/AP0001/list-tasks`);
    expect(res.body).toEqual([
      { testName: 'showCommands', locations: [c.body.location] },
      { testName: 'ping', locations: [b.body.location, a.body.location] },
    ]);
  });
});

describe('site-a bundle', () => {
  const bundle = loadBundle(resolveBundleDir('site-a'));
  const facts = (id: string): Record<string, unknown> =>
    bundle.manifest.stories?.find((s) => s.id === id)?.facts ?? {};
  const recorded = bundle.files.get('troubleshooting.json') as Record<
    string,
    Record<string, { output: unknown; failReason: string | null }>
  >;
  const siteClients = bundle.files.get('clients.json') as Record<string, unknown>[];
  let site: FakeCentral;
  let siteToken: string;
  const call = (path: string, body?: unknown): Promise<Reply> =>
    api(path, body, site.url, siteToken);

  beforeAll(async () => {
    site = await startFakeCentral({ fixture: 'site-a' });
    siteToken = await getToken(site.url, site.credentials);
  });
  afterAll(() => site.close());
  beforeEach(() => site.reset());

  it('reproduces the 802.1X story’s AAA failure on its AP', async () => {
    const ap = String(facts('client-8021x-fail').apSerial);
    const start = await call(`${T}/aps/${ap}/aaa`, {
      serverName: String(facts('client-8021x-fail').radiusServer),
      username: 'jsmith',
      password: 'secret',
    });
    expect(start.status).toBe(202);
    const poll = await call(start.body.location);
    expect(poll.body).toMatchObject({
      status: 'COMPLETED',
      failReason: recorded[ap]?.aaa?.failReason,
      output: recorded[ap]?.aaa?.output,
    });
    expect(poll.body.failReason).toEqual(expect.stringContaining('password expired'));
    expect(site.calls().map((c) => [c.method, c.kind])).toEqual([
      ['POST', 'diagnostic'],
      ['GET', 'poll'],
    ]);
  });

  it('answers the gateway ping and a switch show command from the bundle', async () => {
    const gw = String(facts('client-dhcp-fail').gatewaySerial);
    const ping = await call(`${T}/gateways/${gw}/ping`, { destination: '8.8.8.8' });
    expect((await call(ping.body.location)).body.output).toEqual(recorded[gw]?.ping?.output);
    const sw = String(facts('ap-down').uplinkSwitchSerial);
    const show = await call(`${T}/cx/${sw}/showCommands`, { commands: ['show version'] });
    const output = (await call(show.body.location)).body.output as {
      results: { output: string }[];
    };
    const commands = recorded[sw]?.showCommands as unknown as Record<string, string>;
    expect(output.results[0]?.output).toBe(commands['show version']);
  });

  it('refuses the story’s offline AP with 409', async () => {
    const ap = String(facts('ap-down').apSerial);
    const res = await call(`${T}/aps/${ap}/ping`, { destination: '8.8.8.8' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Device offline: ${ap}`);
  });

  it('disconnects a client on the story AP; monitoring reads it back', async () => {
    const ap = String(facts('client-8021x-fail').apSerial);
    const victim = siteClients.find(
      (c) => c.connectedDeviceSerial === ap && c.status === 'Connected',
    );
    const mac = String(victim?.macAddress);
    const res = await call(`${T}/aps/${ap}/disconnectUserByMacAddress`, { userMacAddress: mac });
    expect(res.status).toBe(202);
    const read = await call(`/network-monitoring/v1/clients/${encodeURIComponent(mac)}`);
    expect(read.body.status).toBe('Disconnected');
  });
});
