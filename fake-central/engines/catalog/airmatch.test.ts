import { describe, expect, it } from 'vitest';
import { useTempFake } from '../../../test/helpers/temp-bundle.js';

const ap = (n: number, siteId: string) => ({
  serialNumber: `AP000${n}`,
  deviceName: `ap-${n}`,
  macAddress: `aa:00:00:00:00:0${n}`,
  model: 'AP-535',
  siteId,
  status: n === 3 ? 'OFFLINE' : 'ONLINE',
  ipv4: `10.0.0.${n}`,
  uptimeInMillis: 90_000,
});
const radio = (n: number, r: number, channel: string, util: number) => ({
  macAddress: `aa:00:00:00:0${n}:0${r}`,
  radioNumber: r,
  band: r === 0 ? '2.4 GHz' : '5 GHz',
  bandwidth: r === 0 ? '20 MHz' : '40 MHz',
  channel,
  power: r === 0 ? '18' : '21',
  mode: 'Client Access',
  status: 'UP',
  radioStats: { channelUtilization: util, noiseFloor: -90 },
});

const ctx = useTempFake({
  'aps.json': [ap(1, 's1'), ap(2, 's1'), ap(3, 's2')],
  'ap-details.json': {
    AP0001: { countryCode: 'US', radios: [radio(1, 0, '1', 35), radio(1, 1, '52', 10)] },
    AP0002: { countryCode: 'US', radios: [radio(2, 0, '6', 12), radio(2, 1, '149', 40)] },
    AP0003: { countryCode: 'DE', radios: [radio(3, 0, '11', 5)] },
  },
});

const S = '/network-services/v1';

async function get(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${ctx.fake.url}${path}`, {
    headers: { authorization: `Bearer ${ctx.token}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('AirMatch, derived from the bundle radios', () => {
  it('radios carry the monitoring channel and power; the list counts its items', async () => {
    const one = await get(`${S}/airmatch-radio/AA:00:00:00:01:01`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id: 'aa:00:00:00:01:01',
      type: 'network-services/airmatch-radio',
      apSerial: 'AP0001',
      channel: '52',
      eirp: '21',
      bandwidth: '40',
      siteId: 's1',
    });
    const all = await get(`${S}/airmatch-radio`);
    expect(all.body.count).toBe(5);
    expect(all.body.items).toHaveLength(5);
    expect((await get(`${S}/airmatch-solution/aa:00:00:00:01:01`)).body).toMatchObject({
      solverChannel: 52,
      solverEirp: 21,
    });
  });

  it('neighbours are the other APs of the site on the same band', async () => {
    const list = await get(`${S}/airmatch-ap-neighbor-list/AP0001`);
    expect(list.body).toMatchObject({ radioMac: 'aa:00:00:00:01:00', band: '2.4 GHz' });
    // AP0003 is at another site: not heard.
    expect(list.body.neighborList).toBe('aa:00:00:00:02:00');
    const loss = await get(`${S}/airmatch-pathloss/aa:00:00:00:01:00`);
    expect(loss.body.nbrMac).toBe('aa:00:00:00:02:00');
    expect(loss.body.pathloss).toBeGreaterThanOrEqual(60);
    // Alone at its site: no neighbour, no figure.
    expect((await get(`${S}/airmatch-pathloss/aa:00:00:00:03:00`)).body).not.toHaveProperty(
      'nbrMac',
    );
  });

  it('rf events end at the current channel; priority events are the busy radios only', async () => {
    const event = await get(`${S}/airmatch-rf-events/aa:00:00:00:02:01`);
    expect((event.body.new as Record<string, unknown>).channel).toBe(149);
    expect((event.body.old as Record<string, unknown>).channel).not.toBe(149);
    const priority = await get(`${S}/airmatch-priority-rf-events`);
    const macs = (priority.body.items as { radioMac: string }[]).map((i) => i.radioMac);
    expect(macs.sort()).toEqual(['aa:00:00:00:01:00', 'aa:00:00:00:02:01']);
    expect((await get(`${S}/airmatch-priority-rf-events/aa:00:00:00:01:01`)).status).toBe(404);
  });

  it('APs: status, opmode and board limits of their own radios only', async () => {
    expect((await get(`${S}/airmatch-ap/AP0003`)).body).toMatchObject({
      isApDown: 'true',
      apCurrentOpmode: '2.4GHz',
      apUptime: '90',
    });
    expect((await get(`${S}/airmatch-device-config/ap0003`)).body.country).toBe('DE');
    const limit = await get(`${S}/airmatch-board-limit/AP0002/aa:00:00:00:02:01`);
    expect(limit.body).toMatchObject({ apModel: 'AP-535', maxEirp: 27 });
    const foreign = await get(`${S}/airmatch-board-limit/AP0001/aa:00:00:00:02:01`);
    expect(foreign.status).toBe(404);
    expect((await get(`${S}/airmatch-ap/NOPE`)).body.message).toContain('NOPE');
    expect((await get(`${S}/airmatch-radio/aa:bb:cc:dd:ee:ff`)).status).toBe(404);
  });

  it('answers the same bytes after reset()', async () => {
    const first = await get(`${S}/airmatch-rf-events`);
    ctx.fake.reset();
    expect(await get(`${S}/airmatch-rf-events`)).toEqual(first);
  });
});
