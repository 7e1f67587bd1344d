import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../test/helpers/fake-api.js';

const api = useFakeApi({ fixture: 'site-a' });

const M = '/network-monitoring/v1';

describe('sites', () => {
  it('serves sites-health offset pages with the response block (and tolerates KK’s next=1)', async () => {
    const body = await api.get(`${M}/sites-health?limit=1&next=1`);
    expect(Object.keys(body).sort()).toEqual(['count', 'items', 'offset', 'response', 'total']);
    expect(body).toMatchObject({
      count: 1,
      offset: 0,
      total: 2,
      response: { code: 'SITE-HEALTH-SUCCESS-001', status: 'SUCCESS' },
    });
    const second = await api.get(`${M}/sites-health?limit=1&offset=1`);
    expect(second.items[0].id).not.toBe(body.items[0].id);
    expect(second.items[0]).toHaveProperty('health.groups');
  });

  it.each(['sites-health', 'sites-device-health', 'sites-client-health'])(
    '%s honours the documented siteId eq / in filter (the items carry it as id)',
    async (list) => {
      const all = (await api.get(`/network-monitoring/v1/${list}`)).items as { id: string }[];
      const [first, second] = all.map((s) => s.id);
      const eq = await api.get(
        `/network-monitoring/v1/${list}?filter=${encodeURIComponent(`siteId eq '${first}'`)}`,
      );
      expect(eq.items.map((s: { id: string }) => s.id)).toEqual([first]);
      expect(eq.total).toBe(1);
      const both = await api.get(
        `/network-monitoring/v1/${list}?filter=${encodeURIComponent(`siteId in ('${first}', '${second}')`)}`,
      );
      expect(both.items).toHaveLength(2);
      const none = await api.get(
        `/network-monitoring/v1/${list}?filter=${encodeURIComponent("siteId eq '1'")}`,
      );
      expect(none.items).toEqual([]);
    },
  );

  it('serves site-health detail, and a JSON 404 for an unknown site', async () => {
    expect(await api.get(`${M}/site-health/5563304806`)).toHaveProperty('id', '5563304806');
    const missing = await api.call(`${M}/site-health/000`);
    expect(missing.status).toBe(404);
    expect(missing.body.errorCode).toBe('HPE_GL_ERROR_NOT_FOUND');
  });

  it('sums tenant health over the sites', async () => {
    const tenant = await api.get(`${M}/tenant-device-health`);
    expect(tenant.type).toBe('network-monitoring/tenant-device-health');
    expect(tenant.deviceTypes.length).toBeGreaterThan(0);
  });
});

describe('devices', () => {
  it('filters devices by type and status with exact totals', async () => {
    const aps = await api.get(
      `${M}/devices?filter=${encodeURIComponent("deviceType eq 'ACCESS_POINT'")}`,
    );
    expect(aps.total).toBe(13);
    const offline = await api.get(`${M}/aps?filter=${encodeURIComponent("status eq 'OFFLINE'")}`);
    expect(offline.items.map((a: { serialNumber: string }) => a.serialNumber)).toEqual([
      'CNKK33ZD02',
    ]);
    expect(offline).toMatchObject({ count: 1, total: 1, next: null });
  });

  it('keeps the vendor casing quirks: AP ONLINE + RFC 3339, switch Online + epoch number', async () => {
    const aps = await api.get(`${M}/aps?limit=1`);
    expect(aps.items[0].status).toMatch(/^(ONLINE|OFFLINE)$/);
    expect(typeof aps.items[0].lastSeenAt).toBe('string');
    expect(aps.next).toBe('2');
    const switches = await api.get(`${M}/switches?limit=1`);
    expect(switches.items[0].status).toMatch(/^(Online|Offline)$/);
    expect(typeof switches.items[0].lastSeenAt).toBe('number');
  });

  it('merges AP detail and serves its radios', async () => {
    const ap = await api.get(`${M}/aps/CNRL8VGAYF`);
    expect(ap).toMatchObject({ serialNumber: 'CNRL8VGAYF', deviceName: 'SFO-AP-02' });
    expect(Array.isArray(ap.radios)).toBe(true);
    const radios = await api.get(`${M}/aps/CNRL8VGAYF/radios`);
    expect(radios.count).toBe(ap.radios.length);
    expect((await api.call(`${M}/aps/NOPE`)).status).toBe(404);
  });

  it('serves switch and gateway detail', async () => {
    expect(await api.get(`${M}/switches/SGDF2411V6`)).toMatchObject({ deviceName: 'SFO-SW-02' });
    expect(await api.get(`${M}/gateways/CNHNJ2A5YJ`)).toMatchObject({ deviceName: 'SFO-GW-01' });
  });

  it('filters the inventory by site assignment', async () => {
    const all = await api.get(`${M}/device-inventory`);
    const assigned = await api.get(`${M}/device-inventory?site-assigned=ASSIGNED`);
    const unassigned = await api.get(`${M}/device-inventory?site-assigned=UNASSIGNED`);
    expect(assigned.total + unassigned.total).toBe(all.total);
  });
});

