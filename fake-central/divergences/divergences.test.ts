import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getToken } from '../../test/helpers/temp-bundle.js';
import { FakeCentralError } from '../errors.js';
import { startFakeCentral, type FakeCentral } from '../start-fake-central.js';
import { parseDivergences } from './divergence-choices.js';

// D20 (SPEC.md §13): a test picks whether failed clients count in site and tenant client
// health; the next reset goes back to the default. site-a's SFO-Branch has 40 clients, 2 of
// them Failed (both wireless), so "connected" reads 38.

const SFO = '5563304806';
const M = '/network-monitoring/v1';

let fake: FakeCentral;
let control: { url: string; token: string };
beforeAll(async () => {
  fake = await startFakeCentral({ fixture: 'site-a', control: true });
  control = fake.control ?? { url: '', token: '' };
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

async function get(path: string): Promise<any> {
  const token = await getToken(fake.url, fake.credentials);
  const res = await fetch(`${fake.url}${M}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return res.json();
}

const groups = (health: any): Record<'Poor' | 'Fair' | 'Good', number> =>
  Object.fromEntries(health.groups.map((g: any) => [g.name, g.value])) as Record<
    'Poor' | 'Fair' | 'Good',
    number
  >;

/** What the API says of SFO-Branch's clients, in every place that counts them. */
async function sfoClients() {
  const list = (await get('/sites-health')).items.find((s: any) => s.id === SFO);
  const detail = await get(`/site-health/${SFO}`);
  const typed = (await get('/sites-client-health')).items.find((s: any) => s.id === SFO);
  const tenant = await get('/tenant-client-health');
  const wireless = (types: any[]) => groups(types.find((t) => t.name === 'Wireless').health);
  const split = groups(detail.health);
  return {
    count: list.clients.count,
    poor: groups(list.clients.health).Poor,
    detailWirelessPoor: wireless(detail.clientTypes).Poor,
    typedWirelessPoor: wireless(typed.clientTypes).Poor,
    tenantWirelessPoor: wireless(tenant.clientTypes).Poor,
    clientReasons: detail.reasons
      .filter((r: any) => r.reason.startsWith('CLIENT_'))
      .map((r: any) => r.reason),
    splitSum: split.Poor + split.Fair + split.Good,
    listSplit: list.health,
    detailSplit: detail.health,
  };
}

describe('D20: client-health counts, per test', () => {
  it('"connected" takes the failed clients out everywhere a site counts them; the next reset puts them back', async () => {
    const every = await sfoClients();
    expect(every).toMatchObject({
      count: 40,
      poor: 2,
      detailWirelessPoor: 2,
      typedWirelessPoor: 2,
    });
    expect(every.clientReasons).toContain('CLIENT_HEALTH_POOR');

    fake.reset(undefined, { divergences: { D20: 'connected' } });
    const connected = await sfoClients();
    expect(connected).toMatchObject({
      count: 38,
      poor: 0,
      detailWirelessPoor: 0,
      typedWirelessPoor: 0,
    });
    expect(connected.tenantWirelessPoor).toBe(every.tenantWirelessPoor - 2);
    expect(connected.clientReasons).not.toContain('CLIENT_HEALTH_POOR');
    expect(connected.splitSum).toBe(100);
    expect(connected.listSplit).toEqual(connected.detailSplit);
    expect(connected.listSplit).not.toEqual(every.listSplit);
    // The choice is the baseline: nothing changed, and the state says which behaviour is served.
    expect(fake.state()).toMatchObject({ changes: [], divergences: { D20: 'connected' } });

    fake.reset();
    expect(await sfoClients()).toEqual(every);
    expect(fake.state().divergences).toBeUndefined();
  });

  it('keeps the choice under a seed, and a seeded device still counts', async () => {
    fake.reset(undefined, {
      divergences: { D20: 'connected' },
      seed: { devices: [{ serialNumber: 'TESTAP0001', deviceType: 'AP', siteId: SFO }] },
    });
    fake.seed({ devices: [{ serialNumber: 'TESTAP0002', deviceType: 'AP', siteId: SFO }] });
    const sfo = (await get('/sites-health')).items.find((s: any) => s.id === SFO);
    expect(sfo.clients.count).toBe(38);
    expect(sfo.devices.count).toBe(14);
  });
});

describe('choices are checked, naming the valid ones', () => {
  it.each([
    [
      { D4: 'string' },
      'divergences: D4 has no per-test choice; did you mean "D20"? the deviations with one: D20',
    ],
    [
      { D20: 'conected' },
      'divergences: D20 is "conected"; did you mean "connected"? it takes "every-client" or "connected"',
    ],
    [{ D20: true }, 'divergences: D20 is true; it takes "every-client" or "connected"'],
    [['D20'], 'divergences: ["D20"] is not an object of id → choice'],
  ])('%j is refused', (input, message) => {
    expect(() => parseDivergences(input)).toThrow(message);
    expect(() => parseDivergences(input)).toThrow(FakeCentralError);
  });

  it('the default value is no choice at all', () => {
    expect(parseDivergences({ D20: 'every-client' })).toEqual({});
  });

  it('over the control API: a bad choice is a 400 naming the values, and nothing changes', async () => {
    const post = (body: unknown) =>
      fetch(`${control.url}/_fake/reset`, {
        method: 'POST',
        headers: { authorization: `Bearer ${control.token}` },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    const chosen = await post({ divergences: { D20: 'connected' } });
    expect(chosen).toMatchObject({ status: 200, body: { divergences: { D20: 'connected' } } });
    const bad = await post({ divergences: { D20: 'failed' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('FAKE_CONTROL_BAD_DIVERGENCE');
    expect(bad.body.message).toContain('it takes "every-client" or "connected"');
    expect(bad.body.hint).toContain('D20 (site and tenant client-health counts)');
    expect(fake.state().divergences).toEqual({ D20: 'connected' });
  });
});
