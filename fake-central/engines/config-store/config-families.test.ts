import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';

// The config families a branch has beyond WLANs, VLANs and roles: each answers objects in
// site-a, and the objects name one another and the monitoring world consistently.
const api = useFakeApi({ fixture: 'site-a' });
const C = '/network-config/v1alpha1';

type Row = Record<string, any>;
const names = (rows: Row[], key = 'name') => rows.map((r) => r[key] as string).sort();

describe('config families with objects in site-a', () => {
  it.each([
    ['passpoint', 'profile', 'name'],
    ['passpoint-identity', 'profile', 'name'],
    ['devicefingerprinting', 'profile', 'name'],
    ['devicefingerprinting-profile', 'profile', 'name'],
    ['role-acls', 'acl', 'name'],
    ['policies', 'policy', 'name'],
    ['overlay-wlan', 'ssid-cluster', 'profile'],
    ['mpsk-local', 'profile', 'name'],
    ['server-groups', 'server-group', 'name'],
    ['aaa-profile', 'profile', 'name'],
  ])('%s lists objects, each readable by its key', async (family, listKey, keyField) => {
    const rows = (await api.get(`${C}/${family}`))[listKey] as Row[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(await api.get(`${C}/${family}/${encodeURIComponent(row[keyField])}`)).toEqual(row);
    }
  });

  it('name one another and the world: servers, groups, roles, WLANs, gateway clusters', async () => {
    const servers = names((await api.get(`${C}/auth-servers`))['auth-server']);
    const [group] = (await api.get(`${C}/server-groups`))['server-group'] as Row[];
    expect(names(group?.servers ?? [], 'server-name')).toEqual(servers);
    for (const aaa of (await api.get(`${C}/aaa-profile`)).profile as Row[])
      expect(aaa['acct-server-group']).toBe(group?.name);

    const roles = names((await api.get(`${C}/roles`)).role);
    const acls = (await api.get(`${C}/role-acls`)).acl as Row[];
    expect(
      [...new Set(acls.flatMap((a) => a.rules.map((r: Row) => r['src-role'])))].sort(),
    ).toEqual(roles);
    expect(names((await api.get(`${C}/policies`)).policy)).toEqual(roles.map((r) => `${r}-policy`));
    const [mpsk] = (await api.get(`${C}/mpsk-local`)).profile as Row[];
    for (const key of mpsk?.['passphrase-list'] ?? []) expect(roles).toContain(key.role);

    const ssids = names((await api.get(`${C}/wlan-ssids`))['wlan-ssid'], 'ssid');
    const [overlay] = (await api.get(`${C}/overlay-wlan`))['ssid-cluster'] as Row[];
    expect(ssids).toContain(overlay?.['essid-name']);
    const gateways = (await api.get('/network-monitoring/v1/gateways')).items as Row[];
    expect((overlay?.['gw-cluster-list'] as Row[]).map((c) => c.cluster).sort()).toEqual(
      [...new Set(gateways.map((g) => g.clusterName as string))].sort(),
    );
    const [passpoint] = (await api.get(`${C}/passpoint`)).profile as Row[];
    expect(names((await api.get(`${C}/passpoint-identity`)).profile)).toEqual(
      passpoint?.['identity-profile'],
    );
  });
});
