import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';

const api = useFakeApi({ fixture: 'site-a' });

type Row = Record<string, any>;

describe('GreenLake platform engine', () => {
  it('audit logs (v1 and v2beta1) are the bundle audits, paged with remainingRecords', async () => {
    const page = await api.get('/audit-log/v2beta1/logs?limit=5');
    expect(page).toMatchObject({ count: 5, offset: 0, remainingRecords: true });
    expect(page.total).toBeGreaterThan(5);
    expect(await api.get('/audit-log/v1/logs?limit=5')).toEqual(page);
    const one = await api.get(`/audit-log/v2beta1/logs/${page.items[0].id}`);
    expect(one).toEqual(page.items[0]);
    const details = await api.get(`/audit-log/v2beta1/logs/${page.items[0].id}/details`);
    expect(details.body).toEqual([page.items[0].description]);
    // HPE's own GreenLake audit-log MCP server asks for `/detail` (SPEC.md §4): an alias.
    expect(await api.get(`/audit-log/v1/logs/${page.items[0].id}/detail`)).toEqual(details);
  });

  it('the service offer, its region and the workspace provision agree with the audit logs', async () => {
    const [log] = (await api.get('/audit-log/v1/logs?limit=1')).items as Row[];
    const S = '/service-catalog/v1beta1';
    const offers = (await api.get(`${S}/service-offers`)).items as Row[];
    expect(offers.map((o) => [o.id, o.name])).toEqual([
      [log?.serviceOffer.id, log?.serviceOffer.name],
    ]);
    expect(await api.get(`${S}/service-offers/${log?.serviceOffer.id}`)).toEqual(offers[0]);
    const managers = (await api.get('/service-catalog/v1/service-managers')).items as Row[];
    expect(offers[0]?.serviceManager.id).toBe(managers[0]?.id);
    const regions = (await api.get(`${S}/service-offer-regions`)).items as Row[];
    expect(regions.map((r) => [r.serviceOfferId, r.region])).toEqual([
      [log?.serviceOffer.id, log?.serviceOffer.region],
    ]);
    expect(await api.get(`${S}/service-offer-regions/${regions[0]?.id}`)).toEqual(regions[0]);
    const provisions = (await api.get(`${S}/service-provisions`)).items as Row[];
    expect(provisions).toHaveLength(1);
    expect(provisions[0]).toMatchObject({
      provisionStatus: 'PROVISIONED',
      region: log?.serviceOffer.region,
      serviceOffer: { id: log?.serviceOffer.id },
      workspace: { id: log?.workspace.id },
    });
    expect(await api.get(`${S}/service-provisions/${provisions[0]?.id}`)).toEqual(provisions[0]);
    expect((await api.call(`${S}/service-provisions/${log?.workspace.id}`)).status).toBe(404);
  });

  it('role assignments name every user; scope groups are the sites; tags count the devices', async () => {
    const users = (await api.get('/identity/v1/users')).items as Row[];
    const roles = (await api.get('/authorization/v1beta1/role-assignments')).items as Row[];
    expect(roles.map((r) => r.principalMetadata.id).sort()).toEqual(users.map((u) => u.id).sort());
    const groups = (await api.get('/authorization/v1beta1/scope-groups')).items as Row[];
    const sites = (await api.get('/network-config/v1/sites')).items as Row[];
    expect(groups.map((g) => g.name).sort()).toEqual(sites.map((s) => s.scopeName).sort());
    const scopes = await api.get(`/authorization/v1beta1/scope-groups/${groups[0]?.id}/scopes`);
    expect(scopes.count).toBe(1);
    const tags = (await api.get('/tags/v1/tags')).items as Row[];
    const devices = (await api.get('/devices/v1/devices?limit=100')).items as Row[];
    const site = tags.find((t) => t.key === 'site');
    expect(site?.resourceCount).toBe(devices.filter((d) => d.tags?.site === site?.value).length);
  });

  it('service catalogue: the Central service manager the devices are assigned to', async () => {
    const devices = (await api.get('/devices/v1/devices?limit=1')).items as Row[];
    const managers = (await api.get('/service-catalog/v1/service-managers')).items as Row[];
    expect(managers.map((m) => m.id)).toEqual([devices[0]?.application.id]);
    const contact = await api.get(
      `/workspaces/v1/workspaces/${api.fake.credentials.workspaceId}/contact`,
    );
    expect(contact.address.city).toBeTruthy();
    expect(
      (await api.call('/wellness/v2/events/00000000-0000-4000-8000-00000000dead')).status,
    ).toBe(404);
    expect(api.fake.calls().at(-1)?.unrouted).toBeUndefined();
  });
});
