import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';

// The high-availability document's config side of campus-b's VSF stack and VSX pair: served by
// the generic config store, agreeing with what the monitoring side shows, and writes checked
// against the document's rules (platform and member sku required, enums, types).
const api = useFakeApi({ fixture: 'campus-b' });
const C = '/network-config/v1alpha1';
const M = '/network-monitoring/v1';

type Row = Record<string, any>;

const one = async (family: string, listKey: string): Promise<Row> => {
  const rows = (await api.get(`${C}/${family}`))[listKey] as Row[];
  expect(rows).toHaveLength(1);
  return rows[0] as Row;
};

describe('stacks, VSF templates and VSX profiles in campus-b', () => {
  it.each([
    ['stacks', 'stack'],
    ['vsf-templates', 'template'],
    ['vsx-profiles', 'vsx'],
  ])('%s lists its object, readable by name', async (family, listKey) => {
    const row = await one(family, listKey);
    expect(await api.get(`${C}/${family}/${encodeURIComponent(row.name)}`)).toEqual(row);
  });

  it('vsx-config holds the primary’s device-level config, naming the profile and the peer', async () => {
    const profile = await one('vsx-profiles', 'vsx');
    // The document's list holds at most one (readVsxConfig: `vsx` maxItems 1).
    const row = await one('vsx-config', 'vsx');
    expect([row.name, row.role, row['intent-name'], row['peer-device-serial']]).toEqual([
      profile.peer1.hostname,
      'VSX_PRIMARY',
      profile.name,
      profile.peer2['device-serial'],
    ]);
    expect(row['system-mac']).toBe(profile['sync-features']['system-mac']);
    expect(`lag${row['inter-switch-link']['interface-lag']}`).toBe(
      (await api.get(`${M}/switches/${profile.peer1['device-serial']}/vsx`)).islPort,
    );
    const { name, ...body } = row;
    const res = await api.call(`${C}/vsx-config/${name}-copy`, { method: 'POST', body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('the stack and its template agree with the monitored stack', async () => {
    const stack = await one('stacks', 'stack');
    const template = await one('vsf-templates', 'template');
    const conductor = stack.members.find((m: Row) => m.id === 1);
    const monitored = (await api.get(`${M}/stack/${conductor.serial}/members`)).items[0] as Row;
    expect(stack['stack-id']).toBe(monitored.id);
    expect(stack['stack-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{8}$/);
    expect(stack.members.map((m: Row) => [m.id, m.serial, m.priority, m.sku])).toEqual(
      monitored.members.map((s: Row) => [
        s.stackMemberId,
        s.serialNumber,
        s.stackMemberPriority,
        s.partNumber,
      ]),
    );
    expect([stack.platform, stack['template-name']]).toEqual(['PLATFORM_6300', template.name]);
    expect(template.members.map((m: Row) => m.sku)).toEqual(stack.members.map((m: Row) => m.sku));
    expect(template['number-of-members']).toBe(stack.members.length);
  });

  it('the VSX profile agrees with each peer’s VSX status', async () => {
    const profile = await one('vsx-profiles', 'vsx');
    for (const [peer, role] of [
      [profile.peer1, 'primary'],
      [profile.peer2, 'secondary'],
    ] as const) {
      const status = await api.get(`${M}/switches/${peer['device-serial']}/vsx`);
      expect(status.role).toBe(role);
      expect(peer['keepalive-device']['source-ip']).toBe(status.keepaliveSourceIp);
      expect(peer['keepalive-device']['peer-ip']).toBe(status.keepalivePeerIp);
      expect(`lag${peer['inter-switch-link']['portchannel-interface']}`).toBe(status.islPort);
      expect(String(profile['sync-features'].keepalive['udp-port'])).toBe(status.keepalivePort);
    }
    const primary = await api.get(`${M}/switches/${profile.peer1['device-serial']}/vsx`);
    expect(primary.vsxPeerSerial).toBe(profile.peer2['device-serial']);
  });

  it.each([
    ['stacks', 'stack'],
    ['vsf-templates', 'template'],
    ['vsx-profiles', 'vsx'],
  ])('%s: the seeded object passes the document’s rules as a write', async (family, listKey) => {
    const { name: _name, ...row } = await one(family, listKey);
    const res = await api.call(`${C}/${family}/copy-1`, { method: 'POST', body: row });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await api.get(`${C}/${family}/copy-1`)).toEqual({ name: 'copy-1', ...row });
  });

  it.each([
    ['stacks', (b: Row) => delete b.platform, /\/platform.*required|required.*platform/i],
    ['stacks', (b: Row) => (b.platform = 'PLATFORM_6300X'), /\/platform/],
    ['stacks', (b: Row) => delete b.members[0].sku, /\/members\/0.*sku|sku.*required/i],
    ['stacks', (b: Row) => (b.members[1].sku = 'JL000A'), /\/members\/1\/sku/],
    ['stacks', (b: Row) => (b.members[0].priority = 256), /\/members\/0\/priority/],
    ['vsf-templates', (b: Row) => (b['number-of-members'] = '2'), /\/number-of-members/],
    ['vsx-profiles', (b: Row) => delete b['auto-role'], /auto-role/],
    ['vsx-profiles', (b: Row) => (b.peer1.role = 'PRIMARY'), /\/peer1\/role/],
  ])(
    '%s: a write breaking a rule is refused and stores nothing (%#)',
    async (family, breakIt, why) => {
      const listKey = { stacks: 'stack', 'vsf-templates': 'template', 'vsx-profiles': 'vsx' }[
        family
      ];
      const { name: _name, ...row } = await one(family, listKey ?? '');
      const body = structuredClone(row);
      breakIt(body);
      const res = await api.call(`${C}/${family}/broken-1`, { method: 'POST', body });
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe('ERR_AP001');
      expect(res.body.message).toMatch(why);
      expect((await api.call(`${C}/${family}/broken-1`)).status).toBe(404);
    },
  );
});
