import { describe, expect, it } from 'vitest';
import { useTempFake } from '../../test/helpers/temp-bundle.js';

const reg = (mac: string, displayName: string, enable: boolean, tags: string[]) => ({
  id: `id-${displayName}`,
  macAddress: mac,
  displayName,
  enable,
  staticTags: tags,
  createdAt: '2026-01-01T00:00:00.000Z',
  modifiedAt: '2026-01-02T00:00:00.000Z',
});
const ctx = useTempFake({
  'cnac-mac-reg.json': [
    reg('aa:00:00:00:00:02', 'cam, lobby', false, ['camera', 'old']),
    reg('aa:00:00:00:00:01', 'printer "2F"', true, ['printer']),
  ],
});
const C = '/network-config/v1alpha1';

async function get(path: string): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(`${ctx.fake.url}${path}`, {
    headers: { authorization: `Bearer ${ctx.token}` },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    text: await res.text(),
  };
}

describe('Central NAC CSV exports', () => {
  it('exports the MAC registrations as text/csv, quoted where needed, sorted like the list', async () => {
    const csv = await get(`${C}/cnac-mac-reg/export?sort=macAddress%20asc`);
    expect(csv.status).toBe(200);
    expect(csv.type).toBe('text/csv; charset=utf-8');
    expect(csv.text.split('\r\n')).toEqual([
      'macAddress,displayName,enable,staticTags,createdAt,modifiedAt',
      'aa:00:00:00:00:01,"printer ""2F""",true,printer,2026-01-01T00:00:00.000Z,2026-01-02T00:00:00.000Z',
      'aa:00:00:00:00:02,"cam, lobby",false,camera;old,2026-01-01T00:00:00.000Z,2026-01-02T00:00:00.000Z',
      '',
    ]);
    const searched = await get(`${C}/cnac-mac-reg/export?search=printer`);
    expect(searched.text.trim().split('\r\n')).toHaveLength(2);
    // The same bytes again (the read is cached), and `export` is never taken for a registration id.
    expect((await get(`${C}/cnac-mac-reg/export?sort=macAddress%20asc`)).text).toBe(csv.text);
    expect(ctx.fake.calls().every((c) => c.unrouted === undefined)).toBe(true);
  });

  it('named MPSK export needs identity-store-id; visitors export a header only', async () => {
    const missing = await get(`${C}/cnac-named-mpsk-reg/export`);
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('identity-store-id is required');
    const mpsk = await get(`${C}/cnac-named-mpsk-reg/export?identity-store-id=s1`);
    expect(mpsk.text).toBe('name,network,userRole,enable,createdAt,modifiedAt\r\n');
    const visitors = await get('/network-config/v1/cnac-visitor/export');
    expect(visitors).toMatchObject({ status: 200, type: 'text/csv; charset=utf-8' });
    expect(visitors.text.startsWith('name,displayName,email')).toBe(true);
  });
});
