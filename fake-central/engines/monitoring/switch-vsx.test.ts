import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';

const api = useFakeApi({ fixture: 'campus-b' });
const M = '/network-monitoring/v1';

type Row = Record<string, any>;

const allSwitches = async (): Promise<Row[]> =>
  (await api.get(`${M}/switches?limit=1000`)).items as Row[];

describe('VSX (campus-b’s core pair)', () => {
  it('answers each peer with its role and the other peer, and the two answers mirror', async () => {
    const switches = await allSwitches();
    const core = switches.filter((s) => s.deviceFunction === 'Core Switch');
    expect(core.map((s) => [s.deviceName, s.model, s.status]).sort()).toEqual([
      ['CB15-CORE-01', '8360', 'Online'],
      ['CB15-CORE-02', '8360', 'Online'],
    ]);
    const [a, b] = core.sort((x, y) => String(x.deviceName).localeCompare(y.deviceName));
    const va = await api.get(`${M}/switches/${a?.serialNumber}/vsx`);
    const vb = await api.get(`${M}/switches/${b?.serialNumber}/vsx`);
    expect(va).toMatchObject({
      role: 'primary',
      peerRole: 'secondary',
      vsxPeerSerial: b?.serialNumber,
      vsxPeerName: 'CB15-CORE-02',
      vsxPeerSiteId: a?.siteId,
      mac: a?.macAddress,
      peerMac: b?.macAddress,
      keepaliveStatus: 'established',
      configSyncStateValue: 'synchronized',
      vsxHealth: { health: 'ok' },
    });
    expect(vb).toMatchObject({
      role: 'secondary',
      peerRole: 'primary',
      vsxPeerSerial: a?.serialNumber,
    });
    // Each side's keepalive source is the other's peer address, and both use the same ISL.
    expect([va.keepaliveSourceIp, va.keepalivePeerIp]).toEqual([
      vb.keepalivePeerIp,
      vb.keepaliveSourceIp,
    ]);
    expect(va.islPort).toBe(vb.peerIslPort);
    expect(a?.siteId).toBe(b?.siteId);
  });

  it('answers {} for a switch without VSX, 404 for an offline switch and for an unknown serial', async () => {
    const switches = await allSwitches();
    const access = switches.find(
      (s) => s.deviceFunction !== 'Core Switch' && s.status === 'Online',
    );
    expect(await api.get(`${M}/switches/${access?.serialNumber}/vsx`)).toEqual({});
    const offline = switches.find((s) => s.status === 'Offline');
    const down = await api.call(`${M}/switches/${offline?.serialNumber}/vsx`);
    expect([down.status, down.body.errorCode, down.body.message]).toEqual([
      404,
      'HPE_GL_ERROR_RESOURCE_NOT_FOUND',
      'Device is offline',
    ]);
    const unknown = await api.call(`${M}/switches/SGNOSUCH01/vsx`);
    expect([unknown.status, unknown.body.message]).toEqual([
      404,
      'Switch with serial number SGNOSUCH01 not found',
    ]);
  });

  it('counts the pair with the campus switches, in sync, on the recommended release', async () => {
    const switches = await allSwitches();
    expect(switches).toHaveLength(380);
    const firmware = (
      await api.get(
        '/network-services/v1/firmware-details?limit=1000&filter=' +
          encodeURIComponent("deviceName eq 'CB15-CORE-01'"),
      )
    ).items as Row[];
    expect(firmware.map((f) => [f.firmwareVersion, f.recommendedVersion])).toEqual([
      ['10.15.1010', '10.15.1010'],
    ]);
  });
});