describe('clients', () => {
  it('defaults to connected clients and filters failed ones on request', async () => {
    const connected = await api.get(`${M}/clients?limit=1000`);
    expect(connected.total).toBe(58);
    const failed = await api.get(`${M}/clients?filter=${encodeURIComponent("status eq 'Failed'")}`);
    expect(failed.items.map((c: { clientName: string }) => c.clientName).sort()).toEqual([
      'jsmith-laptop',
      'visitor-iphone',
    ]);
  });

  it('keeps the connected default under other filters until the filter names a status', async () => {
    const site = 'site-id=5563304806&limit=1000';
    const wireless = encodeURIComponent("clientConnectionType eq 'Wireless'");
    const listed = await api.get(`${M}/clients?${site}&filter=${wireless}`);
    expect(listed.total).toBe(25);
    expect(listed.items.every((c: { status: string }) => c.status === 'Connected')).toBe(true);
    const all = encodeURIComponent(
      "clientConnectionType eq 'Wireless' and status in ('Connected', 'Failed')",
    );
    expect((await api.get(`${M}/clients?${site}&filter=${all}`)).total).toBe(27);
  });

  it('scopes by site-id and by the serial of the AP clients are on', async () => {
    const site = await api.get(`${M}/clients?site-id=2459302564&limit=1000`);
    expect(site.items.every((c: { siteId: string }) => c.siteId === '2459302564')).toBe(true);
    const onAp = await api.get(
      `${M}/clients?serial-number=CNRL8VGAYF&filter=${encodeURIComponent("status in ('Connected', 'Failed')")}`,
    );
    expect(
      onAp.items.some((c: { macAddress: string }) => c.macAddress === 'a4:bb:6d:3e:19:c2'),
    ).toBe(true);
  });

  it.each(['a4:bb:6d:3e:19:c2', 'a4%3Abb%3A6d%3A3e%3A19%3Ac2', 'A4BB6D3E19C2'])(
    'finds a client by MAC spelled %s',
    async (mac) => {
      expect(await api.get(`${M}/clients/${mac}`)).toMatchObject({
        clientName: 'jsmith-laptop',
        status: 'Failed',
      });
    },
  );

  it('answers 400 for an out-of-range limit', async () => {
    const res = await api.call(`${M}/clients?limit=1001`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('limit must be between 1 and 1000, got 1001');
  });
});

describe('wlans', () => {
  it('lists WLANs without fixture-internal keys and scopes them by site', async () => {
    const wlans = await api.get(`${M}/wlans`);
    expect(wlans.items.length).toBeGreaterThan(0);
    for (const w of wlans.items) expect(Object.keys(w).some((k) => k.startsWith('_'))).toBe(false);
    expect((await api.get(`${M}/wlans/Corp-Secure`)).wlanName).toBe('Corp-Secure');
    // Corp-Voice is broadcast at SFO-Branch only (story site-wlans)
    const names = async (query: string): Promise<unknown[]> =>
      ((await api.get(`${M}/wlans${query}`)).items as { wlanName: string }[]).map(
        (w) => w.wlanName,
      );
    expect(await names('')).toEqual(['Corp-Secure', 'Corp-Voice', 'Guest', 'IoT']);
    expect(await names('?site-id=2459302564')).toEqual(['Corp-Secure', 'Guest', 'IoT']);
    expect(await names('?site-id=5563304806')).toContain('Corp-Voice');
  });

  it('answers the vendor’s WLAN 404 for an unknown name', async () => {
    const res = await api.call(`${M}/wlans/Nope`);
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe('HPE_GL_NETWORK_MONITORING_WLAN_NOT_FOUND');
  });

  it('answers v1alpha1 the same as v1', async () => {
    expect(await api.get('/network-monitoring/v1alpha1/wlans')).toEqual(
      await api.get(`${M}/wlans`),
    );
  });
});
