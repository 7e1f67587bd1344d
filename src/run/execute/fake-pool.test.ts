import { afterAll, describe, expect, it } from 'vitest';
import { getToken } from '../../../test/helpers/temp-bundle.js';
import { packageRoot } from '../../common/package-root.js';
import { FakePool } from './fake-pool.js';

describe('FakePool', () => {
  const pool = new FakePool(packageRoot(), null);
  afterAll(() => pool.close());

  it('runs the fake with strict query checking, as the live API behaves', async () => {
    const fake = await pool.get('fixtures/central/site-a');
    const token = await getToken(fake.url, fake.credentials);
    const get = (path: string): Promise<Response> =>
      fetch(`${fake.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const rejected = await get('/network-monitoring/v1/aps?limit=5&start=1');
    expect(rejected.status).toBe(400);
    expect(await rejected.json()).toMatchObject({
      errorCode: 'HPE_GL_NETWORKING_ERROR_INVALID_QUERY_PARAMETER',
      message: 'Unknown query parameter: start',
    });
    expect((await get('/network-monitoring/v1/aps?limit=5')).status).toBe(200);
    // Paging parameters are accepted or ignored on list endpoints (fake-central/SPEC.md §9).
    expect((await get('/network-monitoring/v1/switches?limit=5&offset=0')).status).toBe(200);
    // network-config ignores unknown parameters.
    expect((await get('/network-config/v1/sites?limit=5&offset=0&start=1')).status).toBe(200);
    expect(await pool.get('fixtures/central/site-a')).toBe(fake);
  });
});
